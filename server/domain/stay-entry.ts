/**
 * Entering a stay (docs/server.md#stay-creation): a scanned QR code creates the profile's stay at the hotel, or gives
 * it back (active, or ended early and taken back: re-scanning never loses points, ending early never buys a fresh
 * balance), only with the code's current secret (docs/trust-model.md#presence). A room scan moves the stay to that
 * room; a room holds at most the hotel's roomCapacity active stays (docs/behaviour.md#stay-limits).
 *
 * The answer holds everything the actions page opens with (the stay, its hotel and its actions list), so the guest's
 * phone waits on one call instead of four in a row on a weak hotel Wi-Fi
 * (docs/performance.md#qr-scan-to-actions-round-trips).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreatedStayReply, Stay } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { actionsOfStay } from './actions-list.ts';
import { DomainError, notFound } from './errors.ts';
import { addDays, hasReached, localDate } from './hotel-time.ts';
import { hotelInfo } from './hotels.ts';
import { roomOfQrCode } from './qr-codes.ts';
import { type Caller, stayCreationLimit, takeRateLimitNow } from './rate-limits.ts';
import { checkedOut, isFinished, latestStayOf, stayEntity, stayQuery } from './stays.ts';

/** How the guest came in: the proof of presence a stay creation needs (docs/trust-model.md#presence). */
export type StayEntry =
  /** A room QR code read by the app: the hotel, the room and the scanned id, which must be the room's current one. */
  | { kind: 'room'; hotelId: number; roomId: number; qrId: string | undefined }
  /** A room QR code's id alone: its room and hotel are the code's (404 when no room has it, or the room no hotel). */
  | { kind: 'roomQr'; qrId: string }
  /** The hotel QR code with the key of its URL, needed unless the hotel's hotel-QR entry is open. */
  | { kind: 'hotel'; hotelId: number; key: string | undefined }
  /** An on-site proof QR code, already checked by the caller: opens a stay only where the hotel QR needs no key. */
  | { kind: 'proof'; hotelId: number };

/** A room, hotel or proof entry: a room QR code's id resolved to its room and hotel. */
type PlacedEntry = Exclude<StayEntry, { kind: 'roomQr' }>;

export interface StayCreationInput {
  entry: StayEntry;
  profileUUID?: string | undefined;
  caller: Caller;
}

export interface CreatedStay {
  /** False when the profile's stay at the hotel came back (active, or taken back). */
  created: boolean;
  stay: Stay;
}

/**
 * Creates a stay, or gives back the profile's stay at that hotel. The address's allowance is taken before anything
 * is checked: a guessed QR secret or room code uses it too.
 */
export async function createStay(store: Store, input: StayCreationInput, now: Date): Promise<CreatedStay> {
  await takeRateLimitNow(store, stayCreationLimit(input.caller, now));
  return openStay(store, await placed(store, input.entry), input.profileUUID ?? randomUUID(), now);
}

/** POST /api/stays/new, /api/stays/hotel/:hId/new and /api/rooms/:qrId/stays: `createStay` with the page it opens. */
export async function enterStay(
  store: Store,
  input: StayCreationInput & {
    /** The language of the actions list; the hotel's primary language when absent. */
    lang?: string | undefined;
  },
  emailEnabled: boolean,
  now: Date,
): Promise<{ created: boolean; answer: CreatedStayReply }> {
  const { created, stay } = await createStay(store, input, now);
  const hotel = await hotelInfo(store, stay.hId, emailEnabled);
  const lang = input.lang ?? hotel.primaryLanguage;
  const actions = await actionsOfStay(store, { sUUID: stay.sUUID, profileUUID: stay.profileUUID, lang }, now);
  return { created, answer: { sUUID: stay.sUUID, profileUUID: stay.profileUUID, stay, hotel, lang, actions } };
}

/**
 * A room QR code's id as the room entry of its room and hotel. The id is checked again inside the creation's
 * transaction: a rotation in between answers qr_code_invalid.
 */
async function placed(store: Store, entry: StayEntry): Promise<PlacedEntry> {
  if (entry.kind !== 'roomQr') return entry;
  const { hId, rId } = await roomOfQrCode(store, entry.qrId);
  if (hId === null || rId === null) throw notFound('QR code');
  return { kind: 'room', hotelId: hId, roomId: rId, qrId: entry.qrId };
}

/** The creation's transaction, holding the hotel row: concurrent creations at a hotel run one at a time. */
function openStay(store: Store, entry: PlacedEntry, profileUUID: string, now: Date): Promise<CreatedStay> {
  return store.write(async (tx) => {
    const { db } = tx;
    const hotel = await tx
      .forUpdate(
        db
          .selectFrom('hotels')
          .select(['id', 'qr_key', 'hotel_qr_entry', 'max_stay_nights', 'room_capacity', 'time_zone'])
          .where('id', '=', entry.hotelId),
        'hotels',
      )
      .executeTakeFirst();
    if (!hotel) throw notFound('Hotel');
    const roomId = await checkEntry(db, hotel, entry);
    const resumed = await stayToResume(db, profileUUID, hotel.id, now);
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
          hotel_id: hotel.id,
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
    return { created: resumed === undefined, stay: await stayEntity(db, stay, now) };
  });
}

/** The QR secret the entry carries must be the hotel's or the room's current one, or stays are not created. */
async function checkEntry(
  db: Kysely<Database>,
  hotel: { id: number; qr_key: string; hotel_qr_entry: string },
  entry: PlacedEntry,
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

/**
 * The profile's stay at the hotel it may have back (docs/behaviour.md#taking-a-stay-back): its latest, when still
 * active, or finished before its `ends_by` date's check-out — ending one's own stay early does not buy a fresh one.
 */
async function stayToResume(db: Kysely<Database>, profileUUID: string, hotelId: number, now: Date) {
  const latest = await latestStayOf(db, profileUUID, hotelId);
  if (!latest || hasReached(now, latest.time_zone, latest.ends_by, latest.checkout_time)) return undefined;
  return latest;
}
