import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type DoneActorEvent, sendParent, setup, spawnChild, stopChild } from 'xstate';
import type { Reward } from '../contract/schemas.ts';
import { type RewardClaimParentEvent, rewardClaimMachine } from './dialogs/rewardClaim.machine.ts';
import { viewProvidedActor } from './viewProvided.ts';

export interface RewardsListInput {
  sUUID: string;
  profileUUID: string;
  language: string;
}

export interface RewardsListContext extends RewardsListInput {
  rewards: Reward[];
  /** The reward whose detail modal is open, else null. */
  selectedRewardId: number | null;
  error: MessageDescriptor | null;
}

/**
 * What the view knows for an opened reward's claim: the guest's balance and the hotel name (the stay's), whether
 * the browser can share and whether the hotel's server sends e-mail.
 */
export interface RewardOpening {
  balance: number;
  codePrefix: string;
  canShare: boolean;
  canEmail: boolean;
}

export type RewardsListEvent =
  | { type: 'rewards.retry' }
  | { type: 'language.change'; language: string }
  /** A card: the reward, with what the view knows for its claim. */
  | ({ type: 'reward.open'; rwId: number } & RewardOpening)
  | { type: 'reward.close' }
  /** From the root: a claim or a use changed the rewards. */
  | { type: 'reward.changed' }
  /** The page came back into view (another tab may have claimed or spent meanwhile). */
  | { type: 'page.visible' }
  | RewardClaimParentEvent;

/** What the list tells the stay page's root: a reward changed (the root reloads the list and the stay). */
export type RewardsListParentEvent = { type: 'reward.changed' };

/** docs/behaviour.md#error-texts: the rewards load failure. */
export const loadRewardsError = msg`Impossible de récupérer les récompenses.`;

/** The open reward (selected from the listed ones). */
function selectedRewardOf(context: RewardsListContext): Reward {
  const reward = context.rewards.find((listed) => listed.rwId === context.selectedRewardId);
  if (!reward) throw new Error('A reward claim starts without an open reward');
  return reward;
}

const loadInput = ({ context }: { context: RewardsListContext }): RewardsListInput => ({
  sUUID: context.sUUID,
  profileUUID: context.profileUUID,
  language: context.language,
});

/** The list's call, on the first load and on every reload (the list stays on screen meanwhile). */
const loadRewards = {
  id: 'loadRewards',
  src: 'loadRewards',
  input: loadInput,
  onDone: {
    target: 'loaded',
    actions: { type: 'storeRewards', params: ({ event }: { event: DoneActorEvent<Reward[]> }) => event.output },
  },
  onError: { target: 'failed', actions: 'storeLoadError' },
} as const;

/**
 * The rewards page list: loads the stay's rewards in the guest's language, reloads when it changes or when a claim
 * changed a reward (the stay page's root machine also refreshes the stay then, for the header balance). While a
 * reward is open its claim flow (machines/dialogs/rewardClaim.machine.ts) runs as the child `rewardClaim`; its
 * `claim.changed` goes on to the root as `reward.changed`, and so does the page's return into view (`page.visible`):
 * another tab may have claimed a reward or spent points meanwhile, so the list and the balance are read again.
 */
export const rewardsListMachine = setup({
  types: {
    input: {} as RewardsListInput,
    context: {} as RewardsListContext,
    events: {} as RewardsListEvent,
    children: {} as { rewardClaim: 'rewardClaim' },
  },
  actors: {
    loadRewards: viewProvidedActor<Reward[], RewardsListInput>('loadRewards'),
    rewardClaim: rewardClaimMachine,
  },
  actions: {
    storeRewards: assign({
      rewards: (_, rewards: Reward[]) => rewards,
      error: null,
    }),
    storeLoadError: assign({ error: loadRewardsError }),
    storeLanguage: assign({ language: (_, language: string) => language }),
    selectReward: assign({ selectedRewardId: (_, rwId: number) => rwId }),
    closeReward: assign({ selectedRewardId: null }),
    startClaim: spawnChild('rewardClaim', {
      id: 'rewardClaim',
      input: ({ context, event }) => {
        if (event.type !== 'reward.open') throw new Error('A reward claim starts from its card');
        return {
          reward: selectedRewardOf(context),
          balance: event.balance,
          codePrefix: event.codePrefix,
          canShare: event.canShare,
          canEmail: event.canEmail,
          sUUID: context.sUUID,
          profileUUID: context.profileUUID,
          language: context.language,
          rewards: context.rewards,
        };
      },
    }),
    stopClaim: stopChild('rewardClaim'),
    announceChange: sendParent({ type: 'reward.changed' } satisfies RewardsListParentEvent),
  },
  guards: {
    languageChanged: ({ context, event }) => event.type === 'language.change' && event.language !== context.language,
    isListedReward: ({ context, event }) =>
      event.type === 'reward.open' && context.rewards.some((reward) => reward.rwId === event.rwId),
  },
}).createMachine({
  id: 'rewardsList',
  context: ({ input }) => ({ ...input, rewards: [], selectedRewardId: null, error: null }),
  initial: 'loading',
  on: {
    'reward.close': { actions: ['stopClaim', 'closeReward'] },
    'claim.changed': { actions: 'announceChange' },
    'language.change': {
      guard: 'languageChanged',
      target: '.loading',
      reenter: true,
      actions: { type: 'storeLanguage', params: ({ event }) => event.language },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: loadRewards,
    },
    loaded: {
      on: {
        'reward.open': {
          guard: 'isListedReward',
          actions: [
            'stopClaim',
            { type: 'selectReward', params: ({ event }) => event.rwId },
            // Started by the card's event, whose balance, hotel name and share support it takes.
            'startClaim',
          ],
        },
        'reward.changed': { target: 'reloading' },
        'page.visible': { actions: 'announceChange' },
      },
    },
    // A claim or a use changed a reward: reload while the list (and the open modal) stay on screen.
    reloading: {
      invoke: loadRewards,
      on: { 'reward.changed': { target: 'reloading', reenter: true } },
    },
    failed: {
      on: { 'rewards.retry': 'loading' },
    },
  },
});
