/**
 * The housekeeping list (docs/behaviour.md#housekeeping-list): the rooms whose guests skipped the cleaning of one
 * hotel-local day. A skip answer speaks of the day the 11:00 switch names (docs/behaviour.md#skip-cleaning): an
 * answer given before 11:00 skips that day's cleaning, one given from 11:00 on skips the next day's. The answers
 * are read from the answer log (`action_answers`), which keeps every change, so the list also shows a room whose
 * guest changed the answer back, and when; only the answers of stays still in the room on that day count.
 */
import type { Kysely } from 'kysely';
import { cleaningDateAt } from '../../contract/calendar-days.ts';
import type { CleaningCheck, HousekeepingReply, HousekeepingRoom } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import { DomainError, notFound } from './errors.ts';
import { addDays, isCalendarDate, localDate } from './hotel-time.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** The completion a skip answer made: what a cleaning check speaks of. */
export interface SkipCompletion {
  stayId: number;
  stayUuid: string;
  actionId: number;
  nightId: string;
}

export interface SkippedCleaning {
  roomNumber: string;
  /** When the room's current (or last) skip answer was given, ISO. */
  since: string;
  /** False once the guest changed the answer back to keeping the cleaning. */
  skipping: boolean;
  /** When the answer was changed back (ISO), null while skipping. */
  changedBackAt: string | null;
}

/**
 * True when the answering stay still sleeps in the room it answered for the night after `date`: it checks out after
 * that day (its end date, else its last possible day), was not ended on or before it (terminated, or pushed out by a
 * new guest in the room), and has not moved to another room. Otherwise the room gets its cleaning: the next guest
 * may sleep there that night.
 */
function stayRunsOn(
  stay: { status: string; finished_at: string | null; end_date: string | null; ends_by: string; room: string | null },
  roomNumber: string,
  date: string,
  timeZone: string,
): boolean {
  if ((stay.end_date ?? stay.ends_by) <= date || stay.room !== roomNumber) return false;
  if (stay.status !== 'finished') return true;
  return stay.finished_at !== null && localDate(new Date(stay.finished_at), timeZone) > date;
}

/**
 * The rooms that skipped the cleaning of `date` (hotel-local YYYY-MM-DD), sorted by room number (numeric-aware:
 * 2 before 10), from the answers of stays still in that room on that day (`stayRunsOn`). Answers without a room
 * number (a stay with no room, an app that sent none) cannot be cleaned by room and are left out.
 */
export async function skippedCleanings(
  db: Kysely<Database>,
  hotel: { id: number; timeZone: string },
  date: string,
): Promise<SkippedCleaning[]> {
  return (await skipsOfDay(db, hotel, date)).map(({ completion: _, ...room }) => room);
}

/** `skippedCleanings`, each room with the completion of its current (or last) skip answer. */
export async function skipsOfDay(
  db: Kysely<Database>,
  hotel: { id: number; timeZone: string },
  date: string,
): Promise<(SkippedCleaning & { completion: SkipCompletion })[]> {
  // The day's skips were answered on that day (before 11:00) or on the day before (from 11:00 on).
  const answers = await db
    .selectFrom('action_answers as a')
    .innerJoin('stays as s', 's.id', 'a.stay_id')
    .leftJoin('rooms as r', 'r.id', 's.room_id')
    .select(['a.room_number', 'a.response', 'a.created_at', 'a.stay_id', 'a.action_id', 'a.night_id'])
    .select(['s.status', 's.finished_at', 's.end_date', 's.ends_by', 's.s_uuid', 'r.number as room'])
    .where('a.hotel_id', '=', hotel.id)
    .where('a.action_type', '=', 'LUNICLEAN')
    .where('a.answered_on', 'in', [addDays(date, -1), date])
    .where('a.room_number', 'is not', null)
    .orderBy('a.id')
    .execute();
  const rooms = new Map<string, SkippedCleaning & { completion: SkipCompletion }>();
  for (const answer of answers) {
    const roomNumber = answer.room_number;
    if (roomNumber === null || cleaningDateAt(new Date(answer.created_at), hotel.timeZone) !== date) continue;
    if (!stayRunsOn(answer, roomNumber, date, hotel.timeZone)) continue;
    if (answer.response === 'SKIP') {
      const completion = {
        stayId: answer.stay_id,
        stayUuid: answer.s_uuid,
        actionId: answer.action_id,
        nightId: answer.night_id,
      };
      rooms.set(roomNumber, { roomNumber, since: answer.created_at, skipping: true, changedBackAt: null, completion });
    } else {
      const room = rooms.get(roomNumber);
      if (room?.skipping) rooms.set(roomNumber, { ...room, skipping: false, changedBackAt: answer.created_at });
    }
  }
  return [...rooms.values()].sort((a, b) => byRoomNumber(a.roomNumber, b.roomNumber));
}

/** Room numbers in reading order: numeric parts compared as numbers. */
export function byRoomNumber(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The hotel's id and time zone; 404 for an unknown hotel. */
export async function hotelClock(db: Kysely<Database>, hotelId: number): Promise<{ id: number; timeZone: string }> {
  const row = await db.selectFrom('hotels').select(['id', 'time_zone']).where('id', '=', hotelId).executeTakeFirst();
  if (!row) throw notFound('Hotel');
  return { id: row.id, timeZone: row.time_zone };
}

/**
 * GET /api/staff/hotels/{hId}/housekeeping: the list of `date` (today hotel-local when absent) for the hotel's
 * staff (403 staff_session_wrong_hotel otherwise; 400 bad_request for a date that is not a calendar date).
 */
export async function housekeepingList(
  db: Kysely<Database>,
  session: StaffSession,
  request: { hotelId: number; date?: string | undefined },
  now: Date,
): Promise<HousekeepingReply> {
  requireStaffOf(session, request.hotelId);
  if (request.date !== undefined && !isCalendarDate(request.date))
    throw new DomainError('bad_request', 'bad_request', `${request.date} is not a calendar date`);
  const hotel = await hotelClock(db, request.hotelId);
  const date = request.date ?? localDate(now, hotel.timeZone);
  return { date, rooms: await housekeepingRooms(db, hotel.id, await skippedCleanings(db, hotel, date), date) };
}

/** The rooms of the list of `date`, each with what housekeeping reported for it (null: nothing yet). */
export async function housekeepingRooms(
  db: Kysely<Database>,
  hotelId: number,
  rooms: readonly SkippedCleaning[],
  date: string,
): Promise<HousekeepingRoom[]> {
  const checks = await cleaningChecksOfDay(db, hotelId, date);
  return rooms.map((room) => ({ ...room, check: checks.get(room.roomNumber) ?? null }));
}

/** Housekeeping's reports on the skipped cleanings of `from`–`to` (hotel-local days), with who made each. */
export function cleaningChecksBetween(db: Kysely<Database>, hotelId: number, from: string, to: string) {
  return db
    .selectFrom('cleaning_checks as k')
    .leftJoin('staff_accounts as p', 'p.id', 'k.account_id')
    .select(['k.cleaning_date', 'k.room_number', 'k.outcome', 'k.checked_at', 'p.name as staff_name'])
    .where('k.hotel_id', '=', hotelId)
    .where('k.cleaning_date', '>=', from)
    .where('k.cleaning_date', '<=', to)
    .execute();
}

/** Housekeeping's reports on the skipped cleanings of `date`, by room number. */
async function cleaningChecksOfDay(
  db: Kysely<Database>,
  hotelId: number,
  date: string,
): Promise<Map<string, CleaningCheck>> {
  const rows = await cleaningChecksBetween(db, hotelId, date, date);
  return new Map(
    rows.map((row) => [
      row.room_number,
      { outcome: row.outcome, checkedBy: row.staff_name, checkedAt: row.checked_at },
    ]),
  );
}
