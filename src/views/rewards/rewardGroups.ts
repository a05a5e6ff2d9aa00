import { isExpiredOn } from '../../../contract/reward-code.ts';
import type { Reward } from '../../../contract/schemas.ts';
import { formatHotelDay } from '../../i18n/hotelTime.ts';

/** docs/behaviour.md#rewards-list: a reward without rwPosition sorts as 999. */
export const DEFAULT_REWARD_POSITION = 999;

/** docs/behaviour.md#rewards-list: water donations (rwType EAU) are shown apart from the other rewards. */
export const isWaterReward = (reward: Reward): boolean => reward.rwType === 'EAU';

export const isClaimed = (reward: Reward): boolean => reward.isClaimed === 1;

/** By rwPosition ascending (missing = 999); equal positions keep the server's order. */
export function sortByPosition(rewards: readonly Reward[]): Reward[] {
  return rewards.toSorted(
    (a, b) => (a.rwPosition ?? DEFAULT_REWARD_POSITION) - (b.rwPosition ?? DEFAULT_REWARD_POSITION),
  );
}

/** One section of the page: the other rewards, then the water donations in their own group. */
export interface RewardSection {
  rewards: Reward[];
  water: Reward[];
}

/** docs/behaviour.md#rewards-list: each section shows only when it is not empty. */
export interface RewardCatalogue {
  /** Claimed rewards (isClaimed = 1), used or not. */
  unlocked: RewardSection;
  /** Not claimed, and the balance covers them. */
  available: RewardSection;
  /** Not claimed, and the balance is short: each card says how much is missing. */
  locked: RewardSection;
  /** The message at the top of the page when nothing is left to claim. */
  emptyState: 'allUnlocked' | 'noneAvailable' | null;
}

const sectionOf = (rewards: readonly Reward[]): RewardSection => ({
  rewards: rewards.filter((reward) => !isWaterReward(reward)),
  water: rewards.filter(isWaterReward),
});

export const sectionSize = (section: RewardSection): number => section.rewards.length + section.water.length;

/** docs/behaviour.md#rewards-list: claimed, affordable and locked, each sorted by position, water apart. */
export function catalogueOf(rewards: readonly Reward[], balance: number): RewardCatalogue {
  const sorted = sortByPosition(rewards);
  const unclaimed = sorted.filter((reward) => !isClaimed(reward));
  const unlocked = sectionOf(sorted.filter(isClaimed));
  const available = sectionOf(unclaimed.filter((reward) => isAffordable(reward, balance)));
  const locked = sectionOf(unclaimed.filter((reward) => !isAffordable(reward, balance)));
  const emptyState = unclaimed.length > 0 ? null : sectionSize(unlocked) > 0 ? 'allUnlocked' : 'noneAvailable';
  return { unlocked, available, locked, emptyState };
}

/** A card's state, which its look and its pill say (docs/behaviour.md#reward-card). */
export type RewardState = 'used' | 'expired' | 'claimed' | 'affordable' | 'locked';

/** docs/behaviour.md#reward-card: a claimed, unused reward past its validUntil (hotel-local `today`) is expired. */
export const isRewardExpired = (reward: Reward, today: string): boolean =>
  reward.isUsed !== 1 && isExpiredOn(reward.validUntil, today);

export function rewardStateOf(reward: Reward, balance: number, today: string): RewardState {
  if (isClaimed(reward)) {
    if (reward.isUsed === 1) return 'used';
    return isRewardExpired(reward, today) ? 'expired' : 'claimed';
  }
  return isAffordable(reward, balance) ? 'affordable' : 'locked';
}

/** docs/behaviour.md#reward-card: unlocking is offered only when the balance covers rwCost; otherwise the missing amount is shown. */
export const missingPoints = (reward: Reward, balance: number): number => Math.max(0, reward.rwCost - balance);

export const isAffordable = (reward: Reward, balance: number): boolean => missingPoints(reward, balance) === 0;

/**
 * The one button of a reward card. Locked: 'view details' when affordable, else 'more info' (a water card offers
 * 'donate water' instead of 'view details'). Claimed: by type — show the code, the donation, the staff discount
 * (until used) or the generic details with a QR icon.
 */
export type RewardCardButton =
  | 'viewDetails'
  | 'moreInfo'
  | 'donateWater'
  | 'showCode'
  | 'viewDonation'
  | 'getDiscount'
  | 'discountUsed'
  | 'showQr';

export function cardButtonOf(reward: Reward, balance: number): RewardCardButton {
  if (!isClaimed(reward)) {
    if (!isAffordable(reward, balance)) return 'moreInfo';
    return isWaterReward(reward) ? 'donateWater' : 'viewDetails';
  }
  switch (reward.rwType) {
    case 'CODE':
      return 'showCode';
    case 'EAU':
      return 'viewDonation';
    case 'SLIDER':
      return reward.isUsed === 1 ? 'discountUsed' : 'getDiscount';
    default:
      return 'showQr';
  }
}

/** docs/behaviour.md#finished-stay: where a claimed reward stands: still to use at the desk, used, expired, donated. */
export type ClaimedStatus = 'toUse' | 'used' | 'expired' | 'donated';

export function claimedStatusOf(reward: Reward, today: string): ClaimedStatus {
  if (isWaterReward(reward)) return 'donated';
  if (reward.isUsed === 1) return 'used';
  return isRewardExpired(reward, today) ? 'expired' : 'toUse';
}

/**
 * docs/behaviour.md#action-completion: where a balance stands on the way to the stay's rewards, for the reward moment.
 * `ready`: a reward the balance covers and the stay has not claimed (the first in the page's order); `next`: else
 * the unclaimed reward closest to reach, with the points missing and the share already earned (0 to 1);
 * `allUnlocked`: every reward is claimed; `none`: the hotel offers none.
 */
export type RewardProgress =
  | { kind: 'ready'; reward: Reward }
  | { kind: 'next'; reward: Reward; missing: number; share: number }
  | { kind: 'allUnlocked' }
  | { kind: 'none' };

export function rewardProgressOf(rewards: readonly Reward[], balance: number): RewardProgress {
  const { available, locked, emptyState } = catalogueOf(rewards, balance);
  if (emptyState) return { kind: emptyState === 'allUnlocked' ? 'allUnlocked' : 'none' };
  const ready = [...available.rewards, ...available.water][0];
  if (ready) return { kind: 'ready', reward: ready };
  const closest = [...locked.rewards, ...locked.water].reduce((best, reward) =>
    missingPoints(reward, balance) < missingPoints(best, balance) ? reward : best,
  );
  return { kind: 'next', reward: closest, missing: missingPoints(closest, balance), share: balance / closest.rwCost };
}

/**
 * docs/behaviour.md#reward-card: the day a used reward was used ('27 novembre'), in the interface language and the
 * hotel's time zone (the desk's day, whatever the device's clock says); null when the list does not say.
 */
export function usedOnOf(reward: Reward, language: string, timeZone: string): string | null {
  if (reward.isUsed !== 1 || !reward.usedAt) return null;
  return formatHotelDay(reward.usedAt, language, timeZone);
}
