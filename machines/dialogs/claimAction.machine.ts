import { msg } from '@lingui/core/macro';
import type { ClaimActionBody } from '../../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

function claimBody(input: SubmissionInput): ClaimActionBody {
  return identityOf(input);
}

/** Claim (docs/behaviour.md#claim): the claim dialog's button sends the claim; `submitting` is the claiming state. */
export const claimActionMachine = createAnswerSubmissionMachine<null, 'CLAIM'>({
  id: 'claimAction',
  type: 'CLAIM',
  bodyOf: claimBody,
  failure: msg`Erreur lors de la réclamation de l'action.`,
});
