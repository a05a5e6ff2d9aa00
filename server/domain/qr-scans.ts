/**
 * The QR scan record (POST /api/qr-scans/hotel/:hId and /room/:qrId, docs/behaviour.md#qr-scans): the app registers
 * the scan that opened a stay; the server adds it to its hotel's count of the hotel-local day and kind (HOTEL, ROOM)
 * in `qr_scan_days`, one row each however many scans come, and keeps nothing else of the record.
 *
 * Each scan is one use of an allowance (docs/behaviour.md#rate-limits): the stay's own (submissions per stay) when
 * the scan names the caller's stay entered with that very code — the app's scan right after the creation, which
 * already took the address's allowance — else one of the address's stay creations, taken before the code is looked
 * up, so guessing room QR ids through scans is bounded like stay creation.
 */
import type { Kysely } from 'kysely';
import type { QrScanBody, QrScanReply } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import type { Cap } from './caps.ts';
import { notFound } from './errors.ts';
import { localDate } from './hotel-time.ts';
import { type Caller, limitOfStay, stayCreationLimit, submissionsLimit, takeRateLimit } from './rate-limits.ts';

/** What was scanned: the hotel QR code of a hotel, or a room QR code by its id. */
type ScannedCode = { scanType: 'HOTEL'; hotelId: number } | { scanType: 'ROOM'; qrId: string };

/** The id of the stay the scan names when it is the caller's (its profile) and was entered with the scanned code. */
async function enteredStayId(db: Kysely<Database>, code: ScannedCode, scan: QrScanBody): Promise<number | null> {
  if (scan.stayUUID === null) return null;
  const stays = db
    .selectFrom('stays')
    .select('stays.id')
    .where('stays.s_uuid', '=', scan.stayUUID)
    .where('stays.profile_uuid', '=', scan.profileUUID);
  const stay =
    code.scanType === 'HOTEL'
      ? await stays.where('stays.hotel_id', '=', code.hotelId).executeTakeFirst()
      : await stays
          .innerJoin('rooms', 'rooms.id', 'stays.room_id')
          .where('rooms.qr_id', '=', code.qrId)
          .executeTakeFirst();
  return stay?.id ?? null;
}

function scanLimit(stayId: number | null, caller: Caller, now: Date): Cap | null {
  if (stayId === null) return stayCreationLimit(caller, now);
  const limit = submissionsLimit(caller, now);
  return limit && limitOfStay(limit, stayId);
}

/** The hotel whose day the scan counts for; undefined for an unknown hotel, a code no room has or a room without hotel. */
function scannedHotel(db: Kysely<Database>, code: ScannedCode) {
  if (code.scanType === 'HOTEL')
    return db.selectFrom('hotels').select(['id', 'time_zone']).where('id', '=', code.hotelId).executeTakeFirst();
  return db
    .selectFrom('rooms')
    .innerJoin('hotels', 'hotels.id', 'rooms.hotel_id')
    .select(['hotels.id', 'hotels.time_zone'])
    .where('rooms.qr_id', '=', code.qrId)
    .executeTakeFirst();
}

/** Counts the scan; its `scanId` is the id of the day's count it went into (the same for every scan of that count). */
async function recordScan(
  store: Store,
  code: ScannedCode,
  scan: QrScanBody,
  caller: Caller,
  now: Date,
): Promise<QrScanReply> {
  const limit = scanLimit(await enteredStayId(store.db, code, scan), caller, now);
  const scanId = await store.write(async (tx) => {
    // Taken before the code is looked up, and kept when it names nothing: a guessed code uses the allowance too.
    await takeRateLimit(tx, limit);
    const hotel = await scannedHotel(tx.db, code);
    if (!hotel) return null;
    const day = { hotel_id: hotel.id, day: localDate(now, hotel.time_zone), scan_type: code.scanType };
    const count = await tx.db
      .insertInto('qr_scan_days')
      .values({ ...day, scans: 1 })
      .onConflict((oc) =>
        oc.columns(['hotel_id', 'day', 'scan_type']).doUpdateSet((eb) => ({ scans: eb('qr_scan_days.scans', '+', 1) })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return count.id;
  });
  if (scanId === null) throw notFound(code.scanType === 'HOTEL' ? 'Hotel' : 'QR code');
  return { scanId };
}

/** A scan of the hotel's QR code (404 for an unknown hotel). */
export function recordHotelScan(store: Store, hotelId: number, scan: QrScanBody, caller: Caller, now: Date) {
  return recordScan(store, { scanType: 'HOTEL', hotelId }, scan, caller, now);
}

/** A scan of a room QR code, counted for the hotel the server knows for the code (404 when it has none). */
export function recordRoomScan(store: Store, qrId: string, scan: QrScanBody, caller: Caller, now: Date) {
  return recordScan(store, { scanType: 'ROOM', qrId }, scan, caller, now);
}
