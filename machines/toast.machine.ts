import { assign, setup } from 'xstate';

/**
 * What a toast says; views turn it into text (machines hold no display text). A submission's toast carries the
 * server's already translated message.
 */
export type ToastContent =
  | { kind: 'proofSuccess'; points: number }
  | { kind: 'submission'; message: string; points: number };

export interface ToastContext {
  content: ToastContent | null;
}

export type ToastEvent = { type: 'toast.show'; content: ToastContent } | { type: 'toast.dismiss' };

/** A success toast at the top of the actions page: shown, then hidden after the 3000 ms of docs/behaviour.md#timings. */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  delays: {
    toastAutoHide: 3000,
  },
  actions: {
    storeContent: assign({ content: (_, content: ToastContent) => content }),
    clearContent: assign({ content: null }),
  },
}).createMachine({
  id: 'toast',
  context: { content: null },
  initial: 'hidden',
  on: {
    // A new toast replaces the one on screen and restarts its timer.
    'toast.show': {
      target: '.visible',
      reenter: true,
      actions: { type: 'storeContent', params: ({ event }) => event.content },
    },
  },
  states: {
    hidden: {
      entry: 'clearContent',
    },
    visible: {
      after: { toastAutoHide: 'hidden' },
      on: { 'toast.dismiss': 'hidden' },
    },
  },
});
