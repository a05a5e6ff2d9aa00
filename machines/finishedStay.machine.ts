import { assign, setup } from 'xstate';
import type { Stay } from '../contract/schemas.ts';
import { isStayFinished, type LoadStayInput } from './staySession.machine.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The stay-finished page (docs/behaviour.md#finished-stay): checks that the stay has really ended, then thanks the
 * guest and forgets the stored stay; an active stay goes back to its page, a failed check goes to the welcome page.
 */

export interface FinishedStayInput {
  sUUID: string;
  /** The guest identity from browser storage; null when this device never created a profile. */
  profileUUID: string | null;
}

export interface FinishedStayContext extends FinishedStayInput {
  stay: Stay | null;
}

export const finishedStayMachine = setup({
  types: {
    input: {} as FinishedStayInput,
    context: {} as FinishedStayContext,
  },
  actors: {
    loadStay: viewProvidedActor<Stay, LoadStayInput>('loadStay'),
  },
  guards: {
    hasProfile: ({ context }) => context.profileUUID !== null && context.profileUUID !== '',
    isStayFinished: (_, stay: Stay) => isStayFinished(stay),
  },
  actions: {
    storeStay: assign({ stay: (_, stay: Stay) => stay }),
    // Browser effects, provided by the view (navigation, storage).
    forgetStay: viewProvidedAction('forgetStay'),
    goToStay: viewProvidedAction('goToStay'),
    goHome: viewProvidedAction('goHome'),
  },
}).createMachine({
  id: 'finishedStay',
  context: ({ input }) => ({ ...input, stay: null }),
  initial: 'checkingProfile',
  states: {
    checkingProfile: {
      // Without a profile the stay cannot be read: the check fails.
      always: [{ guard: 'hasProfile', target: 'checking' }, { target: 'redirectingHome' }],
    },
    checking: {
      tags: 'loading',
      invoke: {
        id: 'loadStay',
        src: 'loadStay',
        input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' }),
        onDone: [
          {
            guard: { type: 'isStayFinished', params: ({ event }) => event.output },
            target: 'finished',
            actions: { type: 'storeStay', params: ({ event }) => event.output },
          },
          // remainingDays > 0, or null (an active stay without an end date).
          { target: 'redirectingToStay', actions: { type: 'storeStay', params: ({ event }) => event.output } },
        ],
        onError: 'redirectingHome',
      },
    },
    finished: { entry: 'forgetStay', type: 'final' },
    redirectingToStay: { tags: 'loading', entry: 'goToStay', type: 'final' },
    redirectingHome: { tags: 'loading', entry: 'goHome', type: 'final' },
  },
});
