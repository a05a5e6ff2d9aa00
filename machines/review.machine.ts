import { msg } from '@lingui/core/macro';
import type { ReviewBody } from '../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

/** docs/behaviour.md#review: the four emoji map, in order, to the ratings 1 to 4. */
export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

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
