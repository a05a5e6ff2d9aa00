/**
 * Reward claims, codes, use and the e-mail rate limit (ARCHITECTURE.md §5).
 *
 * - A claim debits `rwCost` once per reward per stay, in one write transaction that holds the stay
 *   (SQLite `BEGIN IMMEDIATE`, PostgreSQL `FOR UPDATE` on the stay row): concurrent claims are applied
 *   one after the other and can never overspend. `reward_claims` is unique per (stay, reward) and the
 *   debit's idempotency key is `reward-claim:{stayId}:{rewardId}`, so even a bypassed check cannot debit twice.
 * - CODE rewards get their code from the server: the first unused code of the hotel's pool for that
 *   reward when the content file lists one (each pool code goes to one stay only), else a generated code
 *   of CODE_LENGTH characters from CODE_ALPHABET, unique per reward (`reward_claims` is unique per
 *   (reward, code)), one character longer whenever random draws keep colliding.
 * - Use (`used`, `redeem`, `useSlider`) is irreversible and happens once.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClaimRewardReply } from '../../contract/schemas.ts';
import type { DialectKind } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { lockStayRow, withWriteTransaction } from '../db/transaction.ts';
import { ApiError, notFound } from './errors.ts';
import { appendEntry, balanceOf } from './ledger.ts';
import { findOwnedStay, isFinished, type StayRecord } from './stays.ts';

/** Unambiguous characters: no 0/O, 1/I (SPEC.md §5 withholds the alphabet; this one reads aloud well). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** SPEC.md §5: three characters (32³ = 32 768 codes per reward before codes grow longer). */
export const CODE_LENGTH = 3;
const MAX_CODE_LENGTH = 12;
/** Random draws per length before trying one character more. */
const DRAWS_PER_LENGTH = 8;

/** At most this many reward e-mails per stay in any rolling hour (counted in the database). */
export const EMAILS_PER_STAY_PER_HOUR = 5;

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

const notClaimed = () => new ApiError(409, 'not_claimed', 'This reward has not been claimed for this stay');

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
    if (!free) throw new ApiError(409, 'code_pool_exhausted', 'No code is left for this reward');
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
  db: Kysely<Database>,
  kind: DialectKind,
  input: { sUUID: string; profileUUID: string; rewardId: number },
  now: Date,
): Promise<ClaimRewardReply> {
  return withWriteTransaction(db, kind, async (tx) => {
    const stay = await findOwnedStay(tx, input.sUUID, input.profileUUID);
    const locked = await lockStayRow(tx, kind, stay.id);
    if (!locked) throw notFound('Stay');
    const reward = await findReward(tx, stay, input.rewardId);
    if (reward.active !== 1) throw notFound('Reward');
    if (isFinished({ ...stay, status: locked.status, end_date: locked.end_date }, now))
      throw new ApiError(409, 'stay_finished', 'This stay is finished');
    if (await findClaim(tx, stay.id, reward.id))
      throw new ApiError(409, 'already_claimed', 'This reward has already been claimed for this stay');

    let code: string | null = null;
    if (reward.type === 'CODE') {
      // PostgreSQL: claims of one reward by different stays take its code one after the other.
      if (kind === 'postgres')
        await tx.selectFrom('rewards').select('id').where('id', '=', reward.id).forUpdate().execute();
      code = await issueCode(tx, reward.id);
    }
    if (reward.cost > 0) {
      const appended = await appendEntry(
        tx,
        {
          stayId: stay.id,
          amount: -reward.cost,
          reason: 'reward_claim',
          rewardId: reward.id,
          idempotencyKey: `reward-claim:${stay.id}:${reward.id}`,
        },
        now,
      );
      if (!appended) throw new ApiError(409, 'already_claimed', 'This reward has already been claimed for this stay');
    }
    await tx
      .insertInto('reward_claims')
      .values({ stay_id: stay.id, reward_id: reward.id, code, claimed_at: now.toISOString(), used_at: null })
      .execute();
    return { code, greenMiles: await balanceOf(tx, stay.id) };
  });
}

/** The caller's own code of a claimed CODE reward; 404 code_not_available otherwise. */
export async function rewardCode(
  db: Kysely<Database>,
  input: { sUUID: string; profileUUID: string; rewardId: number },
): Promise<string> {
  const { reward, claim } = await findClaimedReward(db, input.sUUID, input.profileUUID, input.rewardId);
  if (reward.type !== 'CODE' || !claim || claim.code === null)
    throw new ApiError(404, 'code_not_available', 'No code is available for this reward');
  return claim.code;
}

/**
 * Marks the stay's claimed reward used (irreversible, once). `sliderOnly` (useSlider) refuses rewards
 * that are not SLIDER rewards with 400. The single conditional UPDATE makes concurrent calls apply once.
 */
export async function useReward(
  db: Kysely<Database>,
  input: { sUUID: string; profileUUID: string; rewardId: number; sliderOnly?: boolean },
  now: Date,
): Promise<void> {
  const { reward, claim } = await findClaimedReward(db, input.sUUID, input.profileUUID, input.rewardId);
  if (input.sliderOnly && reward.type !== 'SLIDER')
    throw new ApiError(400, 'not_a_slider_reward', 'Only a SLIDER reward is used with the slider');
  if (!claim) throw notClaimed();
  const result = await db
    .updateTable('reward_claims')
    .set({ used_at: now.toISOString() })
    .where('id', '=', claim.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(409, 'already_used', 'This reward has already been used');
}

/**
 * Reserves one e-mail of the stay's hourly allowance (a row in reward_emails, written in a write
 * transaction holding the stay, so several server processes share the count). Returns the reservation
 * id, to release if sending fails. 429 too_many_emails when the allowance is spent.
 */
export async function reserveRewardEmail(
  db: Kysely<Database>,
  kind: DialectKind,
  stayId: number,
  rewardId: number,
  now: Date,
  limit = EMAILS_PER_STAY_PER_HOUR,
): Promise<number> {
  return withWriteTransaction(db, kind, async (tx) => {
    await lockStayRow(tx, kind, stayId);
    const since = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
    const sent = await tx
      .selectFrom('reward_emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stay_id', '=', stayId)
      .where('sent_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(sent.n) >= limit)
      throw new ApiError(429, 'too_many_emails', `At most ${limit} reward e-mails per stay per hour; try again later`);
    const row = await tx
      .insertInto('reward_emails')
      .values({ stay_id: stayId, reward_id: rewardId, sent_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Gives back a reservation whose e-mail could not be sent. */
export async function releaseRewardEmail(db: Kysely<Database>, reservationId: number): Promise<void> {
  await db.deleteFrom('reward_emails').where('id', '=', reservationId).execute();
}

/** The reward's texts in the first language that has them: lang, en, fr, then any. */
export async function rewardTexts(
  db: Kysely<Database>,
  rewardId: number,
  lang: string,
): Promise<{ name: string; description: string }> {
  const rows = await db
    .selectFrom('reward_translations')
    .select(['lang', 'name', 'description'])
    .where('reward_id', '=', rewardId)
    .orderBy('lang')
    .execute();
  for (const wanted of [lang, 'en', 'fr']) {
    const row = rows.find((r) => r.lang === wanted);
    if (row) return row;
  }
  const any = rows[0];
  if (!any) throw notFound('Reward');
  return any;
}

export { notClaimed };
