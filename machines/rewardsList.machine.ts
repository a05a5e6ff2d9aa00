import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import type { Reward } from '../contract/schemas.ts';
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

export type RewardsListEvent =
  | { type: 'rewards.retry' }
  | { type: 'language.change'; language: string }
  | { type: 'reward.open'; rwId: number }
  | { type: 'reward.close' }
  | { type: 'reward.changed' };

/** docs/behaviour.md#error-texts: the rewards load failure. */
export const loadRewardsError = msg`Impossible de récupérer les récompenses.`;

const loadInput = ({ context }: { context: RewardsListContext }): RewardsListInput => ({
  sUUID: context.sUUID,
  profileUUID: context.profileUUID,
  language: context.language,
});

/**
 * The rewards page list: loads the stay's rewards in the guest's language, reloads when it changes or when a claim
 * changed a reward (the stay page's root machine also refreshes the stay then, for the header balance).
 */
export const rewardsListMachine = setup({
  types: {
    input: {} as RewardsListInput,
    context: {} as RewardsListContext,
    events: {} as RewardsListEvent,
  },
  actors: {
    loadRewards: viewProvidedActor<Reward[], RewardsListInput>('loadRewards'),
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
    'reward.close': { actions: 'closeReward' },
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
      invoke: {
        id: 'loadRewards',
        src: 'loadRewards',
        input: loadInput,
        onDone: {
          target: 'loaded',
          actions: { type: 'storeRewards', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'storeLoadError' },
      },
    },
    loaded: {
      on: {
        'reward.open': {
          guard: 'isListedReward',
          actions: { type: 'selectReward', params: ({ event }) => event.rwId },
        },
        'reward.changed': { target: 'reloading' },
      },
    },
    // A claim or a use changed a reward: reload while the list (and the open modal) stay on screen.
    reloading: {
      invoke: {
        id: 'loadRewards',
        src: 'loadRewards',
        input: loadInput,
        onDone: {
          target: 'loaded',
          actions: { type: 'storeRewards', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'storeLoadError' },
      },
      on: { 'reward.changed': { target: 'reloading', reenter: true } },
    },
    failed: {
      on: { 'rewards.retry': 'loading' },
    },
  },
});
