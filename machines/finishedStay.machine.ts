import { assign, type DoneActorEvent, setup, spawnChild, stopChild } from 'xstate';
import type { Reward, Stay } from '../contract/schemas.ts';
import { type RewardClaimParentEvent, rewardClaimMachine } from './dialogs/rewardClaim.machine.ts';
import { isStayFinished, type LoadStayInput } from './staySession.machine.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The stay-finished page (docs/behaviour.md#finished-stay): checks that the stay has really ended, then thanks the
 * guest, forgets the stored stay and shows the rewards the stay claimed (a code may stay valid for a year: issue 15;
 * a discount is shown at check-out: issue 25); an active stay goes back to its page, a failed check goes to the welcome
 * page. Each claimed reward opens as on the rewards page: its claim flow (machines/dialogs/rewardClaim.machine.ts,
 * already claimed, so never a new claim) runs as the child `rewardClaim` with its code, QR code and the discount's
 * staff step; a use it reports (`claim.changed`) reloads the rewards while the list stays on screen.
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
  /** The claimed reward whose detail modal is open, else null. */
  openRewardId: number | null;
}

export interface LoadClaimedRewardsInput extends LoadStayInput {
  language: string;
}

/** What the view knows for an opened reward (the browser's Web Share API, the hotel's e-mail). */
export interface FinishedRewardOpening {
  canShare: boolean;
  canEmail: boolean;
}

export type FinishedStayEvent =
  | { type: 'rewards.retry' }
  | ({ type: 'reward.open'; rwId: number } & FinishedRewardOpening)
  | RewardClaimParentEvent;

const rewardsInput = ({ context }: { context: FinishedStayContext }): LoadClaimedRewardsInput => ({
  sUUID: context.sUUID,
  profileUUID: context.profileUUID ?? '',
  language: context.language,
});

/** The claimed rewards' call, on the first load and on every reload (the list stays on screen meanwhile). */
const loadRewards = {
  id: 'loadRewards',
  src: 'loadRewards',
  input: rewardsInput,
  onDone: {
    target: 'shown',
    actions: { type: 'storeClaimedRewards', params: ({ event }: { event: DoneActorEvent<Reward[]> }) => event.output },
  },
  onError: 'rewardsFailed',
} as const;

export const finishedStayMachine = setup({
  types: {
    input: {} as FinishedStayInput,
    context: {} as FinishedStayContext,
    events: {} as FinishedStayEvent,
    children: {} as { rewardClaim: 'rewardClaim' },
  },
  actors: {
    rewardClaim: rewardClaimMachine,
    loadStay: viewProvidedActor<Stay, LoadStayInput>('loadStay'),
    loadRewards: viewProvidedActor<Reward[], LoadClaimedRewardsInput>('loadRewards'),
  },
  guards: {
    hasProfile: ({ context }) => context.profileUUID !== null && context.profileUUID !== '',
    isStayFinished: (_, stay: Stay) => isStayFinished(stay),
    isClaimedReward: ({ context, event }) =>
      event.type === 'reward.open' && context.claimedRewards.some((reward) => reward.rwId === event.rwId),
  },
  actions: {
    storeStay: assign({ stay: (_, stay: Stay) => stay }),
    storeClaimedRewards: assign({
      claimedRewards: (_, rewards: Reward[]) => rewards.filter((reward) => reward.isClaimed === 1),
    }),
    selectReward: assign({ openRewardId: (_, rwId: number) => rwId }),
    closeReward: assign({ openRewardId: null }),
    startClaim: spawnChild('rewardClaim', {
      id: 'rewardClaim',
      input: ({ context, event }) => {
        const reward = context.claimedRewards.find((claimed) => claimed.rwId === context.openRewardId);
        if (event.type !== 'reward.open' || !reward || !context.stay) throw new Error('A reward opens from its card');
        return {
          reward,
          balance: context.stay.greenMiles,
          sUUID: context.sUUID,
          profileUUID: context.profileUUID ?? '',
          language: context.language,
          codePrefix: context.stay.codePrefix,
          canShare: event.canShare,
          canEmail: event.canEmail,
          rewards: context.claimedRewards,
        };
      },
    }),
    stopClaim: stopChild('rewardClaim'),
    // Browser effects, provided by the view (navigation, storage).
    forgetStay: viewProvidedAction('forgetStay'),
    goToStay: viewProvidedAction('goToStay'),
    goHome: viewProvidedAction('goHome'),
  },
}).createMachine({
  id: 'finishedStay',
  context: ({ input }) => ({ ...input, stay: null, claimedRewards: [], openRewardId: null }),
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
          invoke: loadRewards,
        },
        shown: {
          on: {
            'reward.open': {
              guard: 'isClaimedReward',
              actions: ['stopClaim', { type: 'selectReward', params: ({ event }) => event.rwId }, 'startClaim'],
            },
            'reward.close': { actions: ['stopClaim', 'closeReward'] },
            'claim.changed': 'reloadingRewards',
          },
        },
        // A use changed a reward: reload while the list and the open modal stay on screen.
        reloadingRewards: {
          invoke: loadRewards,
          on: {
            'reward.close': { actions: ['stopClaim', 'closeReward'] },
            'claim.changed': { target: 'reloadingRewards', reenter: true },
          },
        },
        rewardsFailed: {
          entry: ['stopClaim', 'closeReward'],
          on: { 'rewards.retry': 'loadingRewards' },
        },
      },
    },
    redirectingToStay: { tags: 'loading', entry: 'goToStay', type: 'final' },
    redirectingHome: { tags: 'loading', entry: 'goHome', type: 'final' },
  },
});
