/**
 * What every way of completing an action writes (answer submissions, the meal photo, on-site proofs), inside the
 * write transaction that holds the stay's lock:
 * - the completion row (unique stay, action, night) with its `version`, bumped on every change;
 * - the points move of that version, keyed `action:{stay}:{action}:{night}:{version}` so a repeat credits nothing;
 * - the answer log (`action_answers`, one row per accepted answer and hotel-local day) the hotel's reports read.
 * The rules deciding the points stay with each caller (docs/behaviour.md#earning-points).
 */
import { type Insertable, type Kysely, type QueryCreator, sql } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { ActionAnswersTable, AnswerColumns, Database } from '../db/schema.ts';
import { dialectOf, type WriteTransaction } from '../db/store.ts';
import { type Cap, type CapUse, capRefusal, capUseOf, capUseQuery, takeCap } from './caps.ts';
import { localDate } from './hotel-time.ts';
import { appendRow, entryInsert, type LedgerRow, ledgerTotalQuery, unwrittenEntry } from './ledger.ts';

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

const COMPLETION_COLUMNS = ['id', 'version', 'points', ...(Object.keys(NO_ANSWER) as (keyof AnswerColumns)[])] as const;

/** The completion of this stay, action and night, if any, with its stored answer. */
export function findCompletion(tx: Kysely<Database>, { stay, action, nightId }: CompletionKey) {
  return tx
    .selectFrom('action_completions')
    .select(COMPLETION_COLUMNS)
    .where('stay_id', '=', stay.id)
    .where('action_id', '=', action.id)
    .where('night_id', '=', nightId)
    .executeTakeFirst();
}

export type Completion = NonNullable<Awaited<ReturnType<typeof findCompletion>>>;

/**
 * `findCompletion` and the stay's ledger total in one statement (one round trip fewer per submission). Read it after
 * taking the stay's lock, in a statement of its own: on PostgreSQL the statement that waits for the lock keeps its
 * older snapshot for every other table.
 */
export async function findCompletionAndTotal(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
): Promise<{ completion: Completion | undefined; ledgerTotal: number }> {
  const rows = await completionAndTotalRead(tx, { stayId: stay.id, actionId: action.id, nightId });
  let completion: Completion | undefined;
  let ledgerTotal: number | undefined;
  for (const { total, ...row } of rows) {
    if (total === null) completion = row;
    else ledgerTotal = Number(total);
  }
  if (ledgerTotal === undefined) throw new Error('The ledger total always has a row');
  return { completion, ledgerTotal };
}

/**
 * The completion's row (if any, `total` null) and the total's row (`total` set), as a UNION ALL: on SQLite a LEFT JOIN
 * of the completion to the total's one-row subquery took 28 µs, the two reads 5 µs each, the union 6 µs.
 */
const completionAndTotalRead = prepared((db, values: { stayId: number; actionId: number; nightId: string }) =>
  db
    .selectFrom('action_completions')
    .select([sql<number | null>`null`.as('total'), ...COMPLETION_COLUMNS])
    .where('stay_id', '=', values.stayId)
    .where('action_id', '=', values.actionId)
    .where('night_id', '=', values.nightId)
    .unionAll(
      // The total's row (`total` first, as above: a union matches columns by position); its completion columns are
      // never read.
      ledgerTotalQuery(db, values.stayId).select(COMPLETION_COLUMNS.map((column) => sql<never>`null`.as(column))),
    ),
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

type SavedCompletion = AnswerColumns & { points: number; version: number; stamp: string };
type CompletionUpdate = SavedCompletion & { id: number };
type CompletionInsert = SavedCompletion & { stayId: number; actionId: number; nightId: string };

function completionUpdateQuery(db: QueryCreator<Database>, values: CompletionUpdate) {
  return db
    .updateTable('action_completions')
    .set({ ...answerColumnsOf(values), points: values.points, version: values.version, updated_at: values.stamp })
    .where('id', '=', values.id);
}

function completionInsertQuery(db: QueryCreator<Database>, values: CompletionInsert) {
  return db.insertInto('action_completions').values({
    stay_id: values.stayId,
    action_id: values.actionId,
    night_id: values.nightId,
    ...answerColumnsOf(values),
    points: values.points,
    version: values.version,
    created_at: values.stamp,
    updated_at: values.stamp,
  });
}

const completionUpdate = prepared(completionUpdateQuery);
const completionInsert = prepared(completionInsertQuery);

/** The ledger entry of the points move of a completion's `version` (`action` for a first answer, `action_change` after). */
function moveEntry(
  { stay, action, nightId }: CompletionKey,
  move: { amount: number; version: number; isChange: boolean },
  now: Date,
): LedgerRow {
  return {
    stay_id: stay.id,
    amount: move.amount,
    reason: move.isChange ? 'action_change' : 'action',
    action_id: action.id,
    reward_id: null,
    night_id: nightId,
    idempotency_key: submissionKey(stay.id, action.id, nightId, move.version),
    created_at: now.toISOString(),
  };
}

/**
 * Moves `amount` points for the completion's `version`; false when that version's move is already written. A
 * reversal of points already spent throws InsufficientGreenMiles (409) and the transaction rolls back.
 */
export function movePoints(
  tx: Kysely<Database>,
  key: CompletionKey,
  move: { amount: number; version: number; isChange: boolean },
  now: Date,
): Promise<boolean> {
  return appendRow(tx, moveEntry(key, move, now));
}

/** Logs the accepted answer for the hotel's day, with the stay's room. */
export async function logAnswer(
  tx: Kysely<Database>,
  key: CompletionKey,
  logged: { answer: AnswerColumns; version: number; pointsChange: number },
  now: Date,
): Promise<void> {
  await answerLogInsert(tx, loggedAnswer(key, logged, now));
}

type LoggedAnswer = Omit<Insertable<ActionAnswersTable>, 'id'> & AnswerColumns;

function loggedAnswer(
  { stay, action, nightId }: CompletionKey,
  logged: { answer: AnswerColumns; version: number; pointsChange: number },
  now: Date,
): LoggedAnswer {
  return {
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
  };
}

function answerLogQuery(db: QueryCreator<Database>, values: LoggedAnswer) {
  return db.insertInto('action_answers').values({
    hotel_id: values.hotel_id,
    stay_id: values.stay_id,
    action_id: values.action_id,
    action_type: values.action_type,
    night_id: values.night_id,
    answered_on: values.answered_on,
    version: values.version,
    ...answerColumnsOf(values),
    room_number: values.room_number,
    points_change: values.points_change,
    created_at: values.created_at,
  });
}

const answerLogInsert = prepared(answerLogQuery);

/** A completion's new answer: what `recordAnswer` writes. */
export interface RecordedAnswer {
  answer: AnswerColumns;
  points: number;
  version: number;
  /** The points move of this version: none when 0. */
  pointsChange: number;
}

/**
 * Takes one use of `cap` if given (caps.ts `takeCap`: its refusal throws first), then writes the completion's new
 * answer (`existing` updated, or a new row), the points move of its version (unless `pointsChange` is 0) and the
 * answer log; false when that version's move is already in the ledger (the caller then rolls back). A reversal of
 * points already spent throws InsufficientGreenMiles (409).
 *
 * Four statements on SQLite, where they run on the connection directly; one on PostgreSQL, where the cap's use, the
 * completion and the move are data-modifying CTEs of the log's INSERT: one round trip instead of four
 * (docs/performance.md#api-writes). They write different tables and read none of each other's rows, so seeing one
 * snapshot together changes nothing (the cap's upsert decides on its counter's latest row whatever the snapshot);
 * the stay's lock orders them against every other write of the stay. A refused cap has let the others write: its
 * refusal, thrown before anything else is looked at, rolls them back with the transaction.
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
  const move = { amount: recorded.pointsChange, version: recorded.version, isChange: existing !== undefined };
  if (dialectOf(tx) === 'sqlite' || (cap !== undefined && cap.limit < 1)) {
    if (cap !== undefined) await takeCap(transaction, cap);
    await saveCompletion(tx, key, existing, recorded, now);
    if (move.amount !== 0 && !(await movePoints(tx, key, move, now))) return false;
    await logAnswer(tx, key, recorded, now);
    return true;
  }
  const entry = moveEntry(key, move, now);
  const values: AnswerWrites = {
    ...entry,
    ...loggedAnswer(key, recorded, now),
    points: recorded.points,
    stamp: now.toISOString(),
    id: existing?.id ?? 0,
    stayId: key.stay.id,
    actionId: key.action.id,
    nightId: key.nightId,
  };
  const direction = move.amount === 0 ? 'none' : move.amount > 0 ? 'credit' : 'debit';
  const writes = answerWrites[existing ? 'update' : 'insert'][direction];
  const [written] =
    cap === undefined ? await writes.free(tx, values) : await writes.capped(tx, { ...values, ...capUseOf(cap) });
  if (cap !== undefined && (written?.cap_used ?? null) === null) throw capRefusal(cap);
  if (direction === 'none' || (written?.moved ?? 0) > 0) return true;
  return unwrittenEntry(tx, entry);
}

type AnswerWrites = CompletionUpdate & CompletionInsert & LedgerRow & LoggedAnswer;

interface AnswerWritesShape {
  completion: 'insert' | 'update';
  direction: 'credit' | 'debit' | 'none';
}

function answerWritesQuery(
  db: QueryCreator<Database>,
  values: AnswerWrites,
  shape: AnswerWritesShape,
  capUse?: CapUse,
) {
  const withCap = capUse === undefined ? db : db.with('cap_use', (qc) => capUseQuery(qc, capUse));
  const withCompletion = withCap.with('completion', (qc) =>
    shape.completion === 'update'
      ? completionUpdateQuery(qc, values).returning('id')
      : completionInsertQuery(qc, values).returning('id'),
  );
  const capUsed = capUse === undefined ? sql<number | null>`null` : sql<number | null>`(select used from cap_use)`;
  if (shape.direction === 'none')
    return answerLogQuery(withCompletion, values).returning([sql<number>`0`.as('moved'), capUsed.as('cap_used')]);
  return answerLogQuery(
    withCompletion.with('entry', (qc) => entryInsert(qc, values, shape.direction === 'credit' ? 'credit' : 'debit')),
    values,
  ).returning([sql<number>`(select count(*) from entry)`.as('moved'), capUsed.as('cap_used')]);
}

/** One prepared statement per shape: with or without a cap's use. */
function answerWritesOf(shape: AnswerWritesShape) {
  return {
    free: prepared((db, values: AnswerWrites) => answerWritesQuery(db, values, shape)),
    capped: prepared((db, values: AnswerWrites & CapUse) => answerWritesQuery(db, values, shape, values)),
  };
}

/** Per completion (new or updated) and move (none, credit, debit). */
function answerWritesFor(completion: 'insert' | 'update') {
  return {
    none: answerWritesOf({ completion, direction: 'none' }),
    credit: answerWritesOf({ completion, direction: 'credit' }),
    debit: answerWritesOf({ completion, direction: 'debit' }),
  };
}

const answerWrites = { insert: answerWritesFor('insert'), update: answerWritesFor('update') };
