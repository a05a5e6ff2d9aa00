import { setup } from 'xstate';

/**
 * docs/behaviour.md#welcome-popup: the welcome popup appears once per device, when the actions have loaded. The stay page's root
 * machine tells it the actions loaded and stores the `welcomeShown` flag when it opens.
 */
export interface WelcomePopupInput {
  /** Whether the browser storage already holds the `welcomeShown` flag. */
  alreadyShown: boolean;
}

export type WelcomePopupEvent = { type: 'actions.loaded' } | { type: 'welcome.close' };

export const welcomePopupMachine = setup({
  types: {
    input: {} as WelcomePopupInput,
    context: {} as WelcomePopupInput,
    events: {} as WelcomePopupEvent,
  },
  guards: {
    wasShownBefore: ({ context }) => context.alreadyShown,
  },
}).createMachine({
  id: 'welcomePopup',
  context: ({ input }) => input,
  initial: 'waitingForActions',
  states: {
    waitingForActions: {
      always: { guard: 'wasShownBefore', target: 'dismissed' },
      on: { 'actions.loaded': 'open' },
    },
    open: {
      on: { 'welcome.close': 'dismissed' },
    },
    // Not final: the popup stays addressable while the page lives (later list loads are ignored here).
    dismissed: {},
  },
});
