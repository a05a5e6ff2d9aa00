/**
 * The limits a hotel sets on what one room, one stay, one address or the whole hotel can take in a window
 * (docs/behaviour.md#caps). A use is counted in `cap_counters` by one conditional upsert (`used < limit`) inside the
 * caller's write transaction: several server processes sharing the database agree, and a refusal that rolls the
 * transaction back gives the use back.
 */
import type { QueryCreator } from 'kysely';
import type { ErrorCode } from '../../contract/errors.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { WriteTransaction } from '../db/store.ts';
import { DomainError } from './errors.ts';

/** docs/behaviour.md#caps: answer changes per stay, action and hotel-local night. */
export const MAX_ANSWER_CHANGES_PER_NIGHT = 3;
/** docs/behaviour.md#caps: the content file's default of `maxClaimsPerRoomNight`. */
export const DEFAULT_MAX_CLAIMS_PER_ROOM_NIGHT = 2;
/** docs/behaviour.md#caps: the content file's default of `maxPoolCodesPerDay`. */
export const DEFAULT_MAX_POOL_CODES_PER_DAY = 20;

/** The cap of answer changes (domain/submissions.ts): its counters' subject is `stay:{id}:action:{id}`. */
export const ANSWER_CHANGES_CAP = 'answer-changes';

const STAY_SUBJECT = 'stay:';

/** The start of the subject of a stay's own counters. */
export const stayCapSubject = (stayId: number): string => `${STAY_SUBJECT}${stayId}`;

export interface Cap {
  /** The cap's name ('room-claims', 'pool-codes'…), the first part of its counters' key. */
  name: string;
  /** Who or what uses it ('reward:3:room:7'). */
  subject: string;
  /** The window the count is for: a hotel-local night or day, or a UTC hour. */
  windowId: string;
  limit: number;
  /** The refusal once the window's uses are spent. */
  refusal: { code: ErrorCode; message: string; retryAfterSeconds: number };
}

/** What a use of a cap binds: its counter's key and its limit. */
interface CapUse {
  cap: string;
  subject: string;
  windowId: string;
  limit: number;
}

/** The cap's refusal once its window's uses are spent: 429 with Retry-After. */
export function capRefusal(cap: Pick<Cap, 'refusal'>): DomainError {
  return new DomainError('rate_limited', cap.refusal.code, cap.refusal.message, {
    retryAfterSeconds: Math.max(1, Math.ceil(cap.refusal.retryAfterSeconds)),
  });
}

/**
 * Takes one use of the cap and answers the uses of its window so far, or throws its 429 refusal (nothing is written
 * then). One statement: the insert of the window's first use, or an increment that only passes under the limit.
 */
export async function takeCap(tx: WriteTransaction, cap: Cap): Promise<number> {
  const use = { cap: cap.name, subject: cap.subject, windowId: cap.windowId, limit: cap.limit };
  const [taken] = cap.limit < 1 ? [] : await capUse(tx.db, use);
  if (!taken) throw capRefusal(cap);
  return taken.used;
}

/**
 * The counter's first use (`used` 1) or, when it exists, an increment that only passes under the limit; RETURNING
 * the uses so far, no row when refused.
 */
export function capUseQuery(db: QueryCreator<Database>, values: CapUse) {
  return db
    .insertInto('cap_counters')
    .values({ cap: values.cap, subject: values.subject, window_id: values.windowId, used: 1 })
    .onConflict((oc) =>
      oc
        .columns(['cap', 'subject', 'window_id'])
        .doUpdateSet((eb) => ({ used: eb('cap_counters.used', '+', 1) }))
        .where('cap_counters.used', '<', values.limit),
    )
    .returning('used');
}

const capUse = prepared(capUseQuery);

/** Gives back a use taken by a transaction that committed (an e-mail the SMTP server then refused). */
export async function giveBackCap(tx: WriteTransaction, cap: Cap): Promise<void> {
  await tx.db
    .updateTable('cap_counters')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('cap', '=', cap.name)
    .where('subject', '=', cap.subject)
    .where('window_id', '=', cap.windowId)
    .where('used', '>', 0)
    .execute();
}
