/**
 * Reward claims, codes and use (docs/behaviour.md#reward-claims); the reward e-mail is in reward-emails.ts.
 *
 * - A claim debits `rwCost` once per reward per stay, in one write transaction that holds the stay
 *   (SQLite `BEGIN IMMEDIATE`, PostgreSQL `FOR UPDATE` on the stay row): concurrent claims are applied
 *   one after the other and can never overspend. `reward_claims` is unique per (stay, reward) and the
 *   debit's idempotency key is `reward-claim:{stayId}:{rewardId}`, so even a bypassed check cannot debit twice.
 * - CODE rewards (and the other rewards staff hand over on sight, `carriesCode`) get their code from the server: the first unused code of the hotel's pool for that
 *   reward when the content file lists one (each pool code goes to one stay only), else a generated code
 *   of CODE_LENGTH characters from CODE_ALPHABET, unique per reward (`reward_claims` is unique per
 *   (reward, code)), one character longer whenever random draws keep colliding.
 * - Use (`used`, `redeem`, `useSlider`) is irreversible and happens once.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClaimRewardReply } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { appendEntry, balanceOf } from './ledger.ts';
import { findOwnedStay, isFinished, lockOwnedStay, type StayRecord } from './stays.ts';

/** Unambiguous characters: no 0/O, 1/I, so codes read aloud well at the desk (docs/behaviour.md#reward-claims). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** docs/behaviour.md#reward-claims: three characters (32³ = 32 768 codes per reward before codes grow longer). */
export const CODE_LENGTH = 3;
const MAX_CODE_LENGTH = 12;
/** Random draws per length before trying one character more. */
const DRAWS_PER_LENGTH = 8;

export interface RewardRecord {
  id: number;
  hotel_id: number;
  type: string;
  cost: number;
  valid_until: string | null;
  water_volume: number | null;
  active: number;
}

export interface ClaimRecord {
  id: number;
  code: string | null;
  used_at: string | null;
}

/**
 * A claim gets a code staff can check when the guest shows it: CODE rewards, and the rewards of other types staff
 * hand over on sight (docs/behaviour.md#other-rewards). A water donation needs nobody; a SLIDER is validated by the
 * staff's swipe.
 */
export function carriesCode(rewardType: string): boolean {
  return rewardType !== 'EAU' && rewardType !== 'SLIDER';
}

export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The reward, if it belongs to the stay's hotel (a reward of another hotel is reported as unknown). */
async function findReward(db: Kysely<Database>, stay: StayRecord, rewardId: number): Promise<RewardRecord> {
  const reward = await db
    .selectFrom('rewards')
    .select(['id', 'hotel_id', 'type', 'cost', 'valid_until', 'water_volume', 'active'])
    .where('id', '=', rewardId)
    .where('hotel_id', '=', stay.hotel_id)
    .executeTakeFirst();
  if (!reward) throw notFound('Reward');
  return reward;
}

async function findClaim(db: Kysely<Database>, stayId: number, rewardId: number): Promise<ClaimRecord | undefined> {
  return db
    .selectFrom('reward_claims')
    .select(['id', 'code', 'used_at'])
    .where('stay_id', '=', stayId)
    .where('reward_id', '=', rewardId)
    .executeTakeFirst();
}

export const notClaimed = () =>
  new DomainError('conflict', 'not_claimed', 'This reward has not been claimed for this stay');
const alreadyClaimed = () =>
  new DomainError('conflict', 'already_claimed', 'This reward has already been claimed for this stay');

/** The stay (owned by the profile), the reward of its hotel, and this stay's claim of it if any. */
export async function findClaimedReward(
  db: Kysely<Database>,
  sUUID: string,
  profileUUID: string,
  rewardId: number,
): Promise<{ stay: StayRecord; reward: RewardRecord; claim: ClaimRecord | undefined }> {
  const stay = await findOwnedStay(db, sUUID, profileUUID);
  const reward = await findReward(db, stay, rewardId);
  return { stay, reward, claim: await findClaim(db, stay.id, reward.id) };
}

/**
 * The next code for a CODE reward: from its pool when it has one, else generated and unique per reward.
 * `draw` gives a random code of a length (tests replace it to force collisions).
 */
export async function issueCode(
  tx: Kysely<Database>,
  rewardId: number,
  draw: (length: number) => string = randomCode,
): Promise<string> {
  const pool = await tx
    .selectFrom('reward_code_pool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reward_id', '=', rewardId)
    .executeTakeFirstOrThrow();
  if (Number(pool.n) > 0) {
    const free = await tx
      .selectFrom('reward_code_pool as p')
      .select('p.code')
      .where('p.reward_id', '=', rewardId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('reward_claims as c')
              .select('c.id')
              .where('c.reward_id', '=', rewardId)
              .whereRef('c.code', '=', 'p.code'),
          ),
        ),
      )
      .orderBy('p.code')
      .limit(1)
      .executeTakeFirst();
    if (!free) throw new DomainError('conflict', 'code_pool_exhausted', 'No code is left for this reward');
    return free.code;
  }
  for (let length = CODE_LENGTH; length <= MAX_CODE_LENGTH; length++) {
    for (let attempt = 0; attempt < DRAWS_PER_LENGTH; attempt++) {
      const code = draw(length);
      const taken = await tx
        .selectFrom('reward_claims')
        .select('id')
        .where('reward_id', '=', rewardId)
        .where('code', '=', code)
        .executeTakeFirst();
      if (!taken) return code;
    }
  }
  throw new Error('Could not generate a free reward code');
}

/**
 * Claims the reward for the stay: debits rwCost and records the claim (with its code for a CODE reward)
 * in one write transaction. Refusals change nothing: 404 unknown stay/reward (or another hotel's),
 * 409 stay_finished, already_claimed, not_enough_greenmiles, code_pool_exhausted.
 */
export async function claimReward(
  store: Store,
  input: { sUUID: string; profileUUID: string; rewardId: number },
  now: Date,
): Promise<ClaimRewardReply> {
  return store.write(async (tx) => {
    const stay = await lockOwnedStay(tx, input.sUUID, input.profileUUID);
    const { db } = tx;
    const reward = await findReward(db, stay, input.rewardId);
    if (reward.active !== 1) throw notFound('Reward');
    if (isFinished(stay, now)) throw stayFinished();
    if (await findClaim(db, stay.id, reward.id)) throw alreadyClaimed();

    let code: string | null = null;
    if (carriesCode(reward.type)) {
      // Claims of one reward by different stays take its code one after the other.
      await tx.forUpdate(db.selectFrom('rewards').select('id').where('id', '=', reward.id), 'rewards').execute();
      code = await issueCode(db, reward.id);
    }
    if (reward.cost > 0) {
      const appended = await appendEntry(
        db,
        {
          stayId: stay.id,
          amount: -reward.cost,
          reason: 'reward_claim',
          rewardId: reward.id,
          idempotencyKey: `reward-claim:${stay.id}:${reward.id}`,
        },
        now,
      );
      if (!appended) throw alreadyClaimed();
    }
    await db
      .insertInto('reward_claims')
      .values({ stay_id: stay.id, reward_id: reward.id, code, claimed_at: now.toISOString(), used_at: null })
      .execute();
    return { code, greenMiles: await balanceOf(db, stay.id), claimedAt: now.toISOString() };
  });
}

/** The caller's own code of a claimed reward that carries one; 404 code_not_available otherwise. */
export async function rewardCode(
  store: Store,
  input: { sUUID: string; profileUUID: string; rewardId: number },
): Promise<string> {
  const { reward, claim } = await findClaimedReward(store.db, input.sUUID, input.profileUUID, input.rewardId);
  if (!carriesCode(reward.type) || !claim || claim.code === null)
    throw new DomainError('not_found', 'code_not_available', 'No code is available for this reward');
  return claim.code;
}

/**
 * Marks the stay's claimed reward used (irreversible, once). `sliderOnly` (useSlider) refuses rewards
 * that are not SLIDER rewards with 400. The single conditional UPDATE makes concurrent calls apply once.
 */
export async function useReward(
  store: Store,
  input: { sUUID: string; profileUUID: string; rewardId: number; sliderOnly?: boolean },
  now: Date,
): Promise<void> {
  const { reward, claim } = await findClaimedReward(store.db, input.sUUID, input.profileUUID, input.rewardId);
  if (input.sliderOnly && reward.type !== 'SLIDER')
    throw new DomainError('bad_request', 'not_a_slider_reward', 'Only a SLIDER reward is used with the slider');
  if (!claim) throw notClaimed();
  const result = await store.db
    .updateTable('reward_claims')
    .set({ used_at: now.toISOString(), used_by: 'guest' })
    .where('id', '=', claim.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new DomainError('conflict', 'already_used', 'This reward has already been used');
}
