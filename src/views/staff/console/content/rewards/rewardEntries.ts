import type { RewardEntry } from '../../../../../../contract/hotel-content-file.ts';
import { DEFAULT_WATER_VOLUME } from '../../../../rewards/details/rewardDisplay.ts';
import { DEFAULT_REWARD_POSITION } from '../../../../rewards/rewardGroups.ts';
import { keyFromName } from '../entryKeys.ts';

/** The rewards editor's rules (docs/behaviour.md#rewards), apart from the view so they are tested alone. */

export type RewardTypeName = RewardEntry['type'];
export const REWARD_TYPES: readonly RewardTypeName[] = ['CODE', 'EAU', 'SLIDER', 'GENERIC'];

/** What the manager gives to add a reward: the rest is filled in on the reward itself. */
export interface NewRewardChoice {
  type: RewardTypeName;
  name: string;
  cost: number;
}

const positionOf = (reward: RewardEntry) => reward.position ?? DEFAULT_REWARD_POSITION;

/**
 * A new reward after the others: a key from its name, unique among them; the name in the hotel's primary language
 * and an empty description there (the check asks for it); a water donation starts at the guest app's 50 litres.
 */
export function newReward(choice: NewRewardChoice, rewards: readonly RewardEntry[], language: string): RewardEntry {
  const last = rewards.reduce((highest, reward) => Math.max(highest, reward.position ?? 0), 0);
  return {
    key: keyFromName(
      choice.name,
      rewards.map((reward) => reward.key),
      'reward',
    ),
    type: choice.type,
    cost: choice.cost,
    position: last + 1,
    ...(choice.type === 'EAU' ? { waterVolume: DEFAULT_WATER_VOLUME } : {}),
    texts: { [language]: { name: choice.name.trim(), description: '' } },
  };
}

/** The rewards as guests see them ordered: by position (none counts as 999), equal ones in the file's order. */
export function rewardsInOrder(rewards: readonly RewardEntry[]): Array<{ reward: RewardEntry; index: number }> {
  return rewards
    .map((reward, index) => ({ reward, index }))
    .toSorted((a, b) => positionOf(a.reward) - positionOf(b.reward));
}

/** A pasted or uploaded list of codes: one per line, or the first cell of a CSV line, without quotes or spaces. */
export function codesOfText(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      (line.split(/[,;\t]/)[0] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((code) => code !== '');
}

export interface PoolAddition {
  /** The pool with the new codes after the ones it had, each code once. */
  pool: string[];
  /** How many codes were added. */
  added: number;
  /** The codes of the text already in the pool or listed twice in it, once each: left out. */
  repeated: string[];
}

/** The pool with the codes of `text` added (docs/behaviour.md#rewards): blanks dropped, repeats left out. */
export function addedToPool(pool: readonly string[], text: string): PoolAddition {
  const codes = new Set(pool);
  const repeated = new Set<string>();
  const added: string[] = [];
  for (const code of codesOfText(text)) {
    if (codes.has(code)) repeated.add(code);
    else {
      codes.add(code);
      added.push(code);
    }
  }
  return { pool: [...pool, ...added], added: added.length, repeated: [...repeated] };
}
