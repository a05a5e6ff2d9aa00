import { msg } from '@lingui/core/macro';
import type { CustomBody, CustomOption } from '../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

/** The options in the hotel's order (their position; docs/behaviour.md#custom). */
export function optionsInOrder(options: readonly CustomOption[]): CustomOption[] {
  return [...options].sort((a, b) => a.position - b.position);
}

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
