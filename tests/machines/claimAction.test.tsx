import { within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { claimActionMachine } from '../../machines/dialogs/claimAction.machine.ts';
import type { SubmissionInput } from '../../machines/dialogs/submission.ts';
import ClaimModal from '../../src/views/actions/modals/ClaimModal.tsx';
import { modalDialog } from '../app/action-modal-harness.tsx';
import { describeAnswerSubmissionModal, identityBody } from '../app/answer-submission-model.tsx';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const ACTION = makeAction({
  actId: 9,
  actType: 'CLAIM',
  aadName: 'Serviette réutilisée',
  aadDescription: 'Réclamez vos points après avoir réutilisé votre serviette.',
  actReward: 10,
});
const INPUT: SubmissionInput = { actId: 9, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null };

describeAnswerSubmissionModal<null>('claimAction machine drives the claim dialog', {
  machine: claimActionMachine,
  scope: 'claim',
  input: INPUT,
  type: 'CLAIM',
  answers: [null],
  render: (flow) => <ClaimModal action={ACTION} flow={flow} onClose={vi.fn()} />,
  submit: async (user) => user.click(within(modalDialog('claim')).getByRole('button', { name: 'Réclamer' })),
  bodyOf: () => identityBody(INPUT),
  failureText: "Erreur lors de la réclamation de l'action.",
  sendingText: 'Réclamation en cours…',
  expectChoosing: () => {
    const dialog = modalDialog('claim');
    expect(dialog).toHaveAttribute('data-variant', 'sheet');
    expect(within(dialog).getByRole('heading', { name: 'Serviette réutilisée' })).toBeInTheDocument();
    expect(within(dialog).getByText('Réclamez vos points après avoir réutilisé votre serviette.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Réclamer' })).toBeEnabled();
  },
  expectBusy: () => {
    expect(within(modalDialog('claim')).queryByRole('button', { name: 'Réclamer' })).toBeNull();
  },
});
