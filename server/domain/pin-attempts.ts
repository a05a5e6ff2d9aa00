/**
 * Staff PIN attempts (docs/behaviour.md#staff-accounts): an attempt is reserved in `cap_counters` before its PIN is
 * hashed, so a flood runs at most the allowance of hashes and every further attempt is refused at once; several
 * server processes sharing the database agree. Attempts are counted by sender (the client address, an IPv6 address
 * by its /64) and by what they try to sign in as (the typed name, or PIN only): a stranger's guesses use the
 * stranger's allowance, and a guess spread over many addresses at one name puts that name alone under attack —
 * colleagues, and the person themself at an address that has not failed, still sign in.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WriteTransaction } from '../db/store.ts';
import { type Cap, capUseQuery, giveBackCap } from './caps.ts';
import { addressSubject, pastWindowsDeletionQuery, takeRateLimit } from './rate-limits.ts';

/** The fixed UTC window attempts are counted in. */
export const PIN_WINDOW_MINUTES = 15;
/** PIN attempts one address may make per window (any hotel): above a hotel's staff mistyping on a shared address. */
export const PIN_ATTEMPTS_PER_ADDRESS = 10;
/** PIN attempts one address may make per UTC day: an address that keeps failing waits for the next day. */
export const PIN_ATTEMPTS_PER_ADDRESS_PER_DAY = 30;
/**
 * Wrong PINs one sign-in target (a name, or PIN only, at one hotel) may receive per window from all addresses before
 * it is under attack; it stays so for the next window too.
 */
export const PIN_FAILURES_PER_ACCOUNT = 20;
/**
 * PIN attempts an address may make on a target under attack, per window of that address: a spread guess gets one
 * try per address, and the person at an address that has not failed still gets theirs.
 */
export const PIN_ATTEMPTS_PER_ADDRESS_UNDER_ATTACK = 1;
/**
 * An address's window on a target under attack doubles with each of its wrong PINs on that target that UTC day
 * (15, 30, 60… minutes), this many times at most.
 */
export const PIN_BACKOFF_MAX_DOUBLINGS = 5;

const ADDRESS_WINDOW_CAP = 'staff-pin-attempts';
const ADDRESS_DAY_CAP = 'staff-pin-attempts-day';
/** Wrong PINs of a target per window (subject: the target). */
const TARGET_FAILURES_CAP = 'staff-pin-target-failures';
/** Wrong PINs of an address on a target per UTC day (subject: target and address): its backoff. */
const TARGET_ADDRESS_FAILURES_CAP = 'staff-pin-target-address-failures';
/** Attempts of an address on a target under attack, one cap per backoff level (window: 15 × 2^level minutes). */
const backoffCap = (level: number) => `staff-pin-backoff-${level}`;
const WINDOW_MS = PIN_WINDOW_MINUTES * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who sends a PIN. */
export interface PinSender {
  /** The caller's address (behind the proxies the app trusts). */
  clientAddress: string;
}

/** What a PIN is tried on: a hotel's name (as `staffNameKey` keeps it), whether or not an account has it, or PIN only. */
export interface PinTarget {
  hotelId: number;
  nameKey: string | null;
}

/** The uses an attempt took: given back when its PIN was right. */
export type PinAttempt = readonly Cap[];

/** The start of the `length`-ms window `now` falls in; windows of a length twice another's hold two of them. */
const windowStartOf = (now: Date, length: number) => Math.floor(now.getTime() / length) * length;
/** '2026-11-26T20:45': window ids of one length sort as their windows do. */
const windowIdOf = (now: Date, length = WINDOW_MS) => new Date(windowStartOf(now, length)).toISOString().slice(0, 16);
const dayIdOf = (now: Date) => now.toISOString().slice(0, 10);
const secondsLeft = (end: number, now: Date) => (end - now.getTime()) / 1000;

function refusal(retryAfterSeconds: number): Cap['refusal'] {
  return { code: 'staff_pin_rate_limited', message: 'Too many staff PIN attempts; try again later', retryAfterSeconds };
}

const senderSubject = (sender: PinSender) => `address:${addressSubject(sender.clientAddress)}`;
const targetSubject = (target: PinTarget) =>
  `hotel:${target.hotelId}:${target.nameKey === null ? 'pin-only' : `name:${target.nameKey}`}`;
const targetAddressSubject = (target: PinTarget, sender: PinSender) =>
  `${targetSubject(target)}|${senderSubject(sender)}`;

function addressCaps(sender: PinSender, now: Date): Cap[] {
  const subject = senderSubject(sender);
  const windowEnd = windowStartOf(now, WINDOW_MS) + WINDOW_MS;
  const dayEnd = windowStartOf(now, DAY_MS) + DAY_MS;
  return [
    {
      name: ADDRESS_WINDOW_CAP,
      subject,
      windowId: windowIdOf(now),
      limit: PIN_ATTEMPTS_PER_ADDRESS,
      refusal: refusal(secondsLeft(windowEnd, now)),
    },
    {
      name: ADDRESS_DAY_CAP,
      subject,
      windowId: dayIdOf(now),
      limit: PIN_ATTEMPTS_PER_ADDRESS_PER_DAY,
      refusal: refusal(secondsLeft(dayEnd, now)),
    },
  ];
}

/**
 * The caps of an attempt on a target under attack by an address with `failures` wrong PINs on it today: one try in
 * the address's window of its backoff level, the try also counted in the (longer) windows of every level above, so
 * that after a wrong PIN the next level's window already holds it and the address waits for that window's end.
 */
function backoffCaps(subject: string, failures: number, now: Date): Cap[] {
  const caps: Cap[] = [];
  for (let level = Math.min(failures, PIN_BACKOFF_MAX_DOUBLINGS); level <= PIN_BACKOFF_MAX_DOUBLINGS; level++) {
    const length = WINDOW_MS * 2 ** level;
    const checked = caps.length === 0;
    caps.push({
      name: backoffCap(level),
      subject,
      windowId: windowIdOf(now, length),
      // Only the address's own level limits; the levels above count (an address's day allows no more anyway).
      limit: checked ? PIN_ATTEMPTS_PER_ADDRESS_UNDER_ATTACK : PIN_ATTEMPTS_PER_ADDRESS_PER_DAY,
      refusal: refusal(secondsLeft(windowStartOf(now, length) + length, now)),
    });
  }
  return caps;
}

async function counted(db: Kysely<Database>, cap: string, subject: string, windowIds: string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('cap_counters')
    .select('used')
    .where('cap', '=', cap)
    .where('subject', '=', subject)
    .where('window_id', 'in', windowIds)
    .execute();
  return rows.map((row) => row.used);
}

/** Whether the target received PIN_FAILURES_PER_ACCOUNT wrong PINs in this window or the one before. */
async function isUnderAttack(db: Kysely<Database>, target: PinTarget, now: Date): Promise<boolean> {
  const windows = [windowIdOf(new Date(now.getTime() - WINDOW_MS)), windowIdOf(now)];
  const failures = await counted(db, TARGET_FAILURES_CAP, targetSubject(target), windows);
  return failures.some((used) => used >= PIN_FAILURES_PER_ACCOUNT);
}

/**
 * Reserves one PIN attempt of `sender` on `target`, or throws 429 staff_pin_rate_limited (Retry-After: until the
 * window, or the day, whose allowance is spent ends). Call it before hashing the PIN.
 */
export async function reservePinAttempt(
  tx: WriteTransaction,
  target: PinTarget,
  sender: PinSender,
  now: Date,
): Promise<PinAttempt> {
  const caps = addressCaps(sender, now);
  if (await isUnderAttack(tx.db, target, now)) {
    const subject = targetAddressSubject(target, sender);
    const [failures = 0] = await counted(tx.db, TARGET_ADDRESS_FAILURES_CAP, subject, [dayIdOf(now)]);
    caps.push(...backoffCaps(subject, failures, now));
  }
  for (const cap of caps) await takeRateLimit(tx, cap);
  return caps;
}

/** Gives the attempt back: a right PIN (or an attempt whose PIN was never checked) costs the sender nothing. */
export async function giveBackPinAttempt(tx: WriteTransaction, attempt: PinAttempt): Promise<void> {
  for (const cap of attempt) await giveBackCap(tx, cap);
}

/**
 * Counts a wrong PIN against the target (up to the bound past which it is under attack; more is not needed) and
 * against the sender on that target (its backoff), and clears the counters no window reads any more.
 */
export async function countPinFailure(
  tx: WriteTransaction,
  target: PinTarget,
  sender: PinSender,
  now: Date,
): Promise<void> {
  const windowId = windowIdOf(now);
  const [onTarget] = await capUseQuery(tx.db, {
    cap: TARGET_FAILURES_CAP,
    subject: targetSubject(target),
    windowId,
    limit: PIN_FAILURES_PER_ACCOUNT,
  }).execute();
  // The window before stays: it is read to keep a target under attack.
  if (onTarget?.used === 1)
    await pastWindowsDeletionQuery(tx.db, {
      cap: TARGET_FAILURES_CAP,
      windowId: windowIdOf(new Date(now.getTime() - WINDOW_MS)),
    }).execute();
  const day = dayIdOf(now);
  const [fromSender] = await capUseQuery(tx.db, {
    cap: TARGET_ADDRESS_FAILURES_CAP,
    subject: targetAddressSubject(target, sender),
    windowId: day,
    limit: PIN_ATTEMPTS_PER_ADDRESS_PER_DAY,
  }).execute();
  if (fromSender?.used === 1)
    await pastWindowsDeletionQuery(tx.db, { cap: TARGET_ADDRESS_FAILURES_CAP, windowId: day }).execute();
}
