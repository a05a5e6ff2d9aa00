/**
 * Staff sessions (docs/behaviour.md#staff-sessions): the one way staff prove who they are. The hotel's staff PIN
 * opens a short-lived session whose random token staff calls send as `Authorization: Bearer <token>`; the server
 * keeps only the token's SHA-256. Wrong PINs are counted in the database per hotel and per client address, so every
 * server process sharing it refuses the same attempts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffSessionReply } from '../../contract/schemas.ts';
import { verifyPin } from '../content/pin.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';

/** How long a staff session lasts. */
export const STAFF_SESSION_MINUTES = 15;
/** The sliding window over which wrong PINs are counted. */
export const PIN_FAILURE_WINDOW_MINUTES = 15;
/** Wrong PINs one client address may send within the window (any hotel): a hotel's shared Wi-Fi address included. */
export const PIN_FAILURES_PER_ADDRESS = 10;
/** Wrong PINs one hotel may receive within the window (any address): bounds a guessing spread over many addresses. */
export const PIN_FAILURES_PER_HOTEL = 30;

const MINUTE = 60 * 1000;

/** What a valid staff token grants: the staff of one hotel, until `expiresAt`. */
export interface StaffSession {
  hotelId: number;
  expiresAt: string;
}

export interface OpenStaffSessionInput {
  hotelId: number;
  pin: string;
  /** The caller's address (behind the proxies the app trusts). */
  clientAddress: string;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * 429 staff_pin_rate_limited when the limit is reached, with the seconds until the failure that reached it leaves
 * the window; nothing otherwise.
 */
async function refuseWhenLimited(
  db: Kysely<Database>,
  column: 'hotel_id' | 'client_address',
  value: number | string,
  limit: number,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - PIN_FAILURE_WINDOW_MINUTES * MINUTE).toISOString();
  const limiting = await db
    .selectFrom('staff_pin_failures')
    .select('failed_at')
    .where(column, '=', value)
    .where('failed_at', '>', windowStart)
    .orderBy('failed_at', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  if (!limiting) return;
  const freedAt = new Date(limiting.failed_at).getTime() + PIN_FAILURE_WINDOW_MINUTES * MINUTE;
  throw new DomainError('rate_limited', 'staff_pin_rate_limited', 'Too many wrong staff PINs; try again later', {
    retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
  });
}

/**
 * POST /api/staff/sessions: a new session for the hotel's staff when `pin` is its staff PIN. 404 for an unknown
 * hotel, 429 staff_pin_rate_limited while too many wrong PINs were sent (checked before the PIN, so guessing
 * stops too), 403 staff_pin_invalid for a wrong PIN (which counts). The hotel row is held while counting, so
 * concurrent attempts on one hotel are counted one after the other.
 */
export async function openStaffSession(
  store: Store,
  input: OpenStaffSessionInput,
  now: Date,
): Promise<StaffSessionReply> {
  const stored = await store.db
    .selectFrom('hotels')
    .select('staff_pin_hash')
    .where('id', '=', input.hotelId)
    .executeTakeFirst();
  if (!stored) throw notFound('Hotel');
  // The PIN hash is slow on purpose: checked before the transaction (which holds the hotel, and on SQLite every
  // write) and only for a sender the limits still let through; the limits are checked again inside.
  await refuseWhenLimited(store.db, 'client_address', input.clientAddress, PIN_FAILURES_PER_ADDRESS, now);
  await refuseWhenLimited(store.db, 'hotel_id', input.hotelId, PIN_FAILURES_PER_HOTEL, now);
  const pinMatches = await verifyPin(input.pin, stored.staff_pin_hash);
  const opened = await store.write(async (tx) => {
    const hotel = await tx
      .forUpdate(tx.db.selectFrom('hotels').select(['id']).where('id', '=', input.hotelId), 'hotels')
      .executeTakeFirst();
    if (!hotel) throw notFound('Hotel');
    await refuseWhenLimited(tx.db, 'client_address', input.clientAddress, PIN_FAILURES_PER_ADDRESS, now);
    await refuseWhenLimited(tx.db, 'hotel_id', hotel.id, PIN_FAILURES_PER_HOTEL, now);
    if (!pinMatches) {
      // Recorded, then refused once the transaction has committed (a throw here would roll the record back).
      await tx.db
        .insertInto('staff_pin_failures')
        .values({ hotel_id: hotel.id, client_address: input.clientAddress, failed_at: now.toISOString() })
        .execute();
      return null;
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_MINUTES * MINUTE).toISOString();
    await tx.db
      .insertInto('staff_sessions')
      .values({
        token_hash: tokenHash(token),
        hotel_id: hotel.id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    // Housekeeping: expired sessions and failures out of the window are of no use any more.
    await tx.db.deleteFrom('staff_sessions').where('expires_at', '<=', now.toISOString()).execute();
    const windowStart = new Date(now.getTime() - PIN_FAILURE_WINDOW_MINUTES * MINUTE).toISOString();
    await tx.db.deleteFrom('staff_pin_failures').where('failed_at', '<=', windowStart).execute();
    return { token, expiresAt };
  });
  if (!opened) throw new DomainError('forbidden', 'staff_pin_invalid', 'Wrong staff PIN');
  return opened;
}

/** The session a bearer token opens: 401 staff_session_invalid when unknown or expired. */
export async function staffSessionOf(db: Kysely<Database>, token: string, now: Date): Promise<StaffSession> {
  const row = await db
    .selectFrom('staff_sessions')
    .select(['hotel_id', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString())
    throw new DomainError('unauthorized', 'staff_session_invalid', 'The staff session is unknown or has expired');
  return { hotelId: row.hotel_id, expiresAt: row.expires_at };
}

/** 403 staff_session_wrong_hotel unless the session is one of `hotelId`'s staff. */
export function requireStaffOf(session: StaffSession, hotelId: number): void {
  if (session.hotelId !== hotelId)
    throw new DomainError('forbidden', 'staff_session_wrong_hotel', "The staff session is another hotel's");
}
