/**
 * The server's rate limits (docs/behaviour.md#rate-limits): stay creations per client address (room lookups and QR
 * scan records count as ones) and submissions per stay, each per UTC minute. They are counted in `cap_counters` like the hotel's caps, so several server processes
 * agree, and sized for a breakfast room whose guests all share the hotel Wi-Fi's one public address.
 */
import ipaddr from 'ipaddr.js';
import type { QueryCreator } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Store, WriteTransaction } from '../db/store.ts';
import { type Cap, giveBackCap, stayCapSubject, takeCap } from './caps.ts';

/** Uses allowed per UTC minute; null: no limit (a load test's own server). */
export interface RateLimits {
  stayCreationsPerAddress: number | null;
  submissionsPerStay: number | null;
}

/** docs/behaviour.md#rate-limits: at least 60 stays a minute from one address (a breakfast room), twice that here. */
export const DEFAULT_RATE_LIMITS: RateLimits = { stayCreationsPerAddress: 120, submissionsPerStay: 30 };

/** Who makes a guest call: the client address (behind the proxies the app trusts) and the deployment's limits. */
export interface Caller {
  address: string;
  limits: RateLimits;
}

const STAY_CREATIONS = 'stay-creations';
const SUBMISSIONS = 'submissions';
const WINDOW_SECONDS = 60;

/** The UTC minute `now` falls in ('2026-11-25T14:20'): window ids sort as their minutes do. */
function minuteOf(now: Date): string {
  return now.toISOString().slice(0, 16);
}

function secondsLeftInMinute(now: Date): number {
  return WINDOW_SECONDS - now.getUTCSeconds();
}

/**
 * The subject an address is counted as: an IPv4 address itself, an IPv6 address by its /64 network (one home or
 * one device can hold a whole /64; counting each address would let it rotate through them).
 */
export function addressSubject(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().map((byte, index) => (index < 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}

/**
 * One stay creation (or taking a stay back, a room lookup, a scan record) from the caller's address; null when the
 * deployment sets no limit.
 */
export function stayCreationLimit(caller: Caller, now: Date): Cap | null {
  const limit = caller.limits.stayCreationsPerAddress;
  if (limit === null) return null;
  return {
    name: STAY_CREATIONS,
    subject: addressSubject(caller.address),
    windowId: minuteOf(now),
    limit,
    refusal: {
      code: 'stay_creation_rate_limited',
      message: `At most ${limit} stays a minute can be opened (QR codes looked up or scanned) from one address; try again in a minute`,
      retryAfterSeconds: secondsLeftInMinute(now),
    },
  };
}

/** A limit counted per stay: the cap of any stay, whose counter's subject is the stay's (`limitOfStay`). */
export type StayLimit = Omit<Cap, 'subject'>;

export const limitOfStay = (limit: StayLimit, stayId: number): Cap => ({ ...limit, subject: stayCapSubject(stayId) });

/** One submission (an answer, a meal photo, a proof) to a stay; null when the deployment sets no limit. */
export function submissionsLimit(caller: Caller, now: Date): StayLimit | null {
  const limit = caller.limits.submissionsPerStay;
  if (limit === null) return null;
  return {
    name: SUBMISSIONS,
    windowId: minuteOf(now),
    limit,
    refusal: {
      code: 'submission_rate_limited',
      message: `At most ${limit} submissions a minute are accepted for one stay; try again in a minute`,
      retryAfterSeconds: secondsLeftInMinute(now),
    },
  };
}

/**
 * The window whose clearing of a limit's past windows committed last in this process, by limit name, for each
 * database (keyed by its dialect's adapter, one per opened database, as db/prepared.ts keys its statements).
 */
const clearedWindows = new WeakMap<object, Map<string, string>>();

function clearedWindowsOf(tx: WriteTransaction): Map<string, string> {
  const adapter = tx.db.getExecutor().adapter;
  let cleared = clearedWindows.get(adapter);
  if (cleared === undefined) {
    cleared = new Map();
    clearedWindows.set(adapter, cleared);
  }
  return cleared;
}

/**
 * Takes one use of a rate limit inside the caller's write transaction, or throws its 429 refusal. The first use of
 * the limit in a window (a minute, for the guests' limits) by this process also clears the limit's past windows, so
 * the counters hold only the current ones: once a window per process rather than at each subject's first use, which
 * is most submissions and would cost each of them one more round trip to the database.
 */
export async function takeRateLimit(tx: WriteTransaction, cap: Cap | null): Promise<void> {
  if (cap === null) return;
  await takeCap(tx, cap);
  const cleared = clearedWindowsOf(tx);
  if (cleared.get(cap.name) === cap.windowId) return;
  await pastWindowsDeletion(tx.db, { cap: cap.name, windowId: cap.windowId });
  tx.afterCommit(() => cleared.set(cap.name, cap.windowId));
}

/** The deletion of the limit's counters of past windows (never read again: a use counts its own window only). */
export function pastWindowsDeletionQuery(db: QueryCreator<Database>, values: { cap: string; windowId: string }) {
  return db.deleteFrom('cap_counters').where('cap', '=', values.cap).where('window_id', '<', values.windowId);
}

const pastWindowsDeletion = prepared(pastWindowsDeletionQuery);

/** Takes one use in a transaction of its own: counted even when the call then fails (a guessed QR secret). */
export async function takeRateLimitNow(store: Store, cap: Cap | null): Promise<void> {
  if (cap === null) return;
  await store.write((tx) => takeRateLimit(tx, cap));
}

/**
 * Gives back the one use `takeRateLimitNow` took, when what it paid for could not be served (the meal analysis
 * failed). One conditional decrement of that use's own window: concurrent takes and gives agree on the row, and a
 * window already past (its counter cleared) is left as it is.
 */
export async function giveBackRateLimitNow(store: Store, cap: Cap | null): Promise<void> {
  if (cap === null) return;
  await store.write((tx) => giveBackCap(tx, cap));
}
