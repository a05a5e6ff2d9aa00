import { setup } from 'xstate';

/** SPEC.md §4: the welcome popup appears once per device, when the actions have loaded. */
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
  actions: {
    // Storage effect, provided by the view.
    rememberShown: () => {},
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
      entry: 'rememberShown',
      on: { 'welcome.close': 'dismissed' },
    },
    dismissed: { type: 'final' },
  },
});
