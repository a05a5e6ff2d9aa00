import { fromPromise } from 'xstate';
import type { Reward } from '../../../contract/schemas.ts';
import { type RewardsListInput, rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import { getRewards } from '../../api/stays.ts';

/** The rewards list with its real effects. */
export const rewardsListLogic = rewardsListMachine.provide({
  actors: {
    loadRewards: fromPromise<Reward[], RewardsListInput>(({ input }) =>
      getRewards({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.language),
    ),
  },
});
