/**
 * Staff PIN attempts (docs/behaviour.md#staff-sessions): an attempt is reserved in `cap_counters` before its PIN is
 * hashed, so a flood from one address runs at most the allowance of hashes and every further attempt is refused at
 * once; several server processes sharing the database agree. Attempts are counted by sender (the client address,
 * an IPv6 address by its /64): a stranger's guesses use the stranger's allowance, never the front desk's.
 */
import type { WriteTransaction } from '../db/store.ts';
import { type Cap, capUseQuery, giveBackCap } from './caps.ts';
import { addressSubject, pastWindowsDeletionQuery, takeRateLimit } from './rate-limits.ts';

/** The fixed UTC window attempts are counted in. */
export const PIN_WINDOW_MINUTES = 15;
/** PIN attempts one address may make per window (any hotel): above a hotel's staff mistyping on a shared address. */
export const PIN_ATTEMPTS_PER_ADDRESS = 10;
/** PIN attempts one address may make per UTC day: an address that keeps failing waits for the next day. */
export const PIN_ATTEMPTS_PER_ADDRESS_PER_DAY = 30;
/** Wrong PINs a hotel may receive per window (any address) before it counts as under attack. */
export const PIN_FAILURES_PER_HOTEL = 30;
/**
 * PIN attempts per window of an address while its hotel is under attack: a spread guess gets one try per address,
 * and staff at an address that has not failed still get theirs.
 */
export const PIN_ATTEMPTS_PER_ADDRESS_UNDER_ATTACK = 1;

const ADDRESS_WINDOW_CAP = 'staff-pin-attempts';
const ADDRESS_DAY_CAP = 'staff-pin-attempts-day';
const HOTEL_FAILURES_CAP = 'staff-pin-hotel-failures';
const WINDOW_MS = PIN_WINDOW_MINUTES * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who sends a PIN. A staff account, when there is one, will be a sender of its own. */
export interface PinSender {
  /** The caller's address (behind the proxies the app trusts). */
  clientAddress: string;
}

/** The uses an attempt took: given back when its PIN was right. */
export type PinAttempt = readonly Cap[];

/** The start of the window `now` falls in ('2026-11-26T20:45'): window ids sort as their windows do. */
function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

const windowIdOf = (now: Date) => windowStart(now).toISOString().slice(0, 16);
const secondsLeft = (end: number, now: Date) => (end - now.getTime()) / 1000;

function refusal(retryAfterSeconds: number): Cap['refusal'] {
  return { code: 'staff_pin_rate_limited', message: 'Too many staff PIN attempts; try again later', retryAfterSeconds };
}

function senderSubject(sender: PinSender): string {
  return `address:${addressSubject(sender.clientAddress)}`;
}

function attemptCaps(sender: PinSender, now: Date, perWindow: number): Cap[] {
  const subject = senderSubject(sender);
  const windowEnd = windowStart(now).getTime() + WINDOW_MS;
  const dayEnd = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
  return [
    {
      name: ADDRESS_WINDOW_CAP,
      subject,
      windowId: windowIdOf(now),
      limit: perWindow,
      refusal: refusal(secondsLeft(windowEnd, now)),
    },
    {
      name: ADDRESS_DAY_CAP,
      subject,
      windowId: now.toISOString().slice(0, 10),
      limit: PIN_ATTEMPTS_PER_ADDRESS_PER_DAY,
      refusal: refusal(secondsLeft(dayEnd, now)),
    },
  ];
}

function hotelFailuresKey(hotelId: number, now: Date) {
  return { cap: HOTEL_FAILURES_CAP, subject: `hotel:${hotelId}`, windowId: windowIdOf(now) };
}

/**
 * Reserves one PIN attempt of `sender` at the hotel, or throws 429 staff_pin_rate_limited (Retry-After: until the
 * window, or the day, whose allowance is spent ends). Call it before hashing the PIN.
 */
export async function reservePinAttempt(
  tx: WriteTransaction,
  hotelId: number,
  sender: PinSender,
  now: Date,
): Promise<PinAttempt> {
  const key = hotelFailuresKey(hotelId, now);
  const failures = await tx.db
    .selectFrom('cap_counters')
    .select('used')
    .where('cap', '=', key.cap)
    .where('subject', '=', key.subject)
    .where('window_id', '=', key.windowId)
    .executeTakeFirst();
  const underAttack = (failures?.used ?? 0) >= PIN_FAILURES_PER_HOTEL;
  const caps = attemptCaps(sender, now, underAttack ? PIN_ATTEMPTS_PER_ADDRESS_UNDER_ATTACK : PIN_ATTEMPTS_PER_ADDRESS);
  for (const cap of caps) await takeRateLimit(tx, cap);
  return caps;
}

/** Gives the attempt back: a right PIN (or an attempt whose PIN was never checked) costs the sender nothing. */
export async function giveBackPinAttempt(tx: WriteTransaction, attempt: PinAttempt): Promise<void> {
  for (const cap of attempt) await giveBackCap(tx, cap);
}

/** Counts a wrong PIN against the hotel (up to the bound past which it is under attack; more is not needed). */
export async function countPinFailure(tx: WriteTransaction, hotelId: number, now: Date): Promise<void> {
  const key = hotelFailuresKey(hotelId, now);
  const [counted] = await capUseQuery(tx.db, { ...key, limit: PIN_FAILURES_PER_HOTEL }).execute();
  if (counted?.used === 1) await pastWindowsDeletionQuery(tx.db, key).execute();
}
