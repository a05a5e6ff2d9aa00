import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ReviewRating } from '../../contract/answer-rules.ts';
import { reviewMachine } from '../../machines/dialogs/review.machine.ts';
import type { SubmissionInput } from '../../machines/dialogs/submission.ts';
import ReviewModal from '../../src/views/actions/modals/ReviewModal.tsx';
import { modalDialog } from '../app/action-modal-harness.tsx';
import { describeAnswerSubmissionModal, identityBody } from '../app/answer-submission-model.tsx';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const ACTION = makeAction({ actId: 7, actType: 'REVIEW', aadName: 'Votre avis', aadDescription: 'Dites-nous tout.' });
const END_DATE = '2026-11-24';
const INPUT: SubmissionInput = { actId: 7, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: END_DATE };

/**
 * docs/behaviour.md#review: the emoji order maps to ratings 1 to 4; the level is each button's name (the emoji is
 * hidden).
 */
const LABELS = ['Pas satisfait', 'Neutre', "J'encourage", 'Ça compte pour moi'];
const levelButtons = () => LABELS.map((name) => within(modalDialog('review')).getByRole('button', { name }));

describeAnswerSubmissionModal<ReviewRating>('review machine drives the review modal', {
  machine: reviewMachine,
  scope: 'review',
  input: INPUT,
  type: 'REVIEW',
  answers: [3, 1],
  render: (flow) => <ReviewModal action={ACTION} flow={flow} onClose={vi.fn()} />,
  submit: async (user, rating) => user.click(levelButtons()[rating - 1] as HTMLElement),
  bodyOf: (rating) => ({ ...identityBody(INPUT), rating, endDate: END_DATE }),
  failureText: "Erreur lors de l'envoi de l'évaluation.",
  expectChoosing: (snapshot) => {
    const dialog = modalDialog('review');
    expect(within(dialog).getByRole('heading', { name: 'Votre avis' })).toBeInTheDocument();
    expect(within(dialog).getByText('Dites-nous tout.')).toBeInTheDocument();
    expect(within(dialog).getByText('+15 GreenMiles')).toBeInTheDocument();
    for (const [index, button] of levelButtons().entries()) {
      expect(button).toBeEnabled();
      expect(button).toHaveAttribute('aria-pressed', String(snapshot.context.answer === index + 1));
      expect(button.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/\p{Extended_Pictographic}/u);
    }
  },
  expectBusy: (snapshot) => {
    for (const [index, button] of levelButtons().entries()) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-pressed', String(snapshot.context.answer === index + 1));
    }
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  },
});
