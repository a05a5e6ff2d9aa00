/** Printed QR codes: what a room code points to, and the log of every hotel and room scan. */
import type { QrScanBody, QrScanReply, RoomInfoReply } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';

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

async function recordScan(
  store: Store,
  scan: QrScanBody,
  place: { scanType: 'HOTEL' | 'ROOM'; hotelId: number | null; roomId: number | null },
  now: Date,
): Promise<QrScanReply> {
  const row = await store.db
    .insertInto('qr_scans')
    .values({
      qr_id: scan.qrId,
      profile_uuid: scan.profileUUID,
      stay_uuid: scan.stayUUID,
      user_agent: scan.userAgent,
      referer: scan.referer,
      scan_type: place.scanType,
      hotel_id: place.hotelId,
      room_id: place.roomId,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { scanId: row.id };
}

/** Logs a scan of the hotel's QR code (404 for an unknown hotel). */
export async function recordHotelScan(store: Store, hotelId: number, scan: QrScanBody, now: Date) {
  const hotel = await store.db.selectFrom('hotels').select('id').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  return recordScan(store, scan, { scanType: 'HOTEL', hotelId: hotel.id, roomId: null }, now);
}

/** Logs a scan of a room QR code with the server's own hotel and room ids, not the ones the client claims. */
export async function recordRoomScan(store: Store, qrId: string, scan: QrScanBody, now: Date) {
  const room = await findQrCode(store, qrId);
  const roomId = room.hotel_id === null ? null : room.id;
  return recordScan(store, scan, { scanType: 'ROOM', hotelId: room.hotel_id, roomId }, now);
}

// ---------- the addresses printed as QR codes (npm run qr:sheet; docs/behaviour.md#qr-sheets) ----------

/** `baseUrl` without its trailing slashes, so every address below has exactly one. */
function origin(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The hotel's QR code: where a guest without a room code starts (docs/behaviour.md#hotel-qr). */
export function hotelQrUrl(baseUrl: string, hotel: { id: number }): string {
  return `${origin(baseUrl)}/hotel/${hotel.id}`;
}

/** A room's QR code (docs/behaviour.md#room-qr). */
export function roomQrUrl(baseUrl: string, room: { qrId: string }): string {
  return `${origin(baseUrl)}/${encodeURIComponent(room.qrId)}`;
}

/** A printed proof code of a PROOF action (docs/behaviour.md#proof-page). */
export function proofQrUrl(baseUrl: string, proof: { actionId: number; hotelId: number; qrId: string }): string {
  const query = new URLSearchParams({ hId: String(proof.hotelId), qrId: proof.qrId });
  return `${origin(baseUrl)}/proof/${proof.actionId}?${query}`;
}
