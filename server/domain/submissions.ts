/**
 * Action submissions (POST /api/actions/:actId/<kind>): one write transaction per submission that
 * checks the stay and the action, records the answer on the completion of this stay and night, and
 * moves points in the ledger by the difference between the new and the previous answer.
 *
 * Idempotency: the completion row (unique stay, action, night) carries a `version` bumped on every
 * answer change; a points move is written with the key `action:{stay}:{action}:{night}:{version}`,
 * decided while the stay is locked (PostgreSQL `FOR UPDATE`, SQLite `BEGIN IMMEDIATE`). A repeated or
 * concurrent identical submission finds the answer already there and changes nothing.
 */
import type { Kysely } from 'kysely';
import { rulesOf } from '../../contract/action-types.ts';
import type { DialectKind } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import {
  evaluateAnswer,
  type StoredAnswer,
  SUBMISSION_KINDS,
  type SubmissionKind,
  type SubmittedAnswer,
  sameAnswer,
} from './answers.ts';
import { completionNightId } from './catalogue.ts';
import { ApiError, notFound } from './errors.ts';
import { addDays, currentNightId, isCalendarDate, localDate } from './hotel-time.ts';
import { appendEntry, balanceOf } from './ledger.ts';
import { findOwnedStay, isFinished, MAX_END_DATE_DAYS } from './stays.ts';
import { hasMessagesFor, successMessage } from './submission-messages.ts';

export interface SubmissionInput {
  actionId: number;
  sUUID: string;
  profileUUID: string;
  lang?: string | undefined;
  /** YYYY-MM-DD or null; saved on the stay when it has no end date yet. */
  endDate?: string | null | undefined;
  answer: SubmittedAnswer;
}

export interface SubmissionResult {
  message: string;
  greenMilesChange: number;
  greenMiles: number;
  isCorrect?: boolean;
}

/** The ledger idempotency key of the points move made by a completion's `version`. */
export function submissionKey(stayId: number, actionId: number, nightId: string, version: number): string {
  return `action:${stayId}:${actionId}:${nightId}:${version}`;
}

export const wrongActionType = (kind: SubmissionKind, type: string) =>
  new ApiError(400, 'wrong_action_type', `Action of type ${type} cannot be submitted as ${kind}`);

function checkEndDate(endDate: string, timeZone: string, now: Date): void {
  const today = localDate(now, timeZone);
  const latest = addDays(today, MAX_END_DATE_DAYS);
  if (!isCalendarDate(endDate) || endDate < today || endDate > latest) {
    throw new ApiError(400, 'bad_request', `endDate must be a date from ${today} to ${latest}`);
  }
}

interface ActionRules {
  id: number;
  type: string;
  period: string;
  reward: number;
  positive_response: string | null;
}

/**
 * A hotel's action rules and primary language change only on import, which renews its content_version
 * (a random UUID): they are cached per version, like the translated content of the actions list.
 */
const CACHE_SIZE = 256;
const rulesCache = new Map<string, Promise<Map<number, ActionRules>>>();
const primaryCache = new Map<string, Promise<string | null>>();

function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load();
    entry.catch(() => cache.delete(key));
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, entry);
  }
  return entry;
}

function actionRulesOf(tx: Kysely<Database>, stay: { hotel_id: number; content_version: string }) {
  return cached(rulesCache, `${stay.content_version}|${stay.hotel_id}`, async () => {
    const rows = await tx
      .selectFrom('actions')
      .select(['id', 'type', 'period', 'reward', 'positive_response'])
      .where('hotel_id', '=', stay.hotel_id)
      .where('active', '=', 1)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
}

function primaryLanguageOf(tx: Kysely<Database>, stay: { hotel_id: number; content_version: string }) {
  return cached(primaryCache, `${stay.content_version}|${stay.hotel_id}`, async () => {
    const row = await tx
      .selectFrom('hotel_languages')
      .select('code')
      .where('hotel_id', '=', stay.hotel_id)
      .where('is_primary', '=', 1)
      .executeTakeFirst();
    return row?.code ?? null;
  });
}

export async function submitAction(
  db: Kysely<Database>,
  kind: DialectKind,
  input: SubmissionInput,
  now: Date,
): Promise<SubmissionResult> {
  const expectedType = SUBMISSION_KINDS[input.answer.kind];
  return withWriteTransaction(db, kind, async (tx) => {
    const stay = await findOwnedStay(tx, input.sUUID, input.profileUUID, kind);
    const action = (await actionRulesOf(tx, stay)).get(input.actionId);
    if (!action) throw notFound('Action');
    if (action.type !== expectedType) throw wrongActionType(input.answer.kind, action.type);
    if (isFinished(stay, now)) throw new ApiError(409, 'stay_finished', 'This stay is finished');

    const endDate = input.endDate ?? null;
    if (endDate !== null) checkEndDate(endDate, stay.time_zone, now);

    let quizCorrect: boolean | undefined;
    if (input.answer.kind === 'custom') {
      const option = await tx
        .selectFrom('custom_options')
        .select('id')
        .where('id', '=', input.answer.optionId)
        .where('action_id', '=', action.id)
        .executeTakeFirst();
      if (!option) throw new ApiError(400, 'unknown_option', 'This option does not belong to the action');
    } else if (input.answer.kind === 'quiz') {
      const choice = await tx
        .selectFrom('quiz_answers')
        .select('is_correct')
        .where('action_id', '=', action.id)
        .where('position', '=', input.answer.selectedPosition)
        .executeTakeFirst();
      if (!choice) throw new ApiError(400, 'unknown_quiz_answer', 'The quiz has no answer at this position');
      quizCorrect = choice.is_correct === 1;
    }
    const evaluated = evaluateAnswer(input.answer, { positiveResponse: action.positive_response, quizCorrect });
    const points = evaluated.earns ? action.reward : 0;

    const nightId = completionNightId(action.period, currentNightId(now, stay.time_zone));
    const existing = await tx
      .selectFrom('action_completions')
      .select([
        'id',
        'version',
        'points',
        'response',
        'option_id',
        'selected_position',
        'is_correct',
        'temperature',
        'rating',
      ])
      .where('stay_id', '=', stay.id)
      .where('action_id', '=', action.id)
      .where('night_id', '=', nightId)
      .executeTakeFirst();

    const stamp = now.toISOString();
    let change = 0;
    let isCorrect = evaluated.isCorrect;
    if (existing && sameAnswer(existing as StoredAnswer, evaluated.stored)) {
      // A repeat of the current answer: success, nothing moves.
      if (existing.is_correct !== null) isCorrect = existing.is_correct === 1;
    } else {
      let version = 1;
      if (existing) {
        if (!rulesOf(action.type).redoable) {
          throw new ApiError(409, 'already_completed', 'This action is already completed');
        }
        version = existing.version + 1;
        change = points - existing.points;
        await tx
          .updateTable('action_completions')
          .set({ ...evaluated.stored, points, version, updated_at: stamp })
          .where('id', '=', existing.id)
          .execute();
      } else {
        change = points;
        await tx
          .insertInto('action_completions')
          .values({
            stay_id: stay.id,
            action_id: action.id,
            night_id: nightId,
            ...evaluated.stored,
            points,
            version,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
      if (change !== 0) {
        // Refuses (InsufficientGreenMiles, 409) a reversal of points already spent; the transaction rolls back.
        const written = await appendEntry(
          tx,
          {
            stayId: stay.id,
            amount: change,
            reason: existing ? 'action_change' : 'action',
            actionId: action.id,
            nightId,
            idempotencyKey: submissionKey(stay.id, action.id, nightId, version),
          },
          now,
        );
        if (!written) throw new ApiError(409, 'conflict', 'This answer was already recorded; please retry');
      }
      await tx
        .insertInto('action_answers')
        .values({
          hotel_id: stay.hotel_id,
          stay_id: stay.id,
          action_id: action.id,
          action_type: action.type,
          night_id: nightId,
          answered_on: localDate(now, stay.time_zone),
          version,
          ...evaluated.stored,
          room_number:
            input.answer.kind === 'luniclean' ? (input.answer.roomNumber ?? stay.room_number) : stay.room_number,
          points_change: change,
          created_at: stamp,
        })
        .execute();
    }

    if (endDate !== null && stay.end_date === null) {
      await tx.updateTable('stays').set({ end_date: endDate }).where('id', '=', stay.id).execute();
    }

    const languages = hasMessagesFor(input.lang) ? [input.lang] : [input.lang, await primaryLanguageOf(tx, stay)];
    const result: SubmissionResult = {
      message: successMessage(evaluated.message, languages),
      greenMilesChange: change,
      greenMiles: await balanceOf(tx, stay.id),
    };
    if (isCorrect !== undefined) result.isCorrect = isCorrect;
    return result;
  });
}

export interface DailyAnswer {
  stayId: number;
  sUUID: string;
  actionId: number;
  actionType: string;
  nightId: string;
  roomNumber: string | null;
  response: string | null;
  answeredAt: string;
}

/**
 * The answers given on one hotel-local day (YYYY-MM-DD) to the hotel's actions of `type` (YESNOMAIL for
 * the daily report): the last answer of each stay, action and night that day, by room then time.
 */
export async function answersOfDay(
  db: Kysely<Database>,
  hotelId: number,
  day: string,
  type = 'YESNOMAIL',
): Promise<DailyAnswer[]> {
  const rows = await db
    .selectFrom('action_answers as a')
    .innerJoin('stays as s', 's.id', 'a.stay_id')
    .select([
      'a.id',
      'a.stay_id',
      's.s_uuid',
      'a.action_id',
      'a.action_type',
      'a.night_id',
      'a.room_number',
      'a.response',
      'a.created_at',
    ])
    .where('a.hotel_id', '=', hotelId)
    .where('a.answered_on', '=', day)
    .where('a.action_type', '=', type)
    .orderBy('a.id')
    .execute();
  const last = new Map<string, (typeof rows)[number]>();
  for (const row of rows) last.set(`${row.stay_id}:${row.action_id}:${row.night_id}`, row);
  return [...last.values()]
    .map((r) => ({
      stayId: r.stay_id,
      sUUID: r.s_uuid,
      actionId: r.action_id,
      actionType: r.action_type,
      nightId: r.night_id,
      roomNumber: r.room_number,
      response: r.response,
      answeredAt: r.created_at,
    }))
    .sort((a, b) => (a.roomNumber ?? '').localeCompare(b.roomNumber ?? '') || a.answeredAt.localeCompare(b.answeredAt));
}
