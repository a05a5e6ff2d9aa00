import { msg } from '@lingui/core/macro';
import type { CustomBody } from '../../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

function customBody(input: SubmissionInput, caoId: number): CustomBody {
  return { ...identityOf(input), optionValue: caoId };
}

/** Custom (docs/behaviour.md#custom): open, list the options, pick one to submit (its caoId). */
export const customMachine = createAnswerSubmissionMachine({
  id: 'custom',
  type: 'CUSTOM',
  bodyOf: customBody,
  failure: msg`Erreur lors de l'envoi de la réponse.`,
});
