/**
 * What every way of completing an action writes (answer submissions, the meal photo, on-site proofs), inside the
 * write transaction that holds the stay's lock:
 * - the completion row (unique stay, action, night) with its `version`, bumped on every change;
 * - the points move of that version, keyed `action:{stay}:{action}:{night}:{version}` so a repeat credits nothing;
 * - the answer log (`action_answers`, one row per accepted answer and hotel-local day) the hotel's reports read.
 * The rules deciding the points stay with each caller (docs/behaviour.md#earning-points).
 */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { AnswerColumns, Database } from '../db/schema.ts';
import type { WriteTransaction } from '../db/store.ts';
import { type Cap, takeCap } from './caps.ts';
import { localDate } from './hotel-time.ts';
import { appendEntryIn } from './ledger.ts';

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
export async function findCompletion(tx: Kysely<Database>, { stay, action, nightId }: CompletionKey) {
  const [row] = await completionRead(tx, { stayId: stay.id, actionId: action.id, nightId });
  return row;
}

const completionRead = prepared((db, values: { stayId: number; actionId: number; nightId: string }) =>
  db
    .selectFrom('action_completions')
    .select(['id', 'version', 'points', ...(Object.keys(NO_ANSWER) as (keyof AnswerColumns)[])])
    .where('stay_id', '=', values.stayId)
    .where('action_id', '=', values.actionId)
    .where('night_id', '=', values.nightId),
);

/** The answer columns of `values`, one by one (a prepared statement's placeholders cannot be spread). */
function answerColumnsOf(values: AnswerColumns): AnswerColumns {
  return {
    response: values.response,
    option_id: values.option_id,
    selected_position: values.selected_position,
    is_correct: values.is_correct,
    temperature: values.temperature,
    rating: values.rating,
  };
}

type SavedCompletion = AnswerColumns & { points: number; version: number; stamp: string };

/** Writes the completion's new answer, points and version: a new row, or `existing` updated. */
export async function saveCompletion(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
  existing: { id: number } | undefined,
  completion: { answer: AnswerColumns; points: number; version: number },
  now: Date,
): Promise<void> {
  const saved = {
    ...completion.answer,
    points: completion.points,
    version: completion.version,
    stamp: now.toISOString(),
  };
  if (existing) await completionUpdate(tx, { ...saved, id: existing.id });
  else await completionInsert(tx, { ...saved, stayId: stay.id, actionId: action.id, nightId });
}

const completionUpdate = prepared((db, values: SavedCompletion & { id: number }) =>
  db
    .updateTable('action_completions')
    .set({ ...answerColumnsOf(values), points: values.points, version: values.version, updated_at: values.stamp })
    .where('id', '=', values.id),
);

const completionInsert = prepared(
  (db, values: SavedCompletion & { stayId: number; actionId: number; nightId: string }) =>
    db.insertInto('action_completions').values({
      ...answerColumnsOf(values),
      points: values.points,
      version: values.version,
      stay_id: values.stayId,
      action_id: values.actionId,
      night_id: values.nightId,
      created_at: values.stamp,
      updated_at: values.stamp,
    }),
);

/**
 * Moves `amount` points for the completion's `version` (`submissionKey`); false when that version's move is already
 * written. A reversal of points already spent throws InsufficientGreenMiles (409) and
 * the transaction rolls back.
 */
export function movePoints(
  transaction: WriteTransaction,
  { stay, action, nightId }: CompletionKey,
  move: { amount: number; version: number; isChange: boolean },
  now: Date,
): Promise<boolean> {
  return appendEntryIn(
    transaction,
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
  await answerLogInsert(tx, {
    ...logged.answer,
    hotelId: stay.hotel_id,
    stayId: stay.id,
    actionId: action.id,
    actionType: action.type,
    nightId,
    answeredOn: localDate(now, stay.time_zone),
    version: logged.version,
    roomNumber: stay.room_number,
    pointsChange: logged.pointsChange,
    createdAt: now.toISOString(),
  });
}

interface LoggedAnswer extends AnswerColumns {
  hotelId: number;
  stayId: number;
  actionId: number;
  actionType: string;
  nightId: string;
  answeredOn: string;
  version: number;
  roomNumber: string | null;
  pointsChange: number;
  createdAt: string;
}

const answerLogInsert = prepared((db, values: LoggedAnswer) =>
  db.insertInto('action_answers').values({
    ...answerColumnsOf(values),
    hotel_id: values.hotelId,
    stay_id: values.stayId,
    action_id: values.actionId,
    action_type: values.actionType,
    night_id: values.nightId,
    answered_on: values.answeredOn,
    version: values.version,
    room_number: values.roomNumber,
    points_change: values.pointsChange,
    created_at: values.createdAt,
  }),
);

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
  if (move.amount !== 0 && !(await movePoints(transaction, key, move, now))) return false;
  await logAnswer(tx, key, recorded, now);
  return true;
}
