/**
 * Reward claims, codes and use (docs/behaviour.md#reward-claims); the reward e-mail is in reward-emails.ts.
 *
 * - A claim debits `rwCost` once per reward per stay, in one write transaction that holds the stay
 *   (SQLite `BEGIN IMMEDIATE`, PostgreSQL `FOR UPDATE` on the stay row): concurrent claims are applied
 *   one after the other and can never overspend. `reward_claims` is unique per (stay, reward) and the
 *   debit's idempotency key is `reward-claim:{stayId}:{rewardId}`, so even a bypassed check cannot debit twice.
 * - CODE rewards (and the other rewards staff hand over on sight, `carriesCode`) get their code from the server: an
 *   unused code of the hotel's pool for that reward, drawn at random, when the content file lists one (each pool code
 *   goes to one stay only), else a generated code of CODE_LENGTH characters from CODE_ALPHABET. A code is unique per
 *   hotel (`reward_claims` is unique per (hotel, code)), so staff can look it up by itself; a generated code grows one
 *   character longer whenever random draws keep colliding.
 * - Caps (docs/behaviour.md#caps): each reward at most `maxClaimsPerRoomNight` per room and hotel-local night, and
 *   at most `maxPoolCodesPerDay` pool codes per hotel and hotel-local day, counted by domain/caps.ts.
 * - Use (`used`, `redeem`, `useSlider`) is irreversible and happens once.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isExpiredOn } from '../../contract/reward-code.ts';
import type { ClaimRewardReply } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store, WriteTransaction } from '../db/store.ts';
import { type Cap, takeCap } from './caps.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { currentNightId, localDate, NIGHT_ROLLOVER_HOUR, secondsUntilLocalHour } from './hotel-time.ts';
import { appendEntryIn, balanceOf } from './ledger.ts';
import { findOwnedStay, isFinished, lockOwnedStay, type StayRecord } from './stays.ts';

/** Unambiguous characters: no 0/O, 1/I, so codes read aloud well at the desk (docs/behaviour.md#reward-claims). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** docs/behaviour.md#reward-claims: eight characters (32⁸ ≈ 10¹² codes per hotel: a made-up code is never valid). */
export const CODE_LENGTH = 8;
const MAX_CODE_LENGTH = 16;
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
/** The rule lives in the contract: the guest's cards show an expired reward by the same rule. */
export { isExpiredOn };

const rewardExpired = () =>
  new DomainError('conflict', 'reward_expired', 'This reward is past its validity date and can no longer be claimed');
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

/** A code of the hotel already given to a claim (of any of its rewards). */
async function isCodeTaken(tx: Kysely<Database>, hotelId: number, code: string): Promise<boolean> {
  const taken = await tx
    .selectFrom('reward_claims')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('code', '=', code)
    .executeTakeFirst();
  return taken !== undefined;
}

/** Whether the reward gives codes from a pool the content file listed. */
async function hasCodePool(tx: Kysely<Database>, rewardId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('reward_code_pool')
    .select('code')
    .where('reward_id', '=', rewardId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An unused code of the reward's pool, drawn at random (so the order of the file does not tell the next code), or
 * 409 code_pool_exhausted. `pick` chooses an index below its argument (tests fix it).
 */
async function drawPoolCode(
  tx: Kysely<Database>,
  reward: { id: number; hotel_id: number },
  pick: (count: number) => number,
): Promise<string> {
  const unused = tx
    .selectFrom('reward_code_pool as p')
    .where('p.reward_id', '=', reward.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reward_claims as c')
            .select('c.id')
            .where('c.hotel_id', '=', reward.hotel_id)
            .whereRef('c.code', '=', 'p.code'),
        ),
      ),
    );
  const { n } = await unused.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) === 0) throw new DomainError('conflict', 'code_pool_exhausted', 'No code is left for this reward');
  const drawn = await unused
    .select('p.code')
    .orderBy('p.code')
    .limit(1)
    .offset(pick(Number(n)))
    .executeTakeFirstOrThrow();
  return drawn.code;
}

/**
 * The next code for a reward that carries one: from its pool when it has one, else generated and unique per hotel.
 * `draw` gives a random code of a length (tests replace it to force collisions).
 */
export async function issueCode(
  tx: Kysely<Database>,
  reward: { id: number; hotel_id: number },
  draw: (length: number) => string = randomCode,
): Promise<string> {
  if (await hasCodePool(tx, reward.id)) return drawPoolCode(tx, reward, randomInt);
  for (let length = CODE_LENGTH; length <= MAX_CODE_LENGTH; length++) {
    for (let attempt = 0; attempt < DRAWS_PER_LENGTH; attempt++) {
      const code = draw(length);
      if (!(await isCodeTaken(tx, reward.hotel_id, code))) return code;
    }
  }
  throw new Error('Could not generate a free reward code');
}

interface HotelCaps {
  is_demo: number;
  max_claims_per_room_night: number;
  max_pool_codes_per_day: number;
}

function hotelCaps(db: Kysely<Database>, hotelId: number): Promise<HotelCaps> {
  return db
    .selectFrom('hotels')
    .select(['is_demo', 'max_claims_per_room_night', 'max_pool_codes_per_day'])
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
}

/** docs/behaviour.md#caps: one claim of the reward out of the room's allowance for tonight. */
function roomClaimsCap(stay: StayRecord, rewardId: number, roomId: number, limit: number, now: Date): Cap {
  return {
    name: 'room-claims',
    subject: `reward:${rewardId}:room:${roomId}`,
    windowId: currentNightId(now, stay.time_zone),
    limit,
    refusal: {
      code: 'room_claim_limit',
      message: `This reward can be claimed at most ${limit} times per room and night; try again tomorrow`,
      retryAfterSeconds: secondsUntilLocalHour(now, stay.time_zone, NIGHT_ROLLOVER_HOUR),
    },
  };
}

/** docs/behaviour.md#caps: one pool code out of the hotel's allowance for today. */
function poolCodesCap(stay: StayRecord, limit: number, now: Date): Cap {
  return {
    name: 'pool-codes',
    subject: `hotel:${stay.hotel_id}`,
    windowId: localDate(now, stay.time_zone),
    limit,
    refusal: {
      code: 'pool_daily_limit',
      message: `At most ${limit} codes of this hotel's partners are given per day; try again tomorrow`,
      retryAfterSeconds: secondsUntilLocalHour(now, stay.time_zone, 0),
    },
  };
}

/**
 * Takes the claim's uses of the hotel's caps (refusals are 429 and roll the claim back). A demo hotel's rewards are
 * not real and its presenters replay claims (docs/behaviour.md#demo-reset): its claims are not capped.
 */
async function takeClaimCaps(tx: WriteTransaction, stay: StayRecord, reward: RewardRecord, now: Date): Promise<void> {
  const caps = await hotelCaps(tx.db, stay.hotel_id);
  if (caps.is_demo === 1) return;
  // A stay entered by the hotel QR has no room: the room cap cannot hold it (docs/trust-model.md#caps-and-limits).
  if (stay.room_id !== null)
    await takeCap(tx, roomClaimsCap(stay, reward.id, stay.room_id, caps.max_claims_per_room_night, now));
  if (carriesCode(reward.type) && (await hasCodePool(tx.db, reward.id)))
    await takeCap(tx, poolCodesCap(stay, caps.max_pool_codes_per_day, now));
}

/**
 * Claims the reward for the stay: debits rwCost and records the claim (with its code for a CODE reward)
 * in one write transaction. Refusals change nothing: 404 unknown stay/reward (or another hotel's),
 * 409 stay_finished, already_claimed, reward_expired, not_enough_greenmiles, code_pool_exhausted,
 * 429 room_claim_limit, pool_daily_limit.
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
    if (isExpiredOn(reward.valid_until, localDate(now, stay.time_zone))) throw rewardExpired();

    // Claims of one reward by different stays take its caps and its code one after the other.
    await tx.forUpdate(db.selectFrom('rewards').select('id').where('id', '=', reward.id), 'rewards').execute();
    await takeClaimCaps(tx, stay, reward, now);
    const code = carriesCode(reward.type) ? await issueCode(db, reward) : null;
    if (reward.cost > 0) {
      const appended = await appendEntryIn(
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
      if (!appended) throw alreadyClaimed();
    }
    await db
      .insertInto('reward_claims')
      .values({
        stay_id: stay.id,
        reward_id: reward.id,
        code,
        hotel_id: code === null ? null : reward.hotel_id,
        claimed_at: now.toISOString(),
        used_at: null,
      })
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
 * A finished stay may still use what it claimed (the guest paid for it; the discount is shown at check-out);
 * 409 not_claimed, reward_expired (past its validUntil), already_used.
 */
export async function useReward(
  store: Store,
  input: { sUUID: string; profileUUID: string; rewardId: number; sliderOnly?: boolean },
  now: Date,
): Promise<void> {
  const { stay, reward, claim } = await findClaimedReward(store.db, input.sUUID, input.profileUUID, input.rewardId);
  if (input.sliderOnly && reward.type !== 'SLIDER')
    throw new DomainError('bad_request', 'not_a_slider_reward', 'Only a SLIDER reward is used with the slider');
  if (!claim) throw notClaimed();
  if (isExpiredOn(reward.valid_until, localDate(now, stay.time_zone)))
    throw new DomainError(
      'conflict',
      'reward_expired',
      'This reward is past its validity date and can no longer be used',
    );
  const result = await store.db
    .updateTable('reward_claims')
    .set({ used_at: now.toISOString(), used_by: 'guest' })
    .where('id', '=', claim.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new DomainError('conflict', 'already_used', 'This reward has already been used');
}
