import { msg } from '@lingui/core/macro';
import type { LunishowerBody } from '../contract/schemas.ts';
import { createAnswerSubmissionMachine, identityOf, type SubmissionInput } from './submission.ts';

function lunishowerBody(input: SubmissionInput, objectiveRespected: boolean): LunishowerBody {
  return { ...identityOf(input), objectiveRespected, endDate: input.endDate };
}

/**
 * Lunishower (docs/behaviour.md#short-shower): yes or no to the short-shower objective; the server gives no points for
 * a no.
 */
export const lunishowerMachine = createAnswerSubmissionMachine({
  id: 'lunishower',
  type: 'LUNISHOWER',
  bodyOf: lunishowerBody,
  failure: msg`Erreur lors de l'action LuniShower`,
});
