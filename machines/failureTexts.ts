import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ErrorCode, errorCodeOf, isNetworkFailure } from '../contract/errors.ts';

/** docs/behaviour.md#error-texts: a call that never reached the server, or whose reply never came back. */
export const NETWORK_FAILURE = msg`Connexion impossible. Vérifiez votre connexion, puis réessayez.`;

/** docs/behaviour.md#error-texts: the stay ended since the page was opened; nothing can be sent to it any more. */
export const STAY_FINISHED = msg`Votre séjour est terminé : il ne peut plus être modifié.`;

/**
 * docs/behaviour.md#caps, #rate-limits and #reward-claims: the refusals of the hotel's caps and the server's rate
 * limits, and a reward past its validity date.
 */
export const CAP_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  room_claim_limit: msg`Cette récompense a déjà été réclamée pour votre chambre cette nuit. Réessayez demain.`,
  pool_daily_limit: msg`Plus aucun code n'est disponible aujourd'hui pour cette récompense. Réessayez demain.`,
  too_many_answer_changes: msg`Vous avez modifié cette réponse trop souvent cette nuit. Réessayez demain.`,
  room_mismatch: msg`Le ménage ne peut être modifié que pour votre propre chambre.`,
  stay_creation_rate_limited: msg`Trop de séjours ouverts depuis ce réseau en une minute. Réessayez dans un instant.`,
  submission_rate_limited: msg`Trop d'envois en une minute. Patientez un instant, puis réessayez.`,
  reward_expired: msg`Cette récompense a expiré : elle ne peut plus être débloquée.`,
};

/**
 * The guest's text of a failed call, chosen by its code (never its message: a library's or a server's text would
 * reach the guest in the wrong language): the network failure, the finished stay, a cap's refusal, else the flow's own
 * `otherwise`.
 */
export function failureTextOf(error: unknown, otherwise: MessageDescriptor): MessageDescriptor {
  if (isNetworkFailure(error)) return NETWORK_FAILURE;
  const code = errorCodeOf(error);
  if (code === 'stay_finished') return STAY_FINISHED;
  return CAP_TEXTS[code as ErrorCode] ?? otherwise;
}
