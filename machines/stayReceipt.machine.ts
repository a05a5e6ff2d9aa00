import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type DoneActorEvent, type ErrorActorEvent, setup } from 'xstate';
import type { ReceiptEmailReply, StayReceiptReply } from '../contract/schemas.ts';
import { emailErrorOf, emailSendError, isEmailAddress } from './dialogs/rewardEmail.machine.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The stay's impact receipt on the finished page (docs/behaviour.md#receipt):
 * loading ▶ shown | failed ─receipt.retry▶ loading; once shown, the e-mail form:
 * closed ─email.open▶ editing ─email.submit (valid address)▶ sending ▶ sent | editing with the error.
 * The PDF is a plain link; printing is the browser's.
 */

export interface StayReceiptInput {
  sUUID: string;
  profileUUID: string;
  /** The interface language: the receipt's names and the e-mail come in it. */
  language: string;
}

export interface StayReceiptContext extends StayReceiptInput {
  receipt: StayReceiptReply | null;
  email: string;
  /** The address was submitted while invalid (the field shows its validation message). */
  invalid: boolean;
  error: MessageDescriptor | null;
}

export type StayReceiptEvent =
  | { type: 'receipt.retry' }
  | { type: 'email.open' }
  | { type: 'email.change'; value: string }
  | { type: 'email.submit' };

export interface ReceiptEmailInput extends StayReceiptInput {
  email: string;
}

export const receiptSendError = msg`Le reçu n'a pas pu être envoyé, réessayez dans un instant.`;

/** As a reward e-mail's failures (not configured, rate limit), with the receipt's own words for the rest. */
export function receiptEmailErrorOf(error: unknown): MessageDescriptor {
  const message = emailErrorOf(error);
  return message === emailSendError ? receiptSendError : message;
}

export const stayReceiptMachine = setup({
  types: {
    input: {} as StayReceiptInput,
    context: {} as StayReceiptContext,
    events: {} as StayReceiptEvent,
  },
  actors: {
    loadReceipt: viewProvidedActor<StayReceiptReply, StayReceiptInput>('loadReceipt'),
    emailReceipt: viewProvidedActor<ReceiptEmailReply, ReceiptEmailInput>('emailReceipt'),
  },
  actions: {
    storeReceipt: assign({ receipt: (_, receipt: StayReceiptReply) => receipt }),
    storeEmail: assign({ email: (_, value: string) => value, invalid: false }),
    markInvalid: assign({ invalid: true, error: null }),
    clearError: assign({ error: null, invalid: false }),
    storeSendError: assign({ error: (_, error: unknown) => receiptEmailErrorOf(error) }),
  },
  guards: {
    validEmail: ({ context }) => isEmailAddress(context.email),
  },
}).createMachine({
  id: 'stayReceipt',
  context: ({ input }) => ({ ...input, receipt: null, email: '', invalid: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({
          sUUID: context.sUUID,
          profileUUID: context.profileUUID,
          language: context.language,
        }),
        onDone: {
          target: 'shown',
          actions: {
            type: 'storeReceipt',
            params: ({ event }: { event: DoneActorEvent<StayReceiptReply> }) => event.output,
          },
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'receipt.retry': 'loading' },
    },
    shown: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'email.open': 'editing' },
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
            id: 'emailReceipt',
            src: 'emailReceipt',
            input: ({ context }) => ({
              sUUID: context.sUUID,
              profileUUID: context.profileUUID,
              language: context.language,
              email: context.email.trim(),
            }),
            onDone: 'sent',
            onError: {
              target: 'editing',
              actions: { type: 'storeSendError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        sent: {
          on: { 'email.open': 'editing' },
        },
      },
    },
  },
});
