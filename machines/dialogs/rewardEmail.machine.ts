import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type ErrorActorEvent, setup } from 'xstate';
import type { EmailRewardReply } from '../../contract/schemas.ts';
import { viewProvidedActor } from '../viewProvided.ts';

/**
 * Sending a claimed reward by e-mail and sharing it (docs/behaviour.md#e-mail-and-sharing), two independent regions:
 * email: closed ─email.open▶ editing ─email.submit (valid address)▶ sending ▶ sent | editing with an error;
 * share: idle ─reward.share▶ sharing (navigator.share) ▶ idle, only where the browser has Web Share;
 * e-mail is offered only where the hotel's server sends it (`canEmail`).
 */

export interface RewardEmailInput {
  sUUID: string;
  profileUUID: string;
  rwId: number;
  language: string;
  /** Whether the browser has the Web Share API (the view reads `navigator.share`): 'Partager' shows only then. */
  canShare: boolean;
  /** Whether the hotel's server sends e-mail: 'Envoyer par e-mail' shows only then (issue 15). */
  canEmail: boolean;
  /** What a share sends: the reward's name and, for a code, the code. */
  shareData: ShareContent;
}

export interface ShareContent {
  title: string;
  text: string;
}

export interface RewardEmailContext extends RewardEmailInput {
  email: string;
  /** The address was submitted while invalid (the field shows its validation message). */
  invalid: boolean;
  error: MessageDescriptor | null;
}

export type RewardEmailEvent =
  | { type: 'email.open' }
  | { type: 'email.change'; value: string }
  | { type: 'email.submit' }
  | { type: 'reward.share' };

export interface EmailSendInput {
  sUUID: string;
  profileUUID: string;
  rwId: number;
  email: string;
  language: string;
}

export const emailSendError = msg`Erreur lors de l'envoi de la récompense par e-mail`;
export const emailUnavailableError = msg`L'envoi par e-mail n'est pas disponible dans cet hôtel.`;
export const emailRateLimitedError = msg`Trop d'envois, réessayez plus tard`;

/** A plausible address: something@domain.tld, no spaces (the server validates it again). */
export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * The message of a failed send: mail not configured in the hotel, rate limit (429), anything else (the mail server
 * away answers 503 too, but the guest may try again: the generic send error).
 */
export function emailErrorOf(error: unknown): MessageDescriptor {
  const { status, code } = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    code?: unknown;
  };
  if (code === 'mail_not_configured') return emailUnavailableError;
  if (status === 429) return emailRateLimitedError;
  return emailSendError;
}

export const rewardEmailMachine = setup({
  types: {
    input: {} as RewardEmailInput,
    context: {} as RewardEmailContext,
    events: {} as RewardEmailEvent,
  },
  actors: {
    emailReward: viewProvidedActor<EmailRewardReply, EmailSendInput>('emailReward'),
    shareReward: viewProvidedActor<void, ShareContent>('shareReward'),
  },
  actions: {
    storeEmail: assign({ email: (_, value: string) => value, invalid: false }),
    markInvalid: assign({ invalid: true, error: null }),
    clearError: assign({ error: null, invalid: false }),
    storeSendError: assign({ error: (_, error: unknown) => emailErrorOf(error) }),
  },
  guards: {
    validEmail: ({ context }) => isEmailAddress(context.email),
    canShare: ({ context }) => context.canShare,
    canEmail: ({ context }) => context.canEmail,
  },
}).createMachine({
  id: 'rewardEmail',
  context: ({ input }) => ({ ...input, email: '', invalid: false, error: null }),
  type: 'parallel',
  states: {
    email: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'email.open': { guard: 'canEmail', target: 'editing' } },
        },
        editing: {
          on: {
            'email.change': { actions: { type: 'storeEmail', params: ({ event }) => event.value } },
            'email.submit': [
              { guard: 'validEmail', target: 'sending', actions: 'clearError' },
              { actions: 'markInvalid' },
            ],
          },
        },
        sending: {
          tags: ['submitting'],
          invoke: {
            id: 'emailReward',
            src: 'emailReward',
            input: ({ context }) => ({
              sUUID: context.sUUID,
              profileUUID: context.profileUUID,
              rwId: context.rwId,
              email: context.email.trim(),
              language: context.language,
            }),
            onDone: 'sent',
            onError: {
              target: 'editing',
              actions: { type: 'storeSendError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        sent: {
          on: { 'email.open': { guard: 'canEmail', target: 'editing' } },
        },
      },
    },
    share: {
      initial: 'idle',
      states: {
        idle: {
          // Offered only with Web Share (issue 15: 'Partager' said afterwards that sharing was not supported).
          on: { 'reward.share': { guard: 'canShare', target: 'sharing' } },
        },
        sharing: {
          // A cancelled share sheet rejects too: nothing to report.
          invoke: {
            id: 'shareReward',
            src: 'shareReward',
            input: ({ context }) => context.shareData,
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
  },
});
