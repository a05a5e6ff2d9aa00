/**
 * Stays: creation (idempotent per profile and hotel while active, only with the QR secret), ownership, end date,
 * termination, the stay limits, and the Stay entity of the contract (remainingDays in the hotel's time zone).
 *
 * A stay ends at its hotel's check-out time (hotel-local) on its end date, else on its `ends_by` date (creation day +
 * the hotel's maxStayNights), or at once when terminated or pushed out of a full room
 * (docs/behaviour.md#stay-limits, docs/trust-model.md#presence).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { CreatedStayReply, Stay } from '../../contract/schemas.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { dialectOf, forUpdateOn, type Store, type WriteTransaction } from '../db/store.ts';
import { capRefusal, capUpsert, stayCapSubjectOf } from './caps.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { addDays, daysBetween, hasReached, isCalendarDate, localDate } from './hotel-time.ts';
import { codePrefixOf } from './hotels.ts';
import { balanceOf, earnedOf } from './ledger.ts';
import { roomOfQrCode } from './qr-codes.ts';
import {
  type Caller,
  limitOfStay,
  pastWindowsDeletionQuery,
  type StayLimit,
  stayCreationLimit,
  takeRateLimit,
  takeRateLimitNow,
} from './rate-limits.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/**
 * The longest stay end date a guest may set, in days from hotel-local today (docs/behaviour.md#setting-the-end-date).
 */
export const MAX_END_DATE_DAYS = 14;

/** A stay with what the rules need of its hotel and room: the row of `stayQuery`. */
export type StayRecord = Awaited<ReturnType<ReturnType<typeof stayQuery>['executeTakeFirstOrThrow']>>;

/**
 * The hotel's and the room's columns come from scalar subqueries, not joins: on SQLite the join with `hotels` took 4
 * times as long as the stay's own lookup, the subqueries next to nothing (docs/performance.md#api-writes).
 */
function stayQuery(db: QueryCreator<Database>) {
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

/**
 * `lockOwnedStay`, then one use of the stay's rate limit `limit` (rate-limits.ts `takeRateLimit`), or its 429
 * refusal. On PostgreSQL one statement (docs/performance.md#api-writes): the limit's upsert and the deletion of its
 * past windows are data-modifying CTEs reading the locked stay, so they run after the lock as two statements would
 * (the upsert decides on the counter's latest row whatever the statement's snapshot), and an unknown stay writes
 * nothing; the ownership is checked first, as before, and a refusal rolls the use back with the transaction.
 */
export async function lockOwnedStayTakingLimit(
  tx: WriteTransaction,
  sUUID: string,
  profileUUID: string,
  limit: StayLimit | null,
): Promise<StayRecord> {
  if (limit === null) return lockOwnedStay(tx, sUUID, profileUUID);
  if (dialectOf(tx.db) === 'sqlite' || limit.limit < 1) {
    const stay = await lockOwnedStay(tx, sUUID, profileUUID);
    await takeRateLimit(tx, limitOfStay(limit, stay.id));
    return stay;
  }
  const [row] = await lockedStayWithLimitUse(tx.db, {
    sUUID,
    cap: limit.name,
    windowId: limit.windowId,
    limit: limit.limit,
  });
  const { limit_used: used, ...stay } = ownedBy(row, profileUUID);
  if (used === null) throw capRefusal(limit);
  return stay;
}

const lockedStayWithLimitUse = prepared((db, values: { sUUID: string; cap: string; windowId: string; limit: number }) =>
  db
    .with('stay', (qc) => stayQuery(qc).where('stays.s_uuid', '=', values.sUUID).forUpdate('stays'))
    .with('limit_use', (qc) =>
      capUpsert(
        qc
          .insertInto('cap_counters')
          .columns(['cap', 'subject', 'window_id', 'used'])
          .expression(
            qc
              .selectFrom('stay')
              .select((eb) => [
                eb.val(values.cap).as('cap'),
                stayCapSubjectOf(eb.ref('stay.id')).as('subject'),
                eb.val(values.windowId).as('window_id'),
                eb.lit(1).as('used'),
              ]),
          ),
        values.limit,
      ),
    )
    .with('past_windows', (qc) =>
      pastWindowsDeletionQuery(qc, values).where(sql<number | null>`(select used from limit_use)`, '=', 1),
    )
    .selectFrom('stay')
    .selectAll('stay')
    .select(sql<number | null>`(select used from limit_use)`.as('limit_used')),
);

type StayTiming = Pick<StayRecord, 'status' | 'end_date' | 'ends_by' | 'time_zone' | 'checkout_time'>;

function checkedOut(stay: StayTiming, now: Date): boolean {
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
  };
}

export async function stayEntity(db: Kysely<Database>, stay: StayRecord, now: Date): Promise<Stay> {
  return toStay(stay, await balanceOf(db, stay.id), await earnedOf(db, stay.id), now);
}

/** GET /api/stays/:sUUID: the caller's stay with its balance. */
export async function stayOf(store: Store, sUUID: string, profileUUID: string, now: Date): Promise<Stay> {
  return stayEntity(store.db, await findOwnedStay(store.db, sUUID, profileUUID), now);
}

/** How the guest came in: the proof of presence a stay creation needs (docs/trust-model.md#presence). */
export type StayEntry =
  /** A room QR code: the room and the QR id that was scanned; it must be that room's current id. */
  | { kind: 'room'; roomId: number; qrId: string | undefined }
  /** The hotel QR code with the key of its URL, needed unless the hotel's hotel-QR entry is open. */
  | { kind: 'hotel'; key: string | undefined }
  /** An on-site proof QR code, already checked by the caller: opens a stay only where the hotel QR needs no key. */
  | { kind: 'proof' };

export interface CreateStayInput {
  hotelId: number;
  entry: StayEntry;
  profileUUID?: string;
  caller: Caller;
}

export interface CreateStayResult {
  /** False when the profile's stay at the hotel came back (active, or taken back). */
  created: boolean;
  /** The stay part of the answer; stay-entry.ts adds what the actions page opens with. */
  answer: Pick<CreatedStayReply, 'sUUID' | 'profileUUID' | 'stay'>;
}

function createdStay(stay: Stay, created: boolean): CreateStayResult {
  return { created, answer: { sUUID: stay.sUUID, profileUUID: stay.profileUUID, stay } };
}

/** The QR secret the entry carries must be the hotel's or the room's current one, or stays are not created. */
async function checkEntry(
  db: Kysely<Database>,
  hotel: { id: number; qr_key: string; hotel_qr_entry: string },
  entry: StayEntry,
): Promise<number | null> {
  if (entry.kind === 'proof') {
    // A proof code is printed in the open and proves no room: it opens a stay only where the hotel QR is open too.
    if (hotel.hotel_qr_entry !== 'open')
      throw new DomainError(
        'forbidden',
        'proof_entry_closed',
        'This hotel opens stays with its QR codes: scan your room QR code (or the hotel QR code) first, then the proof',
      );
    return null;
  }
  if (entry.kind === 'hotel') {
    if (hotel.hotel_qr_entry === 'off')
      throw new DomainError('forbidden', 'hotel_entry_closed', 'This hotel opens stays with room QR codes only');
    if (hotel.hotel_qr_entry !== 'open' && entry.key !== hotel.qr_key)
      throw new DomainError('forbidden', 'hotel_key_invalid', "This is not the hotel QR code's current key");
    return null;
  }
  if (entry.qrId === undefined)
    throw new DomainError('bad_request', 'qr_id_required', 'A room stay needs the qrId of the scanned room QR code');
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('id', '=', entry.roomId)
    .where('hotel_id', '=', hotel.id)
    .where('qr_id', '=', entry.qrId)
    .executeTakeFirst();
  if (!room) throw new DomainError('forbidden', 'qr_code_invalid', "This is not the room QR code's current id");
  return room.id;
}

/**
 * Room capacity (docs/behaviour.md#stay-limits): with `keptStayId` in room `roomId`, the room holds at most
 * `capacity` active stays; the oldest others end (a new guest in the room means the previous one left). Runs inside
 * the creation's transaction, which holds the hotel row: every server process counts the same rows.
 */
async function makeRoom(
  db: Kysely<Database>,
  place: { roomId: number; capacity: number; keptStayId: number },
  now: Date,
): Promise<void> {
  const others = (
    await stayQuery(db)
      .where('stays.room_id', '=', place.roomId)
      .where('stays.status', '=', 'active')
      .where('stays.id', '!=', place.keptStayId)
      .orderBy('stays.created_at', 'asc')
      .orderBy('stays.id', 'asc')
      .execute()
  ).filter((stay) => !isFinished(stay, now));
  const leaving = others.slice(0, Math.max(0, others.length - (place.capacity - 1)));
  if (leaving.length === 0) return;
  await db
    .updateTable('stays')
    .set({ status: 'finished', finished_at: now.toISOString() })
    .where(
      'id',
      'in',
      leaving.map((stay) => stay.id),
    )
    .execute();
}

function latestStayOf(db: Kysely<Database>, profileUUID: string, hotelId: number) {
  return stayQuery(db)
    .where('stays.profile_uuid', '=', profileUUID)
    .where('stays.hotel_id', '=', hotelId)
    .orderBy('stays.id', 'desc')
    .executeTakeFirst();
}

/**
 * The profile's stay at the hotel it may have back (docs/behaviour.md#taking-a-stay-back): its latest, when still
 * active, or finished before its `ends_by` date's check-out — ending one's own stay early does not buy a fresh one.
 */
async function stayToResume(db: Kysely<Database>, profileUUID: string, hotelId: number, now: Date) {
  const latest = await latestStayOf(db, profileUUID, hotelId);
  if (!latest || hasReached(now, latest.time_zone, latest.ends_by, latest.checkout_time)) return undefined;
  return latest;
}

/** The profile's latest stay at the hotel while it is not finished (a proof credits it, domain/proofs.ts). */
export async function currentStayOf(db: Kysely<Database>, profileUUID: string, hotelId: number, now: Date) {
  const latest = await latestStayOf(db, profileUUID, hotelId);
  return latest && !isFinished(latest, now) ? latest : undefined;
}

/**
 * Creates a stay, or gives back the profile's stay at that hotel: active, or ended early and taken back (re-scanning
 * never loses points, ending early never buys a fresh balance). A room scan moves the stay to that room; a room holds
 * at most the hotel's roomCapacity active stays.
 */
export async function createStay(store: Store, input: CreateStayInput, now: Date): Promise<CreateStayResult> {
  // Counted before anything is checked: a guessed QR secret uses the address's allowance too.
  await takeRateLimitNow(store, stayCreationLimit(input.caller, now));
  return openStay(store, input, now);
}

export interface CreateRoomQrStayInput {
  /** The scanned room QR id: it names the room and, through it, the hotel. */
  qrId: string;
  profileUUID?: string;
  caller: Caller;
}

/**
 * A room QR code's stay from the scanned id alone (docs/server.md#stay-creation): what `GET /api/rooms/:qrId/info`
 * and `POST /api/stays/new` do in two calls. 404 for a code no room has and for a room without a hotel (the app's
 * "not activated" page, docs/behaviour.md#room-qr).
 */
export async function createRoomQrStay(
  store: Store,
  input: CreateRoomQrStayInput,
  now: Date,
): Promise<CreateStayResult> {
  // Counted before the code is looked up, as in createStay: guessing codes uses the address's allowance.
  await takeRateLimitNow(store, stayCreationLimit(input.caller, now));
  const { hId, rId } = await roomOfQrCode(store, input.qrId);
  if (hId === null || rId === null) throw notFound('QR code');
  // The code is checked again inside the creation's transaction: a rotation in between answers qr_code_invalid.
  const entry = { kind: 'room', roomId: rId, qrId: input.qrId } as const;
  return openStay(store, { hotelId: hId, entry, profileUUID: input.profileUUID, caller: input.caller }, now);
}

/** The creation itself, once the address's allowance is taken. */
async function openStay(store: Store, input: CreateStayInput, now: Date): Promise<CreateStayResult> {
  const profileUUID = input.profileUUID ?? randomUUID();
  return store.write(async (tx) => {
    const { db } = tx;
    // Holding the hotel row serialises concurrent creations for the hotel (room capacity counts hold across processes).
    const hotel = await tx
      .forUpdate(
        db
          .selectFrom('hotels')
          .select(['id', 'qr_key', 'hotel_qr_entry', 'max_stay_nights', 'room_capacity', 'time_zone'])
          .where('id', '=', input.hotelId),
        'hotels',
      )
      .executeTakeFirst();
    if (!hotel) throw notFound('Hotel');
    const roomId = await checkEntry(db, hotel, input.entry);
    const resumed = await stayToResume(db, profileUUID, input.hotelId, now);
    let stayId: number;
    if (resumed) {
      stayId = resumed.id;
      const move = roomId !== null && resumed.room_id !== roomId ? { room_id: roomId } : {};
      // Taken back: active again with its ledger and completions intact, until its ends_by date (or a future end date).
      const reopen = isFinished(resumed, now)
        ? { status: 'active', finished_at: null, end_date: checkedOut(resumed, now) ? null : resumed.end_date }
        : {};
      const changes = { ...move, ...reopen };
      if (Object.keys(changes).length > 0)
        await db.updateTable('stays').set(changes).where('id', '=', stayId).execute();
    } else {
      const row = await db
        .insertInto('stays')
        .values({
          s_uuid: randomUUID(),
          profile_uuid: profileUUID,
          hotel_id: input.hotelId,
          room_id: roomId,
          status: 'active',
          end_date: null,
          ends_by: addDays(localDate(now, hotel.time_zone), hotel.max_stay_nights),
          first_name: null,
          last_name: null,
          created_at: now.toISOString(),
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stayId = row.id;
    }
    const stayRoomId = roomId ?? resumed?.room_id ?? null;
    if (stayRoomId !== null)
      await makeRoom(db, { roomId: stayRoomId, capacity: hotel.room_capacity, keptStayId: stayId }, now);
    const stay = await stayQuery(db).where('stays.id', '=', stayId).executeTakeFirstOrThrow();
    return createdStay(await stayEntity(db, stay, now), resumed === undefined);
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
