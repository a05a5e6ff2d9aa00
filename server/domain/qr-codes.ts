/**
 * Printed QR codes: their random ids and keys, the URLs they carry, their rotation by staff, what a room code points
 * to (docs/trust-model.md#presence).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  HotelKeyRotationReply,
  ProofCodesRotationReply,
  RoomInfoReply,
  RoomQrRotationReply,
} from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';
import { type Caller, stayCreationLimit, takeRateLimitNow } from './rate-limits.ts';
import { recordStaffAction, type StaffActor } from './staff-audit.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** Crockford's base32 in lower case: no i, l, o, u, so a printed id is never misread. */
const QR_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 12 letters of 32: 60 bits, far beyond guessing through a rate-limited API (docs/trust-model.md#presence). */
export const QR_ID_LENGTH = 12;

/** A new random room QR id or hotel QR key. */
export function randomQrId(): string {
  return Array.from({ length: QR_ID_LENGTH }, () => QR_ALPHABET[randomInt(QR_ALPHABET.length)]).join('');
}

/** The URL a room's QR code carries: `{baseUrl}/{qrId}` (the only place that builds it). */
export function roomQrUrl(baseUrl: string, qrId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(qrId)}`;
}

/** The URL the hotel's QR code carries: `{baseUrl}/hotel/{hotelId}?k={key}` (the only place that builds it). */
export function hotelQrUrl(baseUrl: string, hotelId: number, key: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/hotel/${hotelId}?k=${encodeURIComponent(key)}`;
}

export interface HotelQrCodes {
  hotelId: number;
  /** The hotel QR code's current key. */
  key: string;
  /** The hotel's rooms with their current QR ids, by room number. */
  rooms: Array<{ number: string; qrId: string }>;
}

/** The current QR secrets of a hotel (what `npm start` prints and the QR sheets carry); null for an unknown hotel. */
export async function qrCodesOf(db: Kysely<Database>, hotelId: number): Promise<HotelQrCodes | null> {
  const hotel = await db.selectFrom('hotels').select('qr_key').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) return null;
  const rooms = await db
    .selectFrom('rooms')
    .select(['number', 'qr_id'])
    .where('hotel_id', '=', hotelId)
    .orderBy('number')
    .execute();
  return {
    hotelId,
    key: hotel.qr_key,
    rooms: rooms.map((room) => ({ number: room.number ?? '', qrId: room.qr_id })),
  };
}

/**
 * A rotation changes what the hotel's content document says (a room's `qrId`, the `qrKey`, an action's `proofQrIds`):
 * it renews the content version, so a document opened before it is refused on save (409 content_version_conflict)
 * instead of naming an id that no longer exists (docs/behaviour.md#rooms-and-qr-codes).
 */
async function renewContentVersion(db: Kysely<Database>, hotelId: number): Promise<void> {
  await db.updateTable('hotels').set({ content_version: randomUUID() }).where('id', '=', hotelId).execute();
}

/**
 * Gives room `roomNumber` of the hotel a new random QR id: the old printed code stops working at once (the staff call
 * and `npm run qr:rotate`); the audit trail records who did it. 404 for a room the hotel does not have.
 */
export function rotateRoomQrId(
  store: Store,
  hotelId: number,
  roomNumber: string,
  by: StaffActor,
  now: Date,
): Promise<RoomQrRotationReply> {
  return store.write(async (tx) => {
    const qrId = randomQrId();
    const updated = await tx.db
      .updateTable('rooms')
      .set({ qr_id: qrId, qr_generated: 1 })
      .where('hotel_id', '=', hotelId)
      .where('number', '=', roomNumber)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Room');
    await renewContentVersion(tx.db, hotelId);
    await recordStaffAction(tx.db, { hotelId, kind: 'roomQrRotated', actor: by, at: now, roomNumber });
    return { hId: hotelId, roomNumber, qrId };
  });
}

/**
 * Gives the hotel QR code a new random key; the old key stops working at once; the audit trail records who did it
 * (the content version is renewed with it, as by `renewContentVersion`). 404 for an unknown hotel.
 */
export function rotateHotelKey(
  store: Store,
  hotelId: number,
  by: StaffActor,
  now: Date,
): Promise<HotelKeyRotationReply> {
  return store.write(async (tx) => {
    const key = randomQrId();
    const updated = await tx.db
      .updateTable('hotels')
      .set({ qr_key: key, qr_key_generated: 1, content_version: randomUUID() })
      .where('id', '=', hotelId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Hotel');
    await recordStaffAction(tx.db, { hotelId, kind: 'hotelKeyRotated', actor: by, at: now });
    return { hId: hotelId, key };
  });
}

/** The hotel's active PROOF action named by its content key, else by its id; undefined when it has none such. */
export async function proofActionOf(db: Kysely<Database>, hotelId: number, keyOrId: string) {
  const proofActions = db
    .selectFrom('actions')
    .select(['id', 'key'])
    .where('hotel_id', '=', hotelId)
    .where('type', '=', 'PROOF')
    .where('active', '=', 1);
  const byKey = await proofActions.where('key', '=', keyOrId).executeTakeFirst();
  if (byKey || !/^[1-9]\d{0,8}$/.test(keyOrId)) return byKey;
  return proofActions.where('id', '=', Number(keyOrId)).executeTakeFirst();
}

/**
 * Gives each printed code of the hotel's PROOF action (its key or its id) a new random id: the old codes stop
 * validating proofs at once (the staff call and `npm run qr:rotate -- --proof`); the audit trail records who did it.
 * 404 for a PROOF action the hotel does not have.
 */
export function rotateProofCodes(
  store: Store,
  hotelId: number,
  keyOrId: string,
  by: StaffActor,
  now: Date,
): Promise<ProofCodesRotationReply> {
  return store.write(async (tx) => {
    const action = await proofActionOf(tx.db, hotelId, keyOrId);
    if (!action) throw notFound('Proof action');
    const removed = await tx.db.deleteFrom('proof_codes').where('action_id', '=', action.id).executeTakeFirst();
    const qrIds = Array.from({ length: Math.max(1, Number(removed.numDeletedRows)) }, randomQrId);
    await tx.db
      .insertInto('proof_codes')
      .values(qrIds.map((qrId) => ({ action_id: action.id, qr_id: qrId, generated: 1 })))
      .execute();
    await renewContentVersion(tx.db, hotelId);
    await recordStaffAction(tx.db, { hotelId, kind: 'proofCodeRotated', actor: by, at: now, detail: action.key });
    return { hId: hotelId, actionId: action.id, actionKey: action.key, qrIds };
  });
}

/** The staff call: the session's own hotel only (403 staff_session_wrong_hotel). */
export async function rotateRoomQrIdAsStaff(
  store: Store,
  staff: StaffSession,
  hotelId: number,
  roomNumber: string,
  now: Date,
) {
  requireStaffOf(staff, hotelId);
  return rotateRoomQrId(store, hotelId, roomNumber, staff, now);
}

export async function rotateHotelKeyAsStaff(store: Store, staff: StaffSession, hotelId: number, now: Date) {
  requireStaffOf(staff, hotelId);
  return rotateHotelKey(store, hotelId, staff, now);
}

export async function rotateProofCodesAsStaff(
  store: Store,
  staff: StaffSession,
  hotelId: number,
  keyOrId: string,
  now: Date,
) {
  requireStaffOf(staff, hotelId);
  return rotateProofCodes(store, hotelId, keyOrId, staff, now);
}

async function findQrCode(store: Store, qrId: string) {
  const room = await store.db
    .selectFrom('rooms')
    .select(['id', 'hotel_id'])
    .where('qr_id', '=', qrId)
    .executeTakeFirst();
  if (!room) throw notFound('QR code');
  return room;
}

/** The hotel and room of a room QR code; both null for a code not assigned to a hotel ("not activated"). */
export async function roomOfQrCode(store: Store, qrId: string): Promise<RoomInfoReply> {
  const room = await findQrCode(store, qrId);
  return room.hotel_id === null ? { hId: null, rId: null } : { hId: room.hotel_id, rId: room.id };
}

/**
 * GET /api/rooms/:qrId/info: `roomOfQrCode`, one use of the address's stay-creation allowance, taken before the code
 * is looked up, so guessing room QR ids through this call is bounded like stay creation (docs/behaviour.md#rate-limits).
 */
export async function roomInfo(store: Store, qrId: string, caller: Caller, now: Date): Promise<RoomInfoReply> {
  await takeRateLimitNow(store, stayCreationLimit(caller, now));
  return roomOfQrCode(store, qrId);
}

// ---------- the addresses printed as QR codes (npm run qr:sheet; docs/behaviour.md#qr-sheets) ----------

/** A printed proof code of a PROOF action (docs/behaviour.md#proof-page). */
export function proofQrUrl(baseUrl: string, proof: { actionId: number; hotelId: number; qrId: string }): string {
  const query = new URLSearchParams({ hId: String(proof.hotelId), qrId: proof.qrId });
  return `${baseUrl.replace(/\/+$/, '')}/proof/${proof.actionId}?${query}`;
}
