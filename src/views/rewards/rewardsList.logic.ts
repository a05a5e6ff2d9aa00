import { fromPromise } from 'xstate';
import type { Reward } from '../../../contract/schemas.ts';
import { type RewardCallInput, rewardClaimMachine } from '../../../machines/dialogs/rewardClaim.machine.ts';
import {
  type EmailSendInput,
  rewardEmailMachine,
  type ShareContent,
} from '../../../machines/dialogs/rewardEmail.machine.ts';
import { type SliderValidationInput, sliderMachine } from '../../../machines/dialogs/slider.machine.ts';
import { type RewardsListInput, rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import { claimReward, emailReward, getRewardCode, markSliderUsed } from '../../api/rewards.ts';
import { getRewards } from '../../api/stays.ts';
import { copyCodeLogic } from '../entry/copyCode.logic.ts';

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

/** The e-mail sending with its real call, and the browser's share sheet (the claim runs it once shown). */
export const rewardEmailLogic = rewardEmailMachine.provide({
  actors: {
    emailReward: fromPromise(({ input }: { input: EmailSendInput }) =>
      emailReward(stayOf(input), input.rwId, input.email, input.language),
    ),
    shareReward: fromPromise(({ input }: { input: ShareContent }) => navigator.share(input)),
  },
});

/** 'Sharing not supported' (docs/behaviour.md#e-mail-and-sharing) applies where the Web Share API is missing. */
export const browserCanShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The reward claim with its real calls and children: the swipe, the e-mail and share, the code copy (the disabled-QR
 * page's, on the browser clipboard). The list runs it while its reward is open.
 */
export const rewardClaimLogic = rewardClaimMachine.provide({
  actors: {
    slider: sliderLogic,
    rewardEmail: rewardEmailLogic,
    copyCode: copyCodeLogic,
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
