/**
 * Stays: creation (idempotent per profile and hotel while active), ownership, end date, termination,
 * and the Stay entity of the contract (remainingDays in the hotel's time zone).
 *
 * A stay ends at its hotel's check-out time (hotel-local) on its end date, or at once when terminated.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreatedStayReply, Stay } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store, WriteTransaction } from '../db/store.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { addDays, daysBetween, hasReached, isCalendarDate, localDate } from './hotel-time.ts';
import { codePrefixOf } from './hotels.ts';
import { balanceOf, earnedOf } from './ledger.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/**
 * The longest stay end date a guest may set, in days from hotel-local today (docs/behaviour.md#setting-the-end-date).
 */
export const MAX_END_DATE_DAYS = 14;

/** A stay with what the rules need of its hotel and room: the row of `stayQuery`. */
export type StayRecord = Awaited<ReturnType<ReturnType<typeof stayQuery>['executeTakeFirstOrThrow']>>;

function stayQuery(db: Kysely<Database>) {
  return db
    .selectFrom('stays')
    .innerJoin('hotels', 'hotels.id', 'stays.hotel_id')
    .leftJoin('rooms', 'rooms.id', 'stays.room_id')
    .select([
      'stays.id',
      'stays.s_uuid',
      'stays.profile_uuid',
      'stays.hotel_id',
      'stays.room_id',
      'stays.status',
      'stays.end_date',
      'stays.first_name',
      'stays.last_name',
      'rooms.number as room_number',
      'hotels.name as hotel_name',
      'hotels.code_prefix',
      'hotels.time_zone',
      'hotels.checkout_time',
      'hotels.content_version',
    ]);
}

function ownedBy(row: StayRecord | undefined, profileUUID: string): StayRecord {
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
  const query = tx.forUpdate(stayQuery(tx.db).where('stays.s_uuid', '=', sUUID), 'stays');
  return ownedBy(await query.executeTakeFirst(), profileUUID);
}

type StayTiming = Pick<StayRecord, 'status' | 'end_date' | 'time_zone' | 'checkout_time'>;

function checkedOut(stay: StayTiming, now: Date): boolean {
  return stay.end_date !== null && hasReached(now, stay.time_zone, stay.end_date, stay.checkout_time);
}

/** Finished: terminated, or the check-out time of its end date has come (hotel-local). */
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
    earnedGreenMiles: earned,
  };
}

export async function stayEntity(db: Kysely<Database>, stay: StayRecord, now: Date): Promise<Stay> {
  return toStay(stay, await balanceOf(db, stay.id), await earnedOf(db, stay.id), now);
}

/** GET /api/stays/:sUUID: the caller's stay with its balance. */
export async function stayOf(store: Store, sUUID: string, profileUUID: string, now: Date): Promise<Stay> {
  return stayEntity(store.db, await findOwnedStay(store.db, sUUID, profileUUID), now);
}

export interface CreateStayInput {
  hotelId: number;
  /** rooms.id; the room must belong to the hotel. */
  roomId?: number;
  profileUUID?: string;
}

export interface CreateStayResult {
  /** False when the profile's active stay at the hotel came back. */
  created: boolean;
  answer: CreatedStayReply;
}

function createdStay(stay: Stay, created: boolean): CreateStayResult {
  return { created, answer: { sUUID: stay.sUUID, profileUUID: stay.profileUUID, stay } };
}

/**
 * Creates a stay, or returns the profile's active stay at that hotel (re-scanning never loses points).
 * A room scan on an existing stay moves the stay to that room.
 */
export async function createStay(store: Store, input: CreateStayInput, now: Date): Promise<CreateStayResult> {
  const profileUUID = input.profileUUID ?? randomUUID();
  return store.write(async (tx) => {
    const { db } = tx;
    // Holding the hotel row serialises concurrent creations for the hotel.
    const hotel = await tx
      .forUpdate(db.selectFrom('hotels').select('id').where('id', '=', input.hotelId), 'hotels')
      .executeTakeFirst();
    if (!hotel) throw notFound('Hotel');
    if (input.roomId !== undefined) {
      const room = await db
        .selectFrom('rooms')
        .select('id')
        .where('id', '=', input.roomId)
        .where('hotel_id', '=', input.hotelId)
        .executeTakeFirst();
      if (!room) throw notFound('Room');
    }
    const candidates = await stayQuery(db)
      .where('stays.profile_uuid', '=', profileUUID)
      .where('stays.hotel_id', '=', input.hotelId)
      .where('stays.status', '=', 'active')
      .orderBy('stays.id', 'desc')
      .execute();
    const active = candidates.find((s) => !isFinished(s, now));
    if (active) {
      if (input.roomId !== undefined && active.room_id !== input.roomId) {
        await db.updateTable('stays').set({ room_id: input.roomId }).where('id', '=', active.id).execute();
      }
      const fresh = await stayQuery(db).where('stays.id', '=', active.id).executeTakeFirstOrThrow();
      return createdStay(await stayEntity(db, fresh, now), false);
    }
    const sUUID = randomUUID();
    await db
      .insertInto('stays')
      .values({
        s_uuid: sUUID,
        profile_uuid: profileUUID,
        hotel_id: input.hotelId,
        room_id: input.roomId ?? null,
        status: 'active',
        end_date: null,
        first_name: null,
        last_name: null,
        created_at: now.toISOString(),
        finished_at: null,
      })
      .execute();
    const row = await stayQuery(db).where('stays.s_uuid', '=', sUUID).executeTakeFirstOrThrow();
    return createdStay(toStay(row, 0, 0, now), true);
  });
}

/**
 * Ends the stay (idempotent): status finished, remainingDays 0. Staff only: 403 staff_session_wrong_hotel when
 * the session is another hotel's (docs/behaviour.md#termination).
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
  if (stay.status !== 'finished') {
    await store.db
      .updateTable('stays')
      .set({ status: 'finished', finished_at: now.toISOString() })
      .where('id', '=', stay.id)
      .execute();
  }
  return stayEntity(store.db, { ...stay, status: 'finished' }, now);
}

/** Refuses (400) an end date that is not a real date from hotel-local today to today + MAX_END_DATE_DAYS. */
export function checkEndDate(endDate: string, timeZone: string, now: Date): void {
  const today = localDate(now, timeZone);
  const latest = addDays(today, MAX_END_DATE_DAYS);
  if (!isCalendarDate(endDate) || endDate < today || endDate > latest) {
    throw new DomainError('bad_request', 'bad_request', `endDate must be a date from ${today} to ${latest}`);
  }
}

/** Sets the end date: a real date from hotel-local today to today + MAX_END_DATE_DAYS. */
export async function setEndDate(
  store: Store,
  sUUID: string,
  profileUUID: string,
  endDate: string,
  now: Date,
): Promise<Stay> {
  const stay = await findOwnedStay(store.db, sUUID, profileUUID);
  if (stay.status === 'finished') throw stayFinished();
  checkEndDate(endDate, stay.time_zone, now);
  await store.db.updateTable('stays').set({ end_date: endDate }).where('id', '=', stay.id).execute();
  return stayEntity(store.db, { ...stay, end_date: endDate }, now);
}
