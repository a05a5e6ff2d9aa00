/** The content editor's pure rules for new rewards, code pools, new dishes and keys (docs/behaviour.md#content-editor). */
import { describe, expect, it } from 'vitest';
import type { MenuDish, RewardEntry } from '../../contract/hotel-content-file.ts';
import { RewardType } from '../../contract/schemas.ts';
import { keyFromName } from '../../src/views/staff/console/content/entryKeys.ts';
import { newDish, newIngredient } from '../../src/views/staff/console/content/menu/menuEntries.ts';
import {
  addedToPool,
  codesOfText,
  newReward,
  REWARD_TYPES,
  rewardsInOrder,
} from '../../src/views/staff/console/content/rewards/rewardEntries.ts';

const reward = (key: string, position?: number): RewardEntry => ({
  key,
  type: 'GENERIC',
  cost: 10,
  ...(position === undefined ? {} : { position }),
  texts: { fr: { name: key, description: key } },
});

describe('keyFromName', () => {
  it('makes a key of lower-case letters, digits and hyphens, accents dropped', () => {
    expect(keyFromName("  Petit-déjeuner à l'hôtel !", [], 'reward')).toBe('petit-dejeuner-a-l-hotel');
    expect(keyFromName('Œufs 2 × brouillés', [], 'dish')).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });
  it('uses the fallback when nothing of the name is left (an Arabic name), and numbers a key already taken', () => {
    expect(keyFromName('مشروب مجاني', [], 'reward')).toBe('reward');
    expect(keyFromName('Café', ['cafe', 'cafe-2'], 'reward')).toBe('cafe-3');
    expect(keyFromName('مشروب', ['reward'], 'reward')).toBe('reward-2');
  });
  it('stays within 64 characters with room for its number', () => {
    const key = keyFromName('a'.repeat(100), ['a'.repeat(58)], 'reward');
    expect(key).toBe(`${'a'.repeat(58)}-2`);
    expect(key.length).toBeLessThanOrEqual(64);
  });
});

describe('reward types', () => {
  it('are the contract’s four, in its order (the editor keeps no schema in the page’s bundle)', () => {
    expect(REWARD_TYPES).toEqual(RewardType.anyOf.map((literal) => literal.const));
  });
});

describe('newReward', () => {
  it('comes after the others, named in the primary language, its description still to write', () => {
    expect(newReward({ type: 'CODE', name: ' Café ', cost: 30 }, [reward('cafe', 4), reward('spa')], 'fr')).toEqual({
      key: 'cafe-2',
      type: 'CODE',
      cost: 30,
      position: 5,
      texts: { fr: { name: 'Café', description: '' } },
    });
  });
  it('gives a water donation the guest app’s 50 litres', () => {
    expect(newReward({ type: 'EAU', name: 'Eau', cost: 5 }, [], 'ar')).toMatchObject({ position: 1, waterVolume: 50 });
  });
});

describe('rewardsInOrder', () => {
  it('sorts by position, none counting as 999, equal ones in the file’s order, each with its index', () => {
    const order = rewardsInOrder([reward('c'), reward('a', 2), reward('b', 2), reward('z', 1000), reward('first', 0)]);
    expect(order.map(({ reward: { key }, index }) => `${key}@${index}`)).toEqual([
      'first@4',
      'a@1',
      'b@2',
      'c@0',
      'z@3',
    ]);
  });
});

describe('code pools', () => {
  it('reads one code per line (or a CSV line’s first cell), trimmed, without quotes, blank lines dropped', () => {
    expect(codesOfText(' A1 \r\n\n"B2";x\r  \nC3,lot\tD\nD4')).toEqual(['A1', 'B2', 'C3', 'D4']);
  });
  it('adds new codes after the pool’s, and leaves out (and names once) codes already there or listed twice', () => {
    expect(addedToPool(['A1'], 'B2\nA1\nB2\nC3\nA1')).toEqual({
      pool: ['A1', 'B2', 'C3'],
      added: 2,
      repeated: ['A1', 'B2'],
    });
    expect(addedToPool([], '\n \n')).toEqual({ pool: [], added: 0, repeated: [] });
  });
});

describe('new dishes', () => {
  it('have a unique key from their name, the name in the primary language, no ingredient yet', () => {
    const existing: MenuDish = {
      key: 'salade',
      names: { fr: 'Salade' },
      ingredients: [{ food: 'vegetables', grams: 1 }],
    };
    expect(newDish('Salade', [existing], 'fr')).toEqual({ key: 'salade-2', names: { fr: 'Salade' }, ingredients: [] });
  });
  it('get as next ingredient the first food they do not have yet, 100 g', () => {
    const dish: MenuDish = { key: 'd', names: { fr: 'D' }, ingredients: [{ food: 'beef', grams: 200 }] };
    expect(newIngredient(dish)).toEqual({ food: 'lamb', grams: 100 });
  });
});
