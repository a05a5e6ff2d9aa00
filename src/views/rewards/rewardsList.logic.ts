import { fromPromise } from 'xstate';
import type { Reward } from '../../../contract/schemas.ts';
import { type RewardCallInput, rewardClaimMachine } from '../../../machines/rewardClaim.machine.ts';
import { type RewardsListInput, rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import { type SliderValidationInput, sliderMachine } from '../../../machines/slider.machine.ts';
import { claimReward, getRewardCode, markSliderUsed } from '../../api/rewards.ts';
import { getRewards } from '../../api/stays.ts';

const stayOf = (input: { sUUID: string; profileUUID: string }) => ({
  sUUID: input.sUUID,
  profileUUID: input.profileUUID,
});

/** The staff swipe with its real call (the claim runs it). */
export const sliderLogic = sliderMachine.provide({
  actors: {
    markSliderUsed: fromPromise(({ input }: { input: SliderValidationInput }) =>
      markSliderUsed(stayOf(input), input.rwId),
    ),
  },
});

/** The reward claim with its real calls and swipe (the list runs it while its reward is open). */
export const rewardClaimLogic = rewardClaimMachine.provide({
  actors: {
    slider: sliderLogic,
    claimReward: fromPromise(({ input }: { input: RewardCallInput }) => claimReward(stayOf(input), input.rwId)),
    getRewardCode: fromPromise(({ input }: { input: RewardCallInput }) => getRewardCode(stayOf(input), input.rwId)),
  },
});

/** The rewards list with its real effects. */
export const rewardsListLogic = rewardsListMachine.provide({
  actors: {
    loadRewards: fromPromise<Reward[], RewardsListInput>(({ input }) =>
      getRewards({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.language),
    ),
    rewardClaim: rewardClaimLogic,
  },
});
