import { within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { lunishowerMachine } from '../../machines/lunishower.machine.ts';
import type { SubmissionInput } from '../../machines/submission.ts';
import LunishowerModal from '../../src/views/actions/modals/LunishowerModal.tsx';
import { modalDialog } from '../app/action-modal-harness.tsx';
import { describeAnswerSubmissionModal, identityBody } from '../app/answer-submission-model.tsx';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const ACTION = makeAction({ actId: 3, actType: 'LUNISHOWER', aadName: 'Douche courte', actReward: 20 });
const END_DATE = '2026-11-23';
const INPUT: SubmissionInput = { actId: 3, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: END_DATE };

const answerButton = (respected: boolean) =>
  within(modalDialog('lunishower')).getByRole('button', { name: respected ? 'Oui' : 'Non' });

function expectAnswers(chosen: boolean | null, enabled: boolean) {
  const group = within(modalDialog('lunishower')).getByRole('group', {
    name: "Avez-vous respecté l'objectif de douche courte ?",
  });
  expect(group).toBeInTheDocument();
  for (const respected of [true, false]) {
    if (enabled) expect(answerButton(respected)).toBeEnabled();
    else expect(answerButton(respected)).toBeDisabled();
    expect(answerButton(respected)).toHaveAttribute('aria-pressed', String(chosen === respected));
  }
}

describeAnswerSubmissionModal<boolean>('lunishower machine drives the Lunishower modal', {
  machine: lunishowerMachine,
  scope: 'lunishower',
  input: INPUT,
  type: 'LUNISHOWER',
  answers: [true, false],
  render: (flow) => <LunishowerModal action={ACTION} flow={flow} onClose={vi.fn()} />,
  submit: async (user, respected) => user.click(answerButton(respected)),
  bodyOf: (objectiveRespected) => ({ ...identityBody(INPUT), objectiveRespected, endDate: END_DATE }),
  failureText: "Erreur lors de l'action LuniShower",
  expectChoosing: (snapshot) => {
    expect(within(modalDialog('lunishower')).getByText('+20 GreenMiles')).toBeInTheDocument();
    expectAnswers(snapshot.context.answer, true);
  },
  expectBusy: (snapshot) => expectAnswers(snapshot.context.answer, false),
});
