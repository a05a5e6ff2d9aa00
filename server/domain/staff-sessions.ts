/**
 * Staff sessions (docs/behaviour.md#staff-sessions): the one way staff prove who they are. The hotel's staff PIN
 * opens a short-lived session whose random token staff calls send as `Authorization: Bearer <token>`; the server
 * keeps only the token's SHA-256. A session ends when it expires, when staff sign out, or when the hotel's PIN
 * changes. PIN attempts are reserved before the PIN is hashed (domain/pin-attempts.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffSessionReply } from '../../contract/schemas.ts';
import type { PinChecker } from '../content/pin.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';
import { countPinFailure, giveBackPinAttempt, type PinSender, reservePinAttempt } from './pin-attempts.ts';

/** How long a staff session lasts. */
export const STAFF_SESSION_MINUTES = 15;

const MINUTE = 60 * 1000;

/** What a valid staff token grants: the staff of one hotel, until `expiresAt`. */
export interface StaffSession {
  /** The session's row: signing out ends this one. */
  id: number;
  hotelId: number;
  expiresAt: string;
}

export interface OpenStaffSessionInput extends PinSender {
  hotelId: number;
  pin: string;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * POST /api/staff/sessions: a new session for the hotel's staff when `pin` is its staff PIN. 404 for an unknown
 * hotel; 429 staff_pin_rate_limited when the sender has no attempt left (before any hash runs, so the right PIN is
 * refused too and guessing stops); 503 staff_pin_busy when this process has too many PIN checks queued (the attempt
 * is given back); 403 staff_pin_invalid for a wrong PIN (the attempt stays spent). A right PIN gives its attempt back.
 */
export async function openStaffSession(
  store: Store,
  checkPin: PinChecker,
  input: OpenStaffSessionInput,
  now: Date,
): Promise<StaffSessionReply> {
  const stored = await store.db
    .selectFrom('hotels')
    .select('staff_pin_hash')
    .where('id', '=', input.hotelId)
    .executeTakeFirst();
  if (!stored) throw notFound('Hotel');
  const attempt = await store.write((tx) => reservePinAttempt(tx, input.hotelId, input, now));
  const check = checkPin(input.pin, stored.staff_pin_hash);
  if (!check) {
    await store.write((tx) => giveBackPinAttempt(tx, attempt));
    throw new DomainError('unavailable', 'staff_pin_busy', 'Too many staff PIN checks at once; try again', {
      retryAfterSeconds: 1,
    });
  }
  const pinMatches = await check;
  const opened = await store.write(async (tx) => {
    // Held, so a PIN change (content import) is before or after this whole step: a session of the old PIN opens
    // only before, and the import then ends it.
    const hotel = await tx
      .forUpdate(tx.db.selectFrom('hotels').select('staff_pin_hash').where('id', '=', input.hotelId), 'hotels')
      .executeTakeFirst();
    if (!pinMatches || hotel?.staff_pin_hash !== stored.staff_pin_hash) {
      await countPinFailure(tx, input.hotelId, now);
      return null;
    }
    await giveBackPinAttempt(tx, attempt);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_MINUTES * MINUTE).toISOString();
    await tx.db
      .insertInto('staff_sessions')
      .values({
        token_hash: tokenHash(token),
        hotel_id: input.hotelId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    // Housekeeping: expired sessions are of no use any more.
    await tx.db.deleteFrom('staff_sessions').where('expires_at', '<=', now.toISOString()).execute();
    return { token, expiresAt };
  });
  if (!opened) throw new DomainError('forbidden', 'staff_pin_invalid', 'Wrong staff PIN');
  return opened;
}

/** DELETE /api/staff/sessions/current: the session ends now; its token is refused from then on. */
export async function endStaffSession(store: Store, session: StaffSession): Promise<void> {
  await store.db.deleteFrom('staff_sessions').where('id', '=', session.id).execute();
}

/** Ends every open session of the hotel's staff (its PIN changed: whoever knew the old one is out). */
export async function endHotelStaffSessions(db: Kysely<Database>, hotelId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('hotel_id', '=', hotelId).execute();
}

/** The session a bearer token opens: 401 staff_session_invalid when unknown or expired. */
export async function staffSessionOf(db: Kysely<Database>, token: string, now: Date): Promise<StaffSession> {
  const row = await db
    .selectFrom('staff_sessions')
    .select(['id', 'hotel_id', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString())
    throw new DomainError('unauthorized', 'staff_session_invalid', 'The staff session is unknown or has expired');
  return { id: row.id, hotelId: row.hotel_id, expiresAt: row.expires_at };
}

/** 403 staff_session_wrong_hotel unless the session is one of `hotelId`'s staff. */
export function requireStaffOf(session: StaffSession, hotelId: number): void {
  if (session.hotelId !== hotelId)
    throw new DomainError('forbidden', 'staff_session_wrong_hotel', "The staff session is another hotel's");
}
