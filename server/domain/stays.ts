/**
 * Stays: ownership and the stay's lock, end date, termination, the stay limits, and the Stay entity of the contract
 * (remainingDays in the hotel's time zone). Creating a stay or taking it back: stay-entry.ts.
 *
 * A stay ends at its hotel's check-out time (hotel-local) on its end date, else on its `ends_by` date (creation day +
 * the hotel's maxStayNights), or at once when terminated or pushed out of a full room
 * (docs/behaviour.md#stay-limits, docs/trust-model.md#presence).
 */
import type { Kysely, QueryCreator } from 'kysely';
import { cleaningDateAt } from '../../contract/calendar-days.ts';
import type { Stay } from '../../contract/schemas.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { forUpdateOn, type Store, type WriteTransaction } from '../db/store.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { addDays, daysBetween, hasReached, isCalendarDate, localDate } from './hotel-time.ts';
import { codePrefixOf } from './hotels.ts';
import { balanceOf, earnedOf } from './ledger.ts';
import { limitOfStay, type StayLimit, takeRateLimit } from './rate-limits.ts';
import { recordStaffAction } from './staff-audit.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/**
 * The longest stay end date a guest may set, in days from hotel-local today (docs/behaviour.md#setting-the-end-date).
 */
export const MAX_END_DATE_DAYS = 14;

/** A stay with what the rules need of its hotel and room: the row of `stayQuery`. */
export type StayRecord = Awaited<ReturnType<ReturnType<typeof stayQuery>['executeTakeFirstOrThrow']>>;

/**
 * The hotel's and the room's columns come from scalar subqueries, not joins: SQLite answers them as lookups by id,
 * where it planned the join with `hotels` as a scan (docs/performance.md#api-writes).
 */
export function stayQuery(db: QueryCreator<Database>) {
  return db.selectFrom('stays').select((eb) => {
    const hotelColumn = <C extends keyof Database['hotels'] & string>(column: C) =>
      eb.selectFrom('hotels').select(column).whereRef('hotels.id', '=', 'stays.hotel_id').$asScalar();
    return [
      'stays.id',
      'stays.s_uuid',
      'stays.profile_uuid',
      'stays.hotel_id',
      'stays.room_id',
      'stays.status',
      'stays.end_date',
      'stays.ends_by',
      'stays.first_name',
      'stays.last_name',
      eb.selectFrom('rooms').select('number').whereRef('rooms.id', '=', 'stays.room_id').$asScalar().as('room_number'),
      hotelColumn('name').$notNull().as('hotel_name'),
      hotelColumn('code_prefix').as('code_prefix'),
      hotelColumn('time_zone').$notNull().as('time_zone'),
      hotelColumn('checkout_time').$notNull().as('checkout_time'),
      hotelColumn('content_version').$notNull().as('content_version'),
      hotelColumn('max_stay_nights').$notNull().as('max_stay_nights'),
    ];
  });
}

function ownedBy<Row extends StayRecord>(row: Row | undefined, profileUUID: string): Row {
  if (!row || row.profile_uuid !== profileUUID) throw notFound('Stay');
  return row;
}

/**
 * The stay `sUUID` as seen by profile `profileUUID`. A stay owned by another profile is reported
 * exactly like an unknown one (404), so a guessed sUUID reveals nothing.
 */
export async function findOwnedStay(db: Kysely<Database>, sUUID: string, profileUUID: string): Promise<StayRecord> {
  return ownedBy(await stayQuery(db).where('stays.s_uuid', '=', sUUID).executeTakeFirst(), profileUUID);
}

/**
 * The one way to lock a stay: `findOwnedStay` inside a write transaction, holding the stay row until the
 * transaction ends, so read-then-write work on one stay (points, claims, the e-mail allowance) runs one at a time.
 */
export async function lockOwnedStay(tx: WriteTransaction, sUUID: string, profileUUID: string): Promise<StayRecord> {
  const [stay] = await lockedStayRead(tx.db, { sUUID });
  return ownedBy(stay, profileUUID);
}

const lockedStayRead = prepared((db, values: { sUUID: string }) =>
  forUpdateOn(db, stayQuery(db).where('stays.s_uuid', '=', values.sUUID), 'stays'),
);

/** `lockOwnedStay`, then one use of the stay's rate limit `limit` (rate-limits.ts `takeRateLimit`), or its 429. */
export async function lockOwnedStayTakingLimit(
  tx: WriteTransaction,
  sUUID: string,
  profileUUID: string,
  limit: StayLimit | null,
): Promise<StayRecord> {
  const stay = await lockOwnedStay(tx, sUUID, profileUUID);
  if (limit !== null) await takeRateLimit(tx, limitOfStay(limit, stay.id));
  return stay;
}

type StayTiming = Pick<StayRecord, 'status' | 'end_date' | 'ends_by' | 'time_zone' | 'checkout_time'>;

/** Its check-out time (hotel-local) on its end date, else on its `ends_by` date, has come. */
export function checkedOut(stay: StayTiming, now: Date): boolean {
  return hasReached(now, stay.time_zone, stay.end_date ?? stay.ends_by, stay.checkout_time);
}

/**
 * Finished: terminated, or the check-out time (hotel-local) of its end date has come — of its `ends_by` date for a
 * stay without end date (docs/behaviour.md#stay-limits).
 */
export function isFinished(stay: StayTiming, now: Date): boolean {
  return stay.status === 'finished' || checkedOut(stay, now);
}

/**
 * The hotel-local days the stay has still started, today included, until check-out on its end date:
 * 1 on departure morning, 0 once checked out or terminated, null while no end date is known.
 */
export function remainingDays(stay: StayTiming, now: Date): number | null {
  if (isFinished(stay, now)) return 0;
  if (stay.end_date === null) return null;
  return daysBetween(localDate(now, stay.time_zone), stay.end_date) + 1;
}

function toStay(stay: StayRecord, greenMiles: number, earned: number, now: Date): Stay {
  return {
    sUUID: stay.s_uuid,
    hId: stay.hotel_id,
    rId: stay.room_id,
    roomNb: stay.room_number,
    hotelName: stay.hotel_name,
    codePrefix: codePrefixOf(stay),
    greenMiles: Math.max(0, greenMiles),
    profile: { firstName: stay.first_name, lastName: stay.last_name },
    profileUUID: stay.profile_uuid,
    status: isFinished(stay, now) ? 'finished' : 'active',
    remainingDays: remainingDays(stay, now),
    endDate: stay.end_date,
    lastDay: stay.ends_by,
    earnedGreenMiles: earned,
    timeZone: stay.time_zone,
    today: localDate(now, stay.time_zone),
    cleaningDate: cleaningDateAt(now, stay.time_zone),
  };
}

export async function stayEntity(db: Kysely<Database>, stay: StayRecord, now: Date): Promise<Stay> {
  return toStay(stay, await balanceOf(db, stay.id), await earnedOf(db, stay.id), now);
}

/** GET /api/stays/:sUUID: the caller's stay with its balance. */
export async function stayOf(store: Store, sUUID: string, profileUUID: string, now: Date): Promise<Stay> {
  return stayEntity(store.db, await findOwnedStay(store.db, sUUID, profileUUID), now);
}

/** The profile's latest stay at the hotel, finished or not. */
export function latestStayOf(db: Kysely<Database>, profileUUID: string, hotelId: number) {
  return stayQuery(db)
    .where('stays.profile_uuid', '=', profileUUID)
    .where('stays.hotel_id', '=', hotelId)
    .orderBy('stays.id', 'desc')
    .executeTakeFirst();
}

/** The profile's latest stay at the hotel while it is not finished (a proof credits it, domain/proofs.ts). */
export async function currentStayOf(db: Kysely<Database>, profileUUID: string, hotelId: number, now: Date) {
  const latest = await latestStayOf(db, profileUUID, hotelId);
  return latest && !isFinished(latest, now) ? latest : undefined;
}

/**
 * Ends the stay (idempotent): status finished, remainingDays 0. Staff only: 403 staff_session_wrong_hotel when
 * the session is another hotel's (docs/behaviour.md#termination). The audit trail records the reset that finished
 * it; a reset of a stay already finished changes nothing and records nothing.
 */
export async function terminateStay(
  store: Store,
  sUUID: string,
  profileUUID: string,
  staff: StaffSession,
  now: Date,
): Promise<Stay> {
  const stay = await findOwnedStay(store.db, sUUID, profileUUID);
  requireStaffOf(staff, stay.hotel_id);
  if (stay.status !== 'finished') await resetStay(store, stay, staff, now);
  return stayEntity(store.db, { ...stay, status: 'finished' }, now);
}

/** Finishes the stay and records who did, in one transaction; conditional, so two resets at once record one. */
async function resetStay(store: Store, stay: StayRecord, staff: StaffSession, now: Date): Promise<void> {
  await store.write(async (tx) => {
    const ended = await tx.db
      .updateTable('stays')
      .set({ status: 'finished', finished_at: now.toISOString() })
      .where('id', '=', stay.id)
      .where('status', '!=', 'finished')
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) return;
    await recordStaffAction(tx.db, {
      hotelId: stay.hotel_id,
      kind: 'stayReset',
      actor: staff,
      at: now,
      roomNumber: stay.room_number,
      stayUuid: stay.s_uuid,
    });
  });
}

/**
 * Refuses an end date the stay cannot have (docs/behaviour.md#setting-the-end-date): 400 unless a real date from
 * hotel-local today to today + MAX_END_DATE_DAYS; 409 end_date_after_last_day after the stay's last possible day
 * (`ends_by`: its creation day + the hotel's maxStayNights), which no end date moves.
 */
export function checkEndDate(endDate: string, stay: Pick<StayRecord, 'time_zone' | 'ends_by'>, now: Date): void {
  const today = localDate(now, stay.time_zone);
  const latest = addDays(today, MAX_END_DATE_DAYS);
  if (!isCalendarDate(endDate) || endDate < today || endDate > latest) {
    throw new DomainError('bad_request', 'bad_request', `endDate must be a date from ${today} to ${latest}`);
  }
  if (endDate > stay.ends_by) {
    throw new DomainError(
      'conflict',
      'end_date_after_last_day',
      `This stay ends on ${stay.ends_by} at the latest; a later stay starts with a new scan`,
    );
  }
}

/**
 * Sets the end date of a stay still under way: a finished one (terminated, or past its check-out) refuses it (409
 * stay_finished), so an end date never reopens a stay; only a scan takes a stay back (#taking-a-stay-back).
 */
export async function setEndDate(
  store: Store,
  sUUID: string,
  profileUUID: string,
  endDate: string,
  now: Date,
): Promise<Stay> {
  const stay = await findOwnedStay(store.db, sUUID, profileUUID);
  if (isFinished(stay, now)) throw stayFinished();
  checkEndDate(endDate, stay, now);
  // Conditional: a termination that lands between the read and this write keeps the stay finished.
  const updated = await store.db
    .updateTable('stays')
    .set({ end_date: endDate })
    .where('id', '=', stay.id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw stayFinished();
  return stayEntity(store.db, { ...stay, end_date: endDate }, now);
}
