/**
 * What every way of completing an action writes (answer submissions, the meal photo, on-site proofs), inside the
 * write transaction that holds the stay's lock:
 * - the completion row (unique stay, action, night) with its `version`, bumped on every change;
 * - the points move of that version, keyed `action:{stay}:{action}:{night}:{version}` so a repeat credits nothing;
 * - the answer log (`action_answers`, one row per accepted answer and hotel-local day) the hotel's reports read.
 * The rules deciding the points stay with each caller (docs/behaviour.md#earning-points).
 */
import type { Kysely } from 'kysely';
import type { AnswerColumns, Database } from '../db/schema.ts';
import type { WriteTransaction } from '../db/store.ts';
import { type Cap, takeCap } from './caps.ts';
import { localDate } from './hotel-time.ts';
import { appendEntry } from './ledger.ts';

/** The stored answer of an action that takes none (a claim, a meal photo, a proof). */
export const NO_ANSWER: AnswerColumns = {
  response: null,
  option_id: null,
  selected_position: null,
  is_correct: null,
  temperature: null,
  rating: null,
};

/** The completion being written: whose, of which action, for which night (`STAY` for once-per-stay actions). */
export interface CompletionKey {
  stay: { id: number; hotel_id: number; time_zone: string; room_number: string | null };
  action: { id: number; type: string };
  nightId: string;
}

/** The ledger idempotency key of the points move made by a completion's `version`. */
export function submissionKey(stayId: number, actionId: number, nightId: string, version: number): string {
  return `action:${stayId}:${actionId}:${nightId}:${version}`;
}

/** The completion of this stay, action and night, if any, with its stored answer. */
export function findCompletion(tx: Kysely<Database>, { stay, action, nightId }: CompletionKey) {
  return tx
    .selectFrom('action_completions')
    .select(['id', 'version', 'points', ...(Object.keys(NO_ANSWER) as (keyof AnswerColumns)[])])
    .where('stay_id', '=', stay.id)
    .where('action_id', '=', action.id)
    .where('night_id', '=', nightId)
    .executeTakeFirst();
}

/** Writes the completion's new answer, points and version: a new row, or `existing` updated. */
export async function saveCompletion(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
  existing: { id: number } | undefined,
  completion: { answer: AnswerColumns; points: number; version: number },
  now: Date,
): Promise<void> {
  const saved = { ...completion.answer, points: completion.points, version: completion.version };
  const stamp = now.toISOString();
  if (existing) {
    await tx
      .updateTable('action_completions')
      .set({ ...saved, updated_at: stamp })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await tx
      .insertInto('action_completions')
      .values({
        ...saved,
        stay_id: stay.id,
        action_id: action.id,
        night_id: nightId,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
}

/**
 * Moves `amount` points for the completion's `version` (`submissionKey`); false when that version's move is already
 * written. A reversal of points already spent throws InsufficientGreenMiles (409) and
 * the transaction rolls back.
 */
export function movePoints(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
  move: { amount: number; version: number; isChange: boolean },
  now: Date,
): Promise<boolean> {
  return appendEntry(
    tx,
    {
      stayId: stay.id,
      amount: move.amount,
      reason: move.isChange ? 'action_change' : 'action',
      actionId: action.id,
      nightId,
      idempotencyKey: submissionKey(stay.id, action.id, nightId, move.version),
    },
    now,
  );
}

/** Logs the accepted answer for the hotel's day, with the stay's room. */
export async function logAnswer(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
  logged: { answer: AnswerColumns; version: number; pointsChange: number },
  now: Date,
): Promise<void> {
  await tx
    .insertInto('action_answers')
    .values({
      ...logged.answer,
      hotel_id: stay.hotel_id,
      stay_id: stay.id,
      action_id: action.id,
      action_type: action.type,
      night_id: nightId,
      answered_on: localDate(now, stay.time_zone),
      version: logged.version,
      room_number: stay.room_number,
      points_change: logged.pointsChange,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A completion's new answer: what `recordAnswer` writes. */
export interface RecordedAnswer {
  answer: AnswerColumns;
  points: number;
  version: number;
  /** The points move of this version: none when 0. */
  pointsChange: number;
}

/**
 * Takes one use of `cap` if given (caps.ts `takeCap`: its refusal throws, and the transaction writes nothing), then
 * writes the completion's new answer (`existing` updated, or a new row), the points move of its version (unless
 * `pointsChange` is 0) and the answer log; false when that version's move is already in the ledger (the caller then
 * rolls back). A reversal of points already spent throws InsufficientGreenMiles (409).
 */
export async function recordAnswer(
  transaction: WriteTransaction,
  key: CompletionKey,
  existing: { id: number } | undefined,
  recorded: RecordedAnswer,
  now: Date,
  cap?: Cap,
): Promise<boolean> {
  const tx = transaction.db;
  if (cap !== undefined) await takeCap(transaction, cap);
  await saveCompletion(tx, key, existing, recorded, now);
  const move = { amount: recorded.pointsChange, version: recorded.version, isChange: existing !== undefined };
  if (move.amount !== 0 && !(await movePoints(tx, key, move, now))) return false;
  await logAnswer(tx, key, recorded, now);
  return true;
}
