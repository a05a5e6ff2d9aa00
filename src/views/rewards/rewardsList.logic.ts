import { fromPromise } from 'xstate';
import { type RewardsListInput, rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import type { Reward } from '../../api/contract.ts';
import { getRewards } from '../../api/stays.ts';

/** The rewards list with its real effects. */
export const rewardsListLogic = rewardsListMachine.provide({
  actors: {
    loadRewards: fromPromise<Reward[], RewardsListInput>(({ input }) =>
      getRewards({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.language),
    ),
  },
});
