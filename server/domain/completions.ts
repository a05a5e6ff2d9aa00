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
import { localDate } from './hotel-time.ts';
import { appendEntry, ledgerTotalQuery } from './ledger.ts';

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
  const row = await tx
    .selectFrom(ledgerTotalQuery(tx, stay.id).as('ledger'))
    .leftJoin('action_completions as c', (join) =>
      join.on('c.stay_id', '=', stay.id).on('c.action_id', '=', action.id).on('c.night_id', '=', nightId),
    )
    .select(['ledger.total', ...COMPLETION_COLUMNS.map((column) => `c.${column}` as const)])
    .executeTakeFirstOrThrow();
  const { total, id, version, points, ...answer } = row;
  const ledgerTotal = Number(total);
  if (id === null || version === null || points === null) return { completion: undefined, ledgerTotal };
  return { completion: { id, version, points, ...answer }, ledgerTotal };
}

/** Writes the completion's new answer, points and version: a new row, or `existing` updated. */
export async function saveCompletion(
  tx: Kysely<Database>,
  { stay, action, nightId }: CompletionKey,
  existing: { id: number } | undefined,
  completion: { answer: AnswerColumns; points: number; version: number },
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const { answer, points, version } = completion;
  if (existing) {
    await tx
      .updateTable('action_completions')
      .set({ ...answer, points, version, updated_at: stamp })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await tx
    .insertInto('action_completions')
    .values({
      stay_id: stay.id,
      action_id: action.id,
      night_id: nightId,
      ...answer,
      points,
      version,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

/**
 * Moves `amount` points for the completion's `version` (`action` for a first answer, `action_change` after);
 * false when that version's move is already written. A reversal of points already spent throws
 * InsufficientGreenMiles (409) and the transaction rolls back.
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
      hotel_id: stay.hotel_id,
      stay_id: stay.id,
      action_id: action.id,
      action_type: action.type,
      night_id: nightId,
      answered_on: localDate(now, stay.time_zone),
      version: logged.version,
      ...logged.answer,
      room_number: stay.room_number,
      points_change: logged.pointsChange,
      created_at: now.toISOString(),
    })
    .execute();
}
