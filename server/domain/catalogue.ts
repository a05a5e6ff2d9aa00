/**
 * What a stay sees of its hotel's content in one language: actions (with this stay's completion state)
 * and rewards (with this stay's claims). Only actions translated into the language are listed, so a
 * language without translations gives [] and the client falls back to another language; rewards fall
 * back on the server, one by one (domain/text-language.ts).
 */
import type { Kysely } from 'kysely';
import type { Action, ActionResponse, Quiz, Reward } from '../../contract/schemas.ts';
import { BoundedCache } from '../bounded-cache.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';
import { currentNightId } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { findOwnedStay, type StayRecord } from './stays.ts';
import { pickTranslation, textLanguageOrder } from './text-language.ts';

/** action_completions.night_id of actions done once per stay. */
export const STAY_NIGHT_ID = 'STAY';

export function completionNightId(period: string, nightId: string): string {
  return period === 'NIGHT' ? nightId : STAY_NIGHT_ID;
}

function toResponse(stored: string | null): ActionResponse {
  if (stored === null) return null;
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  if (stored === 'YES' || stored === 'NO' || stored === 'SKIP' || stored === 'CLEAN') return stored;
  return null;
}

async function queryActionContent(db: Kysely<Database>, hotelId: number, lang: string) {
  const actions = await db
    .selectFrom('actions')
    .innerJoin('action_translations as t', 't.action_id', 'actions.id')
    .select([
      'actions.id',
      'actions.type',
      'actions.scope',
      'actions.period',
      'actions.reward',
      'actions.picture_url',
      'actions.title_color',
      'actions.positive_response',
      't.name',
      't.description',
      't.question',
      't.quiz_question',
      't.quiz_explanation',
    ])
    .where('actions.hotel_id', '=', hotelId)
    .where('actions.active', '=', 1)
    .where('t.lang', '=', lang)
    .orderBy('actions.position')
    .orderBy('actions.id')
    .execute();
  const ids = actions.map((a) => a.id);
  if (ids.length === 0) return { actions, tags: [], options: [], answers: [] };
  const tags = await db
    .selectFrom('action_tags')
    .select(['action_id', 'tag'])
    .where('action_id', 'in', ids)
    .where('lang', '=', lang)
    .orderBy('position')
    .execute();
  const options = await db
    .selectFrom('custom_options as o')
    .innerJoin('custom_option_translations as ot', 'ot.option_id', 'o.id')
    .select(['o.id', 'o.action_id', 'o.position', 'o.picture_url', 'ot.label'])
    .where('o.action_id', 'in', ids)
    .where('ot.lang', '=', lang)
    .orderBy('o.position')
    .execute();
  const answers = await db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_answer_translations as at', (join) =>
      join.onRef('at.action_id', '=', 'a.action_id').onRef('at.position', '=', 'a.position'),
    )
    .select(['a.action_id', 'a.position', 'a.is_correct', 'at.text'])
    .where('a.action_id', 'in', ids)
    .where('at.lang', '=', lang)
    .orderBy('a.position')
    .execute();
  return { actions, tags, options, answers };
}

function groupByAction<T extends { action_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.action_id);
    if (list) list.push(row);
    else map.set(row.action_id, [row]);
  }
  return map;
}

async function loadActionContent(db: Kysely<Database>, hotelId: number, lang: string) {
  const { actions, tags, options, answers } = await queryActionContent(db, hotelId, lang);
  return {
    actions,
    tagsBy: groupByAction(tags),
    optionsBy: groupByAction(options),
    answersBy: groupByAction(answers),
    optionLabel: new Map(options.map((o) => [o.id, o.label])),
  };
}
type ActionContent = Awaited<ReturnType<typeof loadActionContent>>;

/**
 * A hotel's translated content changes only on import, which gives the hotel a new content_version:
 * caching by (version, lang) is safe across processes and databases (the version is a random UUID).
 */
const contentCache = new BoundedCache<Promise<ActionContent>>(256);

async function listActions(db: Kysely<Database>, stay: StayRecord, lang: string, now: Date): Promise<Action[]> {
  const { actions, tagsBy, optionsBy, answersBy, optionLabel } = await contentCache.getOrAdd(
    `${stay.content_version}|${lang}`,
    () => loadActionContent(db, stay.hotel_id, lang),
  );
  if (actions.length === 0) return [];
  const nightId = currentNightId(now, stay.time_zone);
  const completions = await db
    .selectFrom('action_completions')
    .selectAll()
    .where('stay_id', '=', stay.id)
    .where('night_id', 'in', [nightId, STAY_NIGHT_ID])
    .execute();
  const earned = await db
    .selectFrom('ledger_entries')
    .select(['action_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('stay_id', '=', stay.id)
    .where('action_id', 'is not', null)
    .groupBy('action_id')
    .execute();
  const earnedBy = new Map(earned.map((e) => [e.action_id, Number(e.total)]));

  return actions.map((a): Action => {
    const completion = completions.find(
      (c) => c.action_id === a.id && c.night_id === completionNightId(a.period, nightId),
    );
    const quizAnswers = answersBy.get(a.id) ?? [];
    let quiz: Quiz | null = null;
    if (a.type === 'QUIZ' && a.quiz_question !== null) {
      quiz = {
        question:
          a.quiz_explanation !== null
            ? { text: a.quiz_question, explanation: a.quiz_explanation }
            : { text: a.quiz_question },
        answers: quizAnswers.map((q) => ({
          qaPosition: q.position,
          qaIsCorrect: q.is_correct === 1 ? 1 : 0,
          text: q.text,
        })),
      };
    }
    const isCorrect = completion?.is_correct == null ? null : completion.is_correct === 1;
    const selectedLabel = completion?.option_id != null ? optionLabel.get(completion.option_id) : undefined;
    return {
      actId: a.id,
      actType: a.type,
      actScope: a.scope,
      actPeriod: a.period,
      aadName: a.name,
      aadDescription: a.description,
      aadQuestion: a.question,
      actReward: a.reward,
      actPictureURL: a.picture_url,
      actTitleColor: a.title_color,
      tags: (tagsBy.get(a.id) ?? []).map((t) => t.tag),
      alreadyCompleted: completion !== undefined,
      endDate: stay.end_date,
      currentNightId: nightId,
      response: toResponse(completion?.response ?? null),
      actPositiveResponse: a.positive_response === 'YES' || a.positive_response === 'NO' ? a.positive_response : null,
      selectedOption: selectedLabel !== undefined ? { caodLabel: selectedLabel } : null,
      temperature: completion?.temperature ?? null,
      options: (optionsBy.get(a.id) ?? []).map((o) => ({
        caoId: o.id,
        caodLabel: o.label,
        caoPictureURL: o.picture_url,
        position: o.position,
      })),
      quiz,
      selectedPosition: completion?.selected_position ?? null,
      isCorrect,
      wasCorrect: isCorrect,
      earnedGreenMiles: Math.max(0, earnedBy.get(a.id) ?? 0),
    };
  });
}

interface StayLanguage {
  sUUID: string;
  profileUUID: string;
  lang: string;
}

/** GET /api/stays/:sUUID/actions: the hotel's actions translated into `lang`, with this stay's answers. */
export async function actionsOfStay(store: Store, input: StayLanguage, now: Date): Promise<Action[]> {
  return listActions(store.db, await findOwnedStay(store.db, input.sUUID, input.profileUUID), input.lang, now);
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

/**
 * GET /api/stays/:sUUID/rewards: the hotel's rewards with this stay's claims, each in the first language of
 * the text fallback it is translated into (`textLanguage`), so no reward (above all no claimed one) is hidden
 * for want of a translation in the chosen language.
 */
export async function rewardsOfStay(store: Store, input: StayLanguage): Promise<Reward[]> {
  const { db } = store;
  const stay = await findOwnedStay(db, input.sUUID, input.profileUUID);
  const order = textLanguageOrder(input.lang, await hotelPrimaryLanguage(db, stay));
  const rows = await db
    .selectFrom('rewards')
    .leftJoin('reward_claims as c', (join) =>
      join.onRef('c.reward_id', '=', 'rewards.id').on('c.stay_id', '=', stay.id),
    )
    .select([
      'rewards.id',
      'rewards.type',
      'rewards.cost',
      'rewards.picture_url',
      'rewards.title_color',
      'rewards.position',
      'rewards.water_volume',
      'rewards.valid_until',
      'c.id as claim_id',
      'c.code',
      'c.claimed_at',
      'c.used_at',
    ])
    .where('rewards.hotel_id', '=', stay.hotel_id)
    .where('rewards.active', '=', 1)
    .orderBy('rewards.id')
    .execute();
  const translations = await rewardTranslations(db, stay);
  const sortKey = (position: number | null) => position ?? 999;
  return rows
    .sort((a, b) => sortKey(a.position) - sortKey(b.position) || a.id - b.id)
    .flatMap((r): Reward[] => {
      const texts = pickTranslation(translations.get(r.id) ?? [], order);
      if (!texts) return [];
      return [
        {
          rwId: r.id,
          rwType: r.type,
          radName: texts.name,
          radDescription: texts.description,
          textLanguage: texts.lang,
          rwCost: r.cost,
          rwPictureURL: r.picture_url,
          rwTitleColor: r.title_color,
          rwPosition: r.position,
          isClaimed: r.claim_id !== null ? 1 : 0,
          isUsed: r.used_at !== null ? 1 : 0,
          code: r.claim_id !== null ? r.code : null,
          claimedAt: r.claim_id !== null ? r.claimed_at : null,
          validUntil: r.valid_until,
          rwWaterVolume: r.water_volume,
        },
      ];
    });
}

interface RewardTexts {
  lang: string;
  name: string;
  description: string;
}

/** Reward texts change only on import, like the actions' (cached by content version, every language). */
const rewardTextsCache = new BoundedCache<Promise<Map<number, RewardTexts[]>>>(256);

function rewardTranslations(db: Kysely<Database>, stay: StayRecord): Promise<Map<number, RewardTexts[]>> {
  return rewardTextsCache.getOrAdd(`${stay.content_version}|${stay.hotel_id}`, async () => {
    const rows = await db
      .selectFrom('reward_translations as t')
      .innerJoin('rewards', 'rewards.id', 't.reward_id')
      .select(['t.reward_id', 't.lang', 't.name', 't.description'])
      .where('rewards.hotel_id', '=', stay.hotel_id)
      .execute();
    const byReward = new Map<number, RewardTexts[]>();
    for (const { reward_id, ...texts } of rows) byReward.set(reward_id, [...(byReward.get(reward_id) ?? []), texts]);
    return byReward;
  });
}
