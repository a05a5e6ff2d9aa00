import { within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { customMachine } from '../../machines/dialogs/custom.machine.ts';
import type { SubmissionInput } from '../../machines/dialogs/submission.ts';
import CustomModal from '../../src/views/actions/modals/CustomModal.tsx';
import { modalDialog } from '../app/action-modal-harness.tsx';
import { describeAnswerSubmissionModal, identityBody } from '../app/answer-submission-model.tsx';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

/** Options given out of order: the modal lists them by position. */
const ACTION = makeAction({
  actId: 12,
  actType: 'CUSTOM',
  aadName: 'Votre geste préféré',
  aadQuestion: 'Quel geste vous tient le plus à cœur ?',
  actReward: 0,
  options: [
    { caoId: 31, caodLabel: 'Trier mes déchets', caoPictureURL: '/tri.jpg', position: 2 },
    { caoId: 30, caodLabel: 'Éteindre la lumière', caoPictureURL: null, position: 1 },
    { caoId: 32, caodLabel: 'Marcher', caoPictureURL: null, position: 3 },
  ],
});
const INPUT: SubmissionInput = { actId: 12, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null };
const LABEL_OF: Record<number, string> = { 30: 'Éteindre la lumière', 31: 'Trier mes déchets', 32: 'Marcher' };

const optionButtons = () =>
  within(within(modalDialog('custom')).getByRole('list', { name: 'Options' })).getAllByRole('button');

function expectOptions(chosen: number | null, enabled: boolean) {
  const buttons = optionButtons();
  expect(buttons.map((button) => button.textContent)).toEqual(['Éteindre la lumière', 'Trier mes déchets', 'Marcher']);
  for (const [index, caoId] of [30, 31, 32].entries()) {
    const button = buttons[index] as HTMLElement;
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-pressed', String(chosen === caoId));
  }
}

describeAnswerSubmissionModal<number>('custom machine drives the custom modal', {
  machine: customMachine,
  scope: 'custom',
  input: INPUT,
  type: 'CUSTOM',
  answers: [31, 32],
  render: (flow) => <CustomModal action={ACTION} flow={flow} onClose={vi.fn()} />,
  submit: async (user, caoId) =>
    user.click(within(modalDialog('custom')).getByRole('button', { name: LABEL_OF[caoId] })),
  bodyOf: (caoId) => ({ ...identityBody(INPUT), optionValue: caoId }),
  failureText: "Erreur lors de l'envoi de la réponse.",
  expectChoosing: (snapshot) => {
    const dialog = modalDialog('custom');
    expect(within(dialog).getByRole('heading', { name: 'Votre geste préféré' })).toBeInTheDocument();
    expect(within(dialog).getByText('Quel geste vous tient le plus à cœur ?')).toBeInTheDocument();
    // docs/behaviour.md#action-card: a reward of 0 shows a simple text instead of the badge.
    expect(within(dialog).getByText('Sans GreenMiles')).toBeInTheDocument();
    expectOptions(snapshot.context.answer, true);
  },
  expectBusy: (snapshot) => expectOptions(snapshot.context.answer, false),
});
