import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorCodeOf, isNetworkFailure } from '../contract/errors.ts';

/** docs/behaviour.md#error-texts: a call that never reached the server, or whose reply never came back. */
export const NETWORK_FAILURE = msg`Connexion impossible. Vérifiez votre connexion, puis réessayez.`;

/** docs/behaviour.md#error-texts: the stay ended since the page was opened; nothing can be sent to it any more. */
export const STAY_FINISHED = msg`Votre séjour est terminé : il ne peut plus être modifié.`;

/**
 * The guest's text of a failed call, chosen by its code (never its message: a library's or a server's text would
 * reach the guest in the wrong language): the network failure, the finished stay, else the flow's own `otherwise`.
 */
export function failureTextOf(error: unknown, otherwise: MessageDescriptor): MessageDescriptor {
  if (isNetworkFailure(error)) return NETWORK_FAILURE;
  if (errorCodeOf(error) === 'stay_finished') return STAY_FINISHED;
  return otherwise;
}
