import type { Reward } from '../../contract/schemas.ts';

/** A reward as the server sends it; tests override what they look at. */
export function reward(overrides: Partial<Reward> & Pick<Reward, 'rwId'>): Reward {
  return {
    rwType: 'CODE',
    radName: `Reward ${overrides.rwId}`,
    radDescription: '',
    textLanguage: 'fr',
    rwCost: 100,
    rwPictureURL: null,
    rwTitleColor: null,
    rwPosition: null,
    isClaimed: 0,
    isUsed: 0,
    code: null,
    claimedAt: null,
    usedAt: null,
    validUntil: null,
    rwWaterVolume: null,
    ...overrides,
  };
}
