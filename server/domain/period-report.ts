/**
 * The sections the daily report and the monthly summary share (docs/behaviour.md#daily-report): over a hotel-local
 * period, the participation, gestures, estimated savings, rewards and points of the staff page's summary
 * (`periodSummary`, the one source of those figures), with what the summary does not carry — each kind of gesture's
 * confirmed share, who redeemed each reward, what housekeeping confirmed — and what needs the hotel's attention.
 * Read only.
 */
import type { Kysely } from 'kysely';
import type { CleaningOutcome } from '../../contract/evidence.ts';
import type { ImpactSummaryReply, Redemption } from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import { hotelUsesOfDay } from './code-check.ts';
import { addDays, daysBetween, localDate } from './hotel-time.ts';
import { byRoomNumber, cleaningChecksBetween, skippedCleanings } from './housekeeping.ts';
import { periodSummary } from './impact.ts';

/** A claimed reward still unused this many days after its claim, by a guest still staying, needs a word with them. */
export const UNUSED_CLAIM_DAYS = 3;
/** A reward whose code pool has fewer unused codes than this needs new codes before guests are refused one. */
export const LOW_CODE_POOL = 10;

export interface PeriodHotel {
  id: number;
  timeZone: string;
  /** The report's language: reward names are read in it. */
  language: string;
}

export interface CleaningCheck {
  cleaningDate: string;
  roomNumber: string;
  outcome: CleaningOutcome;
  /** The staff account that reported it; null once the account is gone. */
  staffName: string | null;
}

export interface UnconfirmedSkip {
  cleaningDate: string;
  roomNumber: string;
}

export interface UnusedClaim {
  roomNumber: string | null;
  rewardName: string;
  claimedAt: string;
}

export interface LowCodePool {
  rewardName: string;
  codesLeft: number;
}

export interface Attention {
  /** Rooms on the period's skip lists (still skipping) that housekeeping has not reported on. */
  unconfirmedSkips: UnconfirmedSkip[];
  /** Claims unused for UNUSED_CLAIM_DAYS or more by the end of the period, their guest still staying. */
  unusedClaims: UnusedClaim[];
  /** Active rewards whose code pool has fewer than LOW_CODE_POOL unused codes, as it stands now. */
  lowCodePools: LowCodePool[];
}

export interface PeriodSections {
  /** The hotel-local period, both days included. */
  from: string;
  to: string;
  /** Participation, actions, points, rewards and the estimated savings with their ranges. */
  summary: ImpactSummaryReply;
  /** The summary's actions by type, each with its confirmed share; most first. */
  /** The period's uses of rewards, the earliest first, each with who redeemed it. */
  redemptions: Redemption[];
  /** Housekeeping's reports on the period's skipped cleanings, by day then room. */
  cleaningChecks: CleaningCheck[];
  attention: Attention;
}

function eachDay(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, offset) => addDays(from, offset));
}

async function redemptionsOf(db: Kysely<Database>, hotel: PeriodHotel, days: string[]): Promise<Redemption[]> {
  const uses: Redemption[] = [];
  for (const day of days) uses.push(...(await hotelUsesOfDay(db, hotel.id, day, hotel.language)).reverse());
  return uses;
}

async function cleaningChecksOf(
  db: Kysely<Database>,
  hotelId: number,
  from: string,
  to: string,
): Promise<CleaningCheck[]> {
  const rows = await cleaningChecksBetween(db, hotelId, from, to);
  return rows
    .map((row) => ({
      cleaningDate: row.cleaning_date,
      roomNumber: row.room_number,
      outcome: row.outcome,
      staffName: row.staff_name,
    }))
    .sort((a, b) => a.cleaningDate.localeCompare(b.cleaningDate) || byRoomNumber(a.roomNumber, b.roomNumber));
}

async function unconfirmedSkips(
  db: Kysely<Database>,
  hotel: PeriodHotel,
  days: string[],
  checks: CleaningCheck[],
): Promise<UnconfirmedSkip[]> {
  const checked = new Set(checks.map((check) => `${check.cleaningDate} ${check.roomNumber}`));
  const skips: UnconfirmedSkip[] = [];
  for (const day of days)
    for (const room of await skippedCleanings(db, hotel, day))
      if (room.skipping && !checked.has(`${day} ${room.roomNumber}`))
        skips.push({ cleaningDate: day, roomNumber: room.roomNumber });
  return skips;
}

async function rewardNames(db: Kysely<Database>, rewardIds: number[], language: string): Promise<Map<number, string>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_translations')
    .select(['reward_id', 'lang', 'name'])
    .where('reward_id', 'in', rewardIds)
    .execute();
  const order = textLanguageOrder(language, language);
  return new Map(
    rewardIds.map((id) => [
      id,
      pickTranslation(
        rows.filter((row) => row.reward_id === id),
        order,
      )?.name ?? '',
    ]),
  );
}

async function unusedClaims(db: Kysely<Database>, hotel: PeriodHotel, to: string): Promise<UnusedClaim[]> {
  const lastClaimDay = addDays(to, -UNUSED_CLAIM_DAYS);
  const rows = await db
    .selectFrom('reward_claims as c')
    .innerJoin('stays as s', 's.id', 'c.stay_id')
    .leftJoin('rooms as r', 'r.id', 's.room_id')
    .select(['c.reward_id', 'c.claimed_at', 'r.number as room_number', 's.end_date', 's.ends_by'])
    .where('s.hotel_id', '=', hotel.id)
    .where('s.status', '!=', 'finished')
    .where('c.used_at', 'is', null)
    .where('c.claimed_at', '<', `${addDays(lastClaimDay, 2)}T00:00:00.000Z`)
    .orderBy('c.claimed_at')
    .orderBy('c.id')
    .execute();
  const waiting = rows.filter(
    (row) => (row.end_date ?? row.ends_by) >= to && localDate(new Date(row.claimed_at), hotel.timeZone) <= lastClaimDay,
  );
  const names = await rewardNames(db, [...new Set(waiting.map((row) => row.reward_id))], hotel.language);
  return waiting.map((row) => ({
    roomNumber: row.room_number,
    rewardName: names.get(row.reward_id) ?? '',
    claimedAt: row.claimed_at,
  }));
}

async function lowCodePools(db: Kysely<Database>, hotel: PeriodHotel): Promise<LowCodePool[]> {
  const rows = await db
    .selectFrom('reward_code_pool as p')
    .innerJoin('rewards as r', 'r.id', 'p.reward_id')
    .leftJoin('reward_claims as c', (join) =>
      join.onRef('c.hotel_id', '=', 'r.hotel_id').onRef('c.code', '=', 'p.code'),
    )
    .select([
      'p.reward_id',
      (eb) => eb.fn.count<number>('p.code').as('codes'),
      (eb) => eb.fn.count<number>('c.id').as('used'),
    ])
    .where('r.hotel_id', '=', hotel.id)
    .where('r.active', '=', 1)
    .groupBy('p.reward_id')
    .orderBy('p.reward_id')
    .execute();
  const low = rows
    .map((row) => ({ rewardId: row.reward_id, codesLeft: Number(row.codes) - Number(row.used) }))
    .filter((pool) => pool.codesLeft < LOW_CODE_POOL);
  const names = await rewardNames(
    db,
    low.map((pool) => pool.rewardId),
    hotel.language,
  );
  return low.map((pool) => ({ rewardName: names.get(pool.rewardId) ?? '', codesLeft: pool.codesLeft }));
}

/** The shared sections of the hotel's report over `from`–`to` (hotel-local days, both included). */
export async function periodSections(
  db: Kysely<Database>,
  hotel: PeriodHotel,
  from: string,
  to: string,
): Promise<PeriodSections> {
  const days = eachDay(from, to);
  const cleaningChecks = await cleaningChecksOf(db, hotel.id, from, to);
  return {
    from,
    to,
    summary: await periodSummary(db, { hotelId: hotel.id, from, to }),
    redemptions: await redemptionsOf(db, hotel, days),
    cleaningChecks,
    attention: {
      unconfirmedSkips: await unconfirmedSkips(db, hotel, days, cleaningChecks),
      unusedClaims: await unusedClaims(db, hotel, to),
      lowCodePools: await lowCodePools(db, hotel),
    },
  };
}
