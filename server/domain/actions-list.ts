/**
 * A stay's actions list in one language: the hotel's actions translated into it (hotel-content.ts), each with this
 * stay's answer of the night (or of the stay, for once-per-stay actions), the points it earned over the stay and, for
 * a skipped cleaning, what housekeeping reported.
 * Only actions translated into the language are listed, so a language without translations gives [] and the client
 * falls back to another language.
 */
import { sql } from 'kysely';
import type { CleaningOutcome } from '../../contract/evidence.ts';
import type { Action, ActionResponse } from '../../contract/schemas.ts';
import { prepared } from '../db/prepared.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';
import { actionContentOf } from './hotel-content.ts';
import { completionNightId, currentNightId } from './hotel-time.ts';
import { findListedStay, type StayLanguage } from './listed-stay.ts';

function toResponse(stored: string | null): ActionResponse {
  if (stored === null) return null;
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  if (stored === 'YES' || stored === 'NO' || stored === 'SKIP' || stored === 'CLEAN') return stored;
  return null;
}

/**
 * The stay's answers of every night (the list shows tonight's, and a retired action's latest), its points moves of
 * actions over the whole stay (rows with `amount`, summed by the caller: a GROUP BY cost SQLite a temporary B-tree on
 * every call), then housekeeping's reports on its skipped cleanings (rows with `cleaning_outcome`: never cached), in
 * one statement. The reports are a branch of their own, matched to their answers by the caller: joined to the answers,
 * they cost SQLite several times the rest of the statement. The reports come last: PostgreSQL types a union's columns
 * branch by branch, and two null branches in a row would make `amount` text before the ledger's integers.
 */
const stayActivityRead = prepared((db, values: { stayId: number }) =>
  db
    .selectFrom('action_completions as c')
    .select((eb) => [
      'c.action_id',
      // Null on the points rows.
      eb.ref('c.night_id').$castTo<string | null>().as('night_id'),
      'c.response',
      'c.option_id',
      'c.selected_position',
      'c.is_correct',
      'c.temperature',
      sql<CleaningOutcome | null>`null`.as('cleaning_outcome'),
      sql<string | null>`null`.as('cleaning_checked_at'),
      sql<number | null>`null`.as('amount'),
    ])
    .where('c.stay_id', '=', values.stayId)
    .unionAll((eb) =>
      eb
        .selectFrom('ledger_entries')
        .select((inner) => [
          inner.ref('action_id').$castTo<number>().as('action_id'),
          sql<string | null>`null`.as('night_id'),
          sql<string | null>`null`.as('response'),
          sql<number | null>`null`.as('option_id'),
          sql<number | null>`null`.as('selected_position'),
          sql<number | null>`null`.as('is_correct'),
          sql<number | null>`null`.as('temperature'),
          sql<CleaningOutcome | null>`null`.as('cleaning_outcome'),
          sql<string | null>`null`.as('cleaning_checked_at'),
          inner.ref('amount').$castTo<number | null>().as('amount'),
        ])
        .where('stay_id', '=', values.stayId)
        .where('action_id', 'is not', null),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('cleaning_checks')
        .select((inner) => [
          'action_id',
          inner.ref('night_id').$castTo<string | null>().as('night_id'),
          sql<string | null>`null`.as('response'),
          sql<number | null>`null`.as('option_id'),
          sql<number | null>`null`.as('selected_position'),
          sql<number | null>`null`.as('is_correct'),
          sql<number | null>`null`.as('temperature'),
          inner.ref('outcome').$castTo<CleaningOutcome | null>().as('cleaning_outcome'),
          inner.ref('checked_at').$castTo<string | null>().as('cleaning_checked_at'),
          sql<number | null>`null`.as('amount'),
        ])
        .where('stay_id', '=', values.stayId),
    ),
);

type ActivityRow = Awaited<ReturnType<typeof stayActivityRead>>[number];

/** The key of an action's row of one night (or of the stay) in the activity maps. */
const nightKey = (actionId: number, nightId: string | null) => `${actionId}|${nightId}`;

/**
 * GET /api/stays/:sUUID/actions: the hotel's actions translated into `lang`, with this stay's answers. An action
 * retired from the content is listed only to a stay that answered it, with its latest answer, as done for good
 * (`actRetired`, docs/behaviour.md#retiring).
 */
export async function actionsOfStay(store: Store, input: StayLanguage, now: Date): Promise<Action[]> {
  const { db } = store;
  const stay = await findListedStay(db, input.sUUID, input.profileUUID);
  const content = await actionContentOf(db, stay, input.lang);
  if (content.length === 0) return [];
  const nightId = currentNightId(now, stay.time_zone);
  const completions = new Map<string, ActivityRow>();
  const checks = new Map<string, ActivityRow>();
  const latest = new Map<number, ActivityRow>();
  const earned = new Map<number, number>();
  for (const row of await stayActivityRead(db, { stayId: stay.id })) {
    if (row.amount !== null) {
      earned.set(row.action_id, (earned.get(row.action_id) ?? 0) + row.amount);
      continue;
    }
    if (row.cleaning_outcome !== null) {
      checks.set(nightKey(row.action_id, row.night_id), row);
      continue;
    }
    completions.set(nightKey(row.action_id, row.night_id), row);
    // Night ids are dates, and STAY sorts after them: the greatest is the latest answer.
    const seen = latest.get(row.action_id);
    if (!seen || (row.night_id ?? '') > (seen.night_id ?? '')) latest.set(row.action_id, row);
  }
  return content.flatMap(({ fields, optionLabels, quizSolution, retired }): Action[] => {
    const completion = retired
      ? latest.get(fields.actId)
      : completions.get(nightKey(fields.actId, completionNightId(fields.actPeriod, nightId)));
    if (retired && !completion) return [];
    const isCorrect = completion?.is_correct == null ? null : completion.is_correct === 1;
    const selectedLabel = completion?.option_id != null ? optionLabels.get(completion.option_id) : undefined;
    const action: Action = {
      ...fields,
      // The solution only once answered: before, it would tell a script which answer earns.
      quiz: fields.quiz && completion ? { ...fields.quiz, solution: quizSolution } : fields.quiz,
      alreadyCompleted: completion !== undefined,
      endDate: stay.end_date,
      currentNightId: nightId,
      response: toResponse(completion?.response ?? null),
      selectedOption: selectedLabel !== undefined ? { caodLabel: selectedLabel } : null,
      temperature: completion?.temperature ?? null,
      selectedPosition: completion?.selected_position ?? null,
      isCorrect,
      wasCorrect: isCorrect,
      earnedGreenMiles: Math.max(0, earned.get(fields.actId) ?? 0),
    };
    // Housekeeping's word stands while the answer is still a skip: a guest who asked for the cleaning again gets it.
    const check =
      completion?.response === 'SKIP' ? checks.get(nightKey(completion.action_id, completion.night_id)) : undefined;
    if (check?.cleaning_outcome && check.cleaning_checked_at)
      action.cleaningCheck = { outcome: check.cleaning_outcome, checkedAt: check.cleaning_checked_at };
    return [retired ? { ...action, actRetired: true } : action];
  });
}

/** GET /api/actions/:actId: one action exactly as in the stay's list (404 when the list does not hold it). */
export async function actionOfStay(
  store: Store,
  input: StayLanguage & { actionId: number },
  now: Date,
): Promise<Action> {
  const action = (await actionsOfStay(store, input, now)).find((candidate) => candidate.actId === input.actionId);
  if (!action) throw notFound('Action');
  return action;
}
