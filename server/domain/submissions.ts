/**
 * Action submissions (POST /api/actions/:actId/<path>): one write transaction per submission that
 * checks the stay and the action, records the answer on the completion of this stay and night, and
 * moves points in the ledger by the difference between the new and the previous answer.
 *
 * Idempotency: the completion row (unique stay, action, night) carries a `version` bumped on every
 * answer change; a points move is written with the key `action:{stay}:{action}:{night}:{version}`,
 * decided while the stay is locked (PostgreSQL `FOR UPDATE`, SQLite `BEGIN IMMEDIATE`). A repeated or
 * concurrent identical submission finds the answer already there and changes nothing.
 *
 * Caps (docs/behaviour.md#caps): a stay changes its answer to one action at most MAX_ANSWER_CHANGES_PER_NIGHT times
 * per hotel-local night (each change writes a ledger row); a skip-cleaning answer is about the stay's own room.
 */
import type { Kysely } from 'kysely';
import { rulesOf, SUBMISSION_PATHS, type SubmissionPath } from '../../contract/action-types.ts';
import { cleaningDayAt } from '../../contract/calendar-days.ts';
import type { QuizSolution, SubmissionBodies, SubmissionReply } from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { ANSWER_OF_BODY, evaluateAnswer, type SubmittedAnswer, sameAnswer } from './answers.ts';
import { ANSWER_CHANGES_CAP, type Cap, MAX_ANSWER_CHANGES_PER_NIGHT, stayCapSubject } from './caps.ts';
import { type CompletionKey, findCompletion, recordAnswer } from './completions.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { actionRulesOf, type QuizRules, solutionOf } from './hotel-content.ts';
import { completionNightId, currentNightId, NIGHT_ROLLOVER_HOUR, secondsUntilLocalHour } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { balanceOf } from './ledger.ts';
import { type Caller, submissionsLimit } from './rate-limits.ts';
import { checkEndDate, isFinished, lockOwnedStayTakingLimit, type StayRecord } from './stays.ts';
import { hasMessagesFor, successMessage } from './submission-messages.ts';

/** One submission: the action, the path it was sent to and the body that path's schema validated. */
export interface SubmissionInput<Path extends SubmissionPath> {
  actionId: number;
  path: Path;
  body: SubmissionBodies[Path];
  caller: Caller;
}

/** The fields every submission body has (`endDate`: YYYY-MM-DD or null, saved on a stay that has none yet). */
interface SubmissionBase {
  uuid: string;
  sUUID: string;
  lang?: string | undefined;
  endDate?: string | null | undefined;
}

/** docs/behaviour.md#caps: one change of the stay's answer to the action out of tonight's allowance. */
function answerChangesCap(stay: StayRecord, actionId: number, now: Date): Cap {
  return {
    name: ANSWER_CHANGES_CAP,
    subject: `${stayCapSubject(stay.id)}:action:${actionId}`,
    windowId: currentNightId(now, stay.time_zone),
    limit: MAX_ANSWER_CHANGES_PER_NIGHT,
    refusal: {
      code: 'too_many_answer_changes',
      message: `An answer can be changed at most ${MAX_ANSWER_CHANGES_PER_NIGHT} times per night; try again tomorrow`,
      retryAfterSeconds: secondsUntilLocalHour(now, stay.time_zone, NIGHT_ROLLOVER_HOUR),
    },
  };
}

/**
 * A skip-cleaning answer is about the stay's own room: a room number that is not it is refused (400 room_mismatch);
 * none means the stay's room.
 */
function checkOwnRoom(answer: SubmittedAnswer, stay: StayRecord): void {
  if (answer.kind !== 'luniclean' || answer.roomNumber === null || answer.roomNumber === stay.room_number) return;
  throw new DomainError('bad_request', 'room_mismatch', "Skipping cleaning applies to the stay's own room only");
}

/** The reply's quiz solution, its explanation in the guest's language or as hotel texts fall back (contract/text-language.ts). */
async function quizSolutionFor(
  db: Kysely<Database>,
  stay: StayRecord,
  quiz: QuizRules,
  lang: string | undefined,
): Promise<QuizSolution> {
  const primary = await hotelPrimaryLanguage(db, stay);
  const explanation = pickTranslation(quiz.explanations, textLanguageOrder(lang ?? primary, primary));
  return solutionOf(quiz.answers, explanation?.quiz_explanation ?? null);
}

/** Records the answer of one submission and moves its points, in one write transaction holding the stay. */
export async function submitAction<Path extends SubmissionPath>(
  store: Store,
  input: SubmissionInput<Path>,
  now: Date,
): Promise<SubmissionReply> {
  const base: SubmissionBase = input.body;
  const answer: SubmittedAnswer = ANSWER_OF_BODY[input.path](input.body);
  const expectedType = SUBMISSION_PATHS[input.path];
  return store.write(async (transaction) => {
    const stay = await lockOwnedStayTakingLimit(
      transaction,
      base.sUUID,
      base.uuid,
      submissionsLimit(input.caller, now),
    );
    const tx = transaction.db;
    const action = (await actionRulesOf(tx, stay)).get(input.actionId);
    if (!action) throw notFound('Action');
    if (action.type !== expectedType)
      throw new DomainError(
        'bad_request',
        'wrong_action_type',
        `Action of type ${action.type} cannot be submitted as ${input.path}`,
      );
    if (isFinished(stay, now)) throw stayFinished();
    checkOwnRoom(answer, stay);

    const endDate = base.endDate ?? null;
    if (endDate !== null) checkEndDate(endDate, stay, now);

    let quizCorrect: boolean | undefined;
    if (answer.kind === 'custom') {
      const option = await tx
        .selectFrom('custom_options')
        .select('id')
        .where('id', '=', answer.optionId)
        .where('action_id', '=', action.id)
        .executeTakeFirst();
      if (!option) throw new DomainError('bad_request', 'unknown_option', 'This option does not belong to the action');
    } else if (answer.kind === 'quiz') {
      const choice = action.quiz?.answers.find((row) => row.position === answer.selectedPosition);
      if (!choice)
        throw new DomainError('bad_request', 'unknown_quiz_answer', 'The quiz has no answer at this position');
      quizCorrect = choice.is_correct === 1;
    }
    const evaluated = evaluateAnswer(answer, {
      positiveResponse: action.positive_response,
      quizCorrect,
      // Formatting the hotel-local hour costs as much as a statement: only a skip-cleaning answer needs it.
      cleaningDay: answer.kind === 'luniclean' ? cleaningDayAt(now, stay.time_zone) : undefined,
    });
    const points = evaluated.earns ? action.reward : 0;

    const completion: CompletionKey = {
      stay,
      action,
      nightId: completionNightId(action.period, currentNightId(now, stay.time_zone)),
    };
    const existing = await findCompletion(tx, completion);

    let change = 0;
    let isCorrect = evaluated.isCorrect;
    if (existing && sameAnswer(existing, evaluated.stored)) {
      // A repeat of the current answer: success, nothing moves.
      if (existing.is_correct !== null) isCorrect = existing.is_correct === 1;
    } else {
      if (existing && !rulesOf(action.type).redoable) {
        throw new DomainError('conflict', 'already_completed', 'This action is already completed');
      }
      const version = existing ? existing.version + 1 : 1;
      change = points - (existing?.points ?? 0);
      const recorded = { answer: evaluated.stored, points, version, pointsChange: change };
      const changesCap = existing ? answerChangesCap(stay, action.id, now) : undefined;
      if (!(await recordAnswer(transaction, completion, existing, recorded, now, changesCap))) {
        throw new DomainError('conflict', 'conflict', 'This answer was already recorded; please retry');
      }
    }

    if (endDate !== null && stay.end_date === null) {
      await tx.updateTable('stays').set({ end_date: endDate }).where('id', '=', stay.id).execute();
    }

    const languages = hasMessagesFor(base.lang) ? [base.lang] : [base.lang, await hotelPrimaryLanguage(tx, stay)];
    const result: SubmissionReply = {
      message: successMessage(evaluated.message, languages),
      greenMilesChange: change,
      greenMiles: await balanceOf(tx, stay.id),
    };
    if (isCorrect !== undefined) result.isCorrect = isCorrect;
    // Answered (now or before): the reply reveals the solution, which nothing the stay read before held.
    if (action.quiz) result.solution = await quizSolutionFor(tx, stay, action.quiz, base.lang);
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
