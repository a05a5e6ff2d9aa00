import { describe, expect, it } from 'vitest';
import type { Reward } from '../../contract/schemas.ts';
import {
  cardButtonOf,
  catalogueOf,
  isAffordable,
  missingPoints,
  rewardProgressOf,
  rewardStateOf,
  sortByPosition,
  usedOnOf,
} from '../../src/views/rewards/rewardGroups.ts';
import { reward } from './rewards-fixtures.ts';

const ids = (rewards: Reward[]) => rewards.map((item) => item.rwId);

describe('sortByPosition', () => {
  it('sorts by rwPosition ascending, a missing position counting as 999', () => {
    const rewards = [
      reward({ rwId: 1, rwPosition: null }),
      reward({ rwId: 2, rwPosition: 1000 }),
      reward({ rwId: 3, rwPosition: 2 }),
      reward({ rwId: 4, rwPosition: 998 }),
      reward({ rwId: 5, rwPosition: 0 }),
    ];
    expect(ids(sortByPosition(rewards))).toEqual([5, 3, 4, 1, 2]);
  });

  it('keeps the server order for equal positions and does not change its argument', () => {
    const rewards = [reward({ rwId: 1, rwPosition: 999 }), reward({ rwId: 2 }), reward({ rwId: 3, rwPosition: 999 })];
    expect(ids(sortByPosition(rewards))).toEqual([1, 2, 3]);
    expect(ids(rewards)).toEqual([1, 2, 3]);
  });
});

describe('catalogueOf', () => {
  it('splits claimed, affordable and locked rewards, keeps water rewards apart in each, each group sorted', () => {
    const catalogue = catalogueOf(
      [
        reward({ rwId: 1, rwPosition: 5 }),
        reward({ rwId: 2, rwPosition: 1, rwType: 'EAU' }),
        reward({ rwId: 3, rwPosition: 3, isClaimed: 1 }),
        reward({ rwId: 4, rwPosition: 2, rwType: 'SLIDER' }),
        reward({ rwId: 5, rwType: 'EAU', isClaimed: 1 }),
        reward({ rwId: 6, rwPosition: 0, rwType: 'EAU' }),
        reward({ rwId: 7, rwPosition: 1, rwType: 'OTHER', isClaimed: 1 }),
        reward({ rwId: 8, rwPosition: 4, rwCost: 500 }),
        reward({ rwId: 9, rwPosition: 0, rwCost: 500, rwType: 'EAU' }),
      ],
      100,
    );
    expect(ids(catalogue.unlocked.rewards)).toEqual([7, 3]);
    expect(ids(catalogue.unlocked.water)).toEqual([5]);
    expect(ids(catalogue.available.rewards)).toEqual([4, 1]);
    expect(ids(catalogue.available.water)).toEqual([6, 2]);
    expect(ids(catalogue.locked.rewards)).toEqual([8]);
    expect(ids(catalogue.locked.water)).toEqual([9]);
    expect(catalogue.emptyState).toBeNull();
  });

  it("says 'all unlocked' when nothing is left to unlock but something was claimed", () => {
    const catalogue = catalogueOf(
      [reward({ rwId: 1, isClaimed: 1 }), reward({ rwId: 2, isClaimed: 1, rwType: 'EAU' })],
      0,
    );
    expect(catalogue.emptyState).toBe('allUnlocked');
  });

  it("says 'no reward available' when the hotel offers nothing", () => {
    expect(catalogueOf([], 0).emptyState).toBe('noneAvailable');
  });

  it('counts an unclaimed reward, even out of reach, as left to unlock', () => {
    expect(catalogueOf([reward({ rwId: 1, rwType: 'EAU', rwCost: 100 })], 0).emptyState).toBeNull();
  });
});

describe('rewardStateOf', () => {
  it('tells used, expired, claimed, affordable and locked apart', () => {
    expect(
      [
        reward({ rwId: 1, isClaimed: 1, isUsed: 1, rwType: 'SLIDER', validUntil: '2026-11-01' }),
        reward({ rwId: 2, isClaimed: 1, validUntil: '2026-11-19' }),
        reward({ rwId: 5, isClaimed: 1, validUntil: '2026-11-20' }),
        reward({ rwId: 3, rwCost: 100 }),
        reward({ rwId: 4, rwCost: 101 }),
      ].map((item) => rewardStateOf(item, 100, '2026-11-20')),
    ).toEqual(['used', 'expired', 'claimed', 'affordable', 'locked']);
  });
});

describe('affordability', () => {
  it('is affordable when the balance covers the cost exactly or more', () => {
    expect(isAffordable(reward({ rwId: 1, rwCost: 100 }), 100)).toBe(true);
    expect(isAffordable(reward({ rwId: 1, rwCost: 100 }), 250)).toBe(true);
    expect(isAffordable(reward({ rwId: 1, rwCost: 100 }), 99)).toBe(false);
  });

  it('reports the missing amount as cost minus balance, never below zero', () => {
    expect(missingPoints(reward({ rwId: 1, rwCost: 150 }), 40)).toBe(110);
    expect(missingPoints(reward({ rwId: 1, rwCost: 150 }), 400)).toBe(0);
  });
});

describe('cardButtonOf', () => {
  it("reads 'view details' on an affordable locked card and 'more info' otherwise", () => {
    expect(cardButtonOf(reward({ rwId: 1, rwCost: 100 }), 100)).toBe('viewDetails');
    expect(cardButtonOf(reward({ rwId: 1, rwCost: 100, rwType: 'SLIDER' }), 500)).toBe('viewDetails');
    expect(cardButtonOf(reward({ rwId: 1, rwCost: 100 }), 99)).toBe('moreInfo');
    expect(cardButtonOf(reward({ rwId: 1, rwCost: 100, rwType: 'EAU' }), 10)).toBe('moreInfo');
  });

  it("offers 'donate water' on an affordable locked water card", () => {
    expect(cardButtonOf(reward({ rwId: 1, rwCost: 100, rwType: 'EAU' }), 100)).toBe('donateWater');
  });

  it('names the unlocked card by type, whatever the balance', () => {
    const claimed = { rwId: 1, isClaimed: 1 as const, rwCost: 1000 };
    expect(cardButtonOf(reward({ ...claimed, rwType: 'CODE' }), 0)).toBe('showCode');
    expect(cardButtonOf(reward({ ...claimed, rwType: 'EAU' }), 0)).toBe('viewDonation');
    expect(cardButtonOf(reward({ ...claimed, rwType: 'SLIDER' }), 0)).toBe('getDiscount');
    expect(cardButtonOf(reward({ ...claimed, rwType: 'SLIDER', isUsed: 1 }), 0)).toBe('discountUsed');
    expect(cardButtonOf(reward({ ...claimed, rwType: 'GENERIC' }), 0)).toBe('showQr');
    expect(cardButtonOf(reward({ ...claimed, rwType: 'SOMETHING_NEW' }), 0)).toBe('showQr');
  });
});

describe('rewardProgressOf (the reward moment, docs/behaviour.md#action-completion)', () => {
  const coffee = reward({ rwId: 1, rwCost: 30, rwPosition: 2 });
  const spa = reward({ rwId: 2, rwCost: 80, rwPosition: 1 });
  const water = reward({ rwId: 3, rwType: 'EAU', rwCost: 45, rwPosition: 0 });

  it('names the unclaimed reward closest to reach, the points missing and the share earned', () => {
    expect(rewardProgressOf([spa, coffee, water], 20)).toEqual({
      kind: 'next',
      reward: coffee,
      missing: 10,
      share: 20 / 30,
    });
    // A claimed reward is no longer a goal.
    expect(rewardProgressOf([spa, { ...coffee, isClaimed: 1 }, water], 20)).toMatchObject({
      reward: water,
      missing: 25,
    });
  });

  it('offers the first reward the balance covers, in the page order, before any goal further away', () => {
    expect(rewardProgressOf([spa, coffee, water], 50)).toEqual({ kind: 'ready', reward: coffee });
    expect(rewardProgressOf([spa, coffee, water], 100)).toEqual({ kind: 'ready', reward: spa });
  });

  it('says all are unlocked once every reward is claimed, and nothing when the hotel offers none', () => {
    expect(rewardProgressOf([{ ...coffee, isClaimed: 1 }], 0)).toEqual({ kind: 'allUnlocked' });
    expect(rewardProgressOf([], 40)).toEqual({ kind: 'none' });
  });
});

describe('usedOnOf', () => {
  const usedAt = '2026-11-25T10:00:00.000Z';
  it('gives the day a used reward was used, in the interface language and the hotel’s time zone', () => {
    expect(usedOnOf(reward({ rwId: 1, isClaimed: 1, isUsed: 1, usedAt }), 'fr', 'Europe/Paris')).toBe('25 novembre');
    expect(usedOnOf(reward({ rwId: 1, isClaimed: 1, isUsed: 1, usedAt }), 'en', 'Europe/Paris')).toBe('November 25');
    // 23:30 in Paris is already the next day in Tokyo.
    const lateEvening = '2026-11-25T22:30:00.000Z';
    expect(usedOnOf(reward({ rwId: 1, isClaimed: 1, isUsed: 1, usedAt: lateEvening }), 'fr', 'Asia/Tokyo')).toBe(
      '26 novembre',
    );
  });
  it('gives nothing for an unused reward or a list that does not say', () => {
    expect(usedOnOf(reward({ rwId: 1, isClaimed: 1, usedAt: null }), 'fr', 'Europe/Paris')).toBeNull();
    expect(usedOnOf(reward({ rwId: 1, isClaimed: 1, isUsed: 1, usedAt: null }), 'fr', 'Europe/Paris')).toBeNull();
  });
});
