import { assign, setup } from 'xstate';
import type { Reward, Stay } from '../contract/schemas.ts';
import { isStayFinished, type LoadStayInput } from './staySession.machine.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The stay-finished page (docs/behaviour.md#finished-stay): checks that the stay has really ended, then thanks the
 * guest, forgets the stored stay and shows the rewards the stay claimed, read-only (a code may stay valid for a year:
 * issue 15); an active stay goes back to its page, a failed check goes to the welcome page.
 */

export interface FinishedStayInput {
  sUUID: string;
  /** The guest identity from browser storage; null when this device never created a profile. */
  profileUUID: string | null;
  /** The interface language: the rewards' names come in it. */
  language: string;
}

export interface FinishedStayContext extends FinishedStayInput {
  stay: Stay | null;
  /** The rewards the stay claimed, once loaded. */
  claimedRewards: Reward[];
}

export interface LoadClaimedRewardsInput extends LoadStayInput {
  language: string;
}

export type FinishedStayEvent = { type: 'rewards.retry' };

export const finishedStayMachine = setup({
  types: {
    input: {} as FinishedStayInput,
    context: {} as FinishedStayContext,
    events: {} as FinishedStayEvent,
  },
  actors: {
    loadStay: viewProvidedActor<Stay, LoadStayInput>('loadStay'),
    loadRewards: viewProvidedActor<Reward[], LoadClaimedRewardsInput>('loadRewards'),
  },
  guards: {
    hasProfile: ({ context }) => context.profileUUID !== null && context.profileUUID !== '',
    isStayFinished: (_, stay: Stay) => isStayFinished(stay),
  },
  actions: {
    storeStay: assign({ stay: (_, stay: Stay) => stay }),
    storeClaimedRewards: assign({
      claimedRewards: (_, rewards: Reward[]) => rewards.filter((reward) => reward.isClaimed === 1),
    }),
    // Browser effects, provided by the view (navigation, storage).
    forgetStay: viewProvidedAction('forgetStay'),
    goToStay: viewProvidedAction('goToStay'),
    goHome: viewProvidedAction('goHome'),
  },
}).createMachine({
  id: 'finishedStay',
  context: ({ input }) => ({ ...input, stay: null, claimedRewards: [] }),
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
    // Read-only: a finished stay can be read, not changed.
    finished: {
      entry: 'forgetStay',
      initial: 'loadingRewards',
      states: {
        loadingRewards: {
          tags: 'loadingRewards',
          invoke: {
            id: 'loadRewards',
            src: 'loadRewards',
            input: ({ context }) => ({
              sUUID: context.sUUID,
              profileUUID: context.profileUUID ?? '',
              language: context.language,
            }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeClaimedRewards', params: ({ event }) => event.output },
            },
            onError: 'rewardsFailed',
          },
        },
        shown: { type: 'final' },
        rewardsFailed: {
          on: { 'rewards.retry': 'loadingRewards' },
        },
      },
    },
    redirectingToStay: { tags: 'loading', entry: 'goToStay', type: 'final' },
    redirectingHome: { tags: 'loading', entry: 'goHome', type: 'final' },
  },
});
