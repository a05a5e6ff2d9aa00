import { msg } from '@lingui/core/macro';
import type { ReviewRating } from '../../contract/answer-rules.ts';
import type { ReviewBody } from '../../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

function reviewBody(input: SubmissionInput, rating: ReviewRating): ReviewBody {
  return { ...identityOf(input), rating, endDate: input.endDate };
}

/** Review (docs/behaviour.md#review): open, pick an emoji, submit. */
export const reviewMachine = createAnswerSubmissionMachine({
  id: 'review',
  type: 'REVIEW',
  bodyOf: reviewBody,
  failure: msg`Erreur lors de l'envoi de l'évaluation.`,
});
