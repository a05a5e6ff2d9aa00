/**
 * A hotel's content as the guests' lists show it (actions, rewards, their texts, tags, options, quiz answers,
 * pictures) and the action rules a submission checks (a quiz's answers and explanations with them), cached in memory
 * by the hotel's `content_version`. Every write of that content renews the version in the same transaction (the
 * import, server/content/import.ts, is the only such writer) and each request reads the version with its stay, so a
 * request never sees content older than the version it read, on any number of processes.
 */
import type { Kysely } from 'kysely';
import type { Action, Quiz, QuizSolution, Reward } from '../../contract/schemas.ts';
import { BoundedCache } from '../bounded-cache.ts';
import type { Database } from '../db/schema.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { factorsOfHotel, rounded } from './impact-gestures.ts';

/** The hotel whose content is asked for, at the content version its request read. */
interface HotelVersion {
  hotel_id: number;
  content_version: string;
}

/** The fields of an action that only the hotel's content decides (the same for every stay). */
type ActionContentFields = Pick<
  Action,
  | 'actId'
  | 'actType'
  | 'actScope'
  | 'actPeriod'
  | 'aadName'
  | 'aadDescription'
  | 'aadQuestion'
  | 'actReward'
  | 'actPictureURL'
  | 'actTitleColor'
  | 'tags'
  | 'actPositiveResponse'
  | 'options'
  | 'quiz'
  | 'cleaningEstimate'
>;

interface ActionContent {
  fields: ActionContentFields;
  /** Left the content (docs/behaviour.md#retiring): listed only to a stay that completed it. */
  retired: boolean;
  /** The label of each of its options by option id (a completion names the option it chose). */
  optionLabels: ReadonlyMap<number, string>;
  /** A quiz's correct answers and explanation: listed only once the stay has answered. */
  quizSolution: QuizSolution | null;
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
      'actions.active',
      't.name',
      't.description',
      't.question',
      't.quiz_question',
      't.quiz_explanation',
    ])
    .where('actions.hotel_id', '=', hotelId)
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

/** A quiz's solution from its answers' rows and its explanation in one language (null when the quiz has none). */
export function solutionOf(
  answers: readonly { position: number; is_correct: number }[],
  explanation: string | null,
): QuizSolution {
  const correctPositions = answers.filter((answer) => answer.is_correct === 1).map((answer) => answer.position);
  return explanation !== null ? { correctPositions, explanation } : { correctPositions };
}

/**
 * One skipped cleaning by the hotel's factor table. The import writes the hotel's figures and renews the content
 * version in one transaction, so the per-version cache stays right.
 */
async function cleaningEstimateOf(db: Kysely<Database>, hotelId: number): Promise<Action['cleaningEstimate']> {
  const hotel = await db
    .selectFrom('hotels')
    .select('impact_factors')
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
  const { cleaning } = factorsOfHotel(hotel);
  return { waterLitres: rounded('water', cleaning.water.perUnit), co2eGrams: rounded('co2e', cleaning.co2e.perUnit) };
}

async function loadActionContent(db: Kysely<Database>, hotelId: number, lang: string): Promise<ActionContent[]> {
  const { actions, tags, options, answers } = await queryActionContent(db, hotelId, lang);
  const cleaningEstimate = actions.some((a) => a.type === 'LUNICLEAN')
    ? await cleaningEstimateOf(db, hotelId)
    : undefined;
  const tagsBy = groupByAction(tags);
  const optionsBy = groupByAction(options);
  const answersBy = groupByAction(answers);
  return actions.map((a) => {
    let quiz: Quiz | null = null;
    let quizSolution: QuizSolution | null = null;
    if (a.type === 'QUIZ' && a.quiz_question !== null) {
      const quizAnswers = answersBy.get(a.id) ?? [];
      quiz = {
        question: { text: a.quiz_question },
        answers: quizAnswers.map((q) => ({ qaPosition: q.position, text: q.text })),
        solution: null,
      };
      quizSolution = solutionOf(quizAnswers, a.quiz_explanation);
    }
    const actionOptions = optionsBy.get(a.id) ?? [];
    return {
      fields: {
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
        actPositiveResponse: a.positive_response === 'YES' || a.positive_response === 'NO' ? a.positive_response : null,
        options: actionOptions.map((o) => ({
          caoId: o.id,
          caodLabel: o.label,
          caoPictureURL: o.picture_url,
          position: o.position,
        })),
        quiz,
        ...(a.type === 'LUNICLEAN' ? { cleaningEstimate } : {}),
      },
      retired: a.active !== 1,
      optionLabels: new Map(actionOptions.map((o) => [o.id, o.label])),
      quizSolution,
    };
  });
}

/** Keyed by hotel, content version and language. */
const actionContentCache = new BoundedCache<Promise<ActionContent[]>>(256);

/**
 * The hotel's actions translated into `lang`, in the hotel's order, retired ones flagged: they are few, and a stay that
 * completed one still sees it (docs/behaviour.md#retiring).
 */
export function actionContentOf(db: Kysely<Database>, hotel: HotelVersion, lang: string): Promise<ActionContent[]> {
  return actionContentCache.getOrAdd(`${hotel.content_version}|${hotel.hotel_id}|${lang}`, () =>
    loadActionContent(db, hotel.hotel_id, lang),
  );
}

/** A quiz's answers (which are correct) and its explanation in every language it has texts in. */
export interface QuizRules {
  answers: { position: number; is_correct: number }[];
  explanations: { lang: string; quiz_explanation: string | null }[];
}

/** What a submission checks and scores an answer by, and answers with, in any language. */
interface ActionRules {
  id: number;
  type: string;
  period: string;
  reward: number;
  positive_response: string | null;
  /** A quiz's answers and explanations; null for the other types. */
  quiz: QuizRules | null;
}

async function loadActionRules(db: Kysely<Database>, hotelId: number): Promise<Map<number, ActionRules>> {
  const rows = await db
    .selectFrom('actions')
    .select(['id', 'type', 'period', 'reward', 'positive_response'])
    .where('hotel_id', '=', hotelId)
    .where('active', '=', 1)
    .execute();
  const quizIds = rows.filter((row) => row.type === 'QUIZ').map((row) => row.id);
  if (quizIds.length === 0) return new Map(rows.map((row) => [row.id, { ...row, quiz: null }]));
  const answersBy = groupByAction(
    await db
      .selectFrom('quiz_answers')
      .select(['action_id', 'position', 'is_correct'])
      .where('action_id', 'in', quizIds)
      .orderBy('position')
      .execute(),
  );
  const explanationsBy = groupByAction(
    await db
      .selectFrom('action_translations')
      .select(['action_id', 'lang', 'quiz_explanation'])
      .where('action_id', 'in', quizIds)
      .execute(),
  );
  return new Map(
    rows.map((row) => {
      const quiz =
        row.type === 'QUIZ'
          ? { answers: answersBy.get(row.id) ?? [], explanations: explanationsBy.get(row.id) ?? [] }
          : null;
      return [row.id, { ...row, quiz }];
    }),
  );
}

/** Keyed by hotel and content version. */
const actionRulesCache = new BoundedCache<Promise<Map<number, ActionRules>>>(256);

/**
 * The rules of the hotel's active actions by action id, whatever their translations: a retired action takes no answer
 * (docs/behaviour.md#retiring), so a submission finds it unknown.
 */
export function actionRulesOf(db: Kysely<Database>, hotel: HotelVersion): Promise<Map<number, ActionRules>> {
  return actionRulesCache.getOrAdd(`${hotel.content_version}|${hotel.hotel_id}`, () =>
    loadActionRules(db, hotel.hotel_id),
  );
}

interface RewardTexts {
  lang: string;
  name: string;
  description: string;
}

/** The fields of a reward that only the hotel's content decides, and its texts in every language. */
interface RewardContent {
  fields: Pick<
    Reward,
    'rwId' | 'rwType' | 'rwCost' | 'rwPictureURL' | 'rwTitleColor' | 'rwPosition' | 'validUntil' | 'rwWaterVolume'
  >;
  texts: RewardTexts[];
  /** Left the content (docs/behaviour.md#retiring): listed only to a stay that claimed it. */
  retired: boolean;
}

interface HotelRewards {
  rewards: RewardContent[];
  primaryLanguage: string;
}

async function loadRewardContent(db: Kysely<Database>, hotel: HotelVersion): Promise<HotelRewards> {
  const rows = await db
    .selectFrom('rewards')
    .select(['id', 'type', 'cost', 'picture_url', 'title_color', 'position', 'water_volume', 'valid_until', 'active'])
    .where('hotel_id', '=', hotel.hotel_id)
    .orderBy('id')
    .execute();
  const translations = await db
    .selectFrom('reward_translations as t')
    .innerJoin('rewards', 'rewards.id', 't.reward_id')
    .select(['t.reward_id', 't.lang', 't.name', 't.description'])
    .where('rewards.hotel_id', '=', hotel.hotel_id)
    .execute();
  const textsBy = new Map<number, RewardTexts[]>();
  for (const { reward_id, ...texts } of translations)
    textsBy.set(reward_id, [...(textsBy.get(reward_id) ?? []), texts]);
  const sortKey = (position: number | null) => position ?? 999;
  const rewards = rows
    .sort((a, b) => sortKey(a.position) - sortKey(b.position) || a.id - b.id)
    .map(
      (r): RewardContent => ({
        fields: {
          rwId: r.id,
          rwType: r.type,
          rwCost: r.cost,
          rwPictureURL: r.picture_url,
          rwTitleColor: r.title_color,
          rwPosition: r.position,
          validUntil: r.valid_until,
          rwWaterVolume: r.water_volume,
        },
        texts: textsBy.get(r.id) ?? [],
        retired: r.active !== 1,
      }),
    );
  return { rewards, primaryLanguage: await hotelPrimaryLanguage(db, hotel) };
}

/** Keyed by hotel and content version (every language: each reward picks its own per request). */
const rewardContentCache = new BoundedCache<Promise<HotelRewards>>(256);

/**
 * The hotel's rewards in the list's order, retired ones flagged (a stay that claimed one still sees it,
 * docs/behaviour.md#retiring), with their texts in every language and the primary language.
 */
export function rewardContentOf(db: Kysely<Database>, hotel: HotelVersion): Promise<HotelRewards> {
  return rewardContentCache.getOrAdd(`${hotel.content_version}|${hotel.hotel_id}`, () => loadRewardContent(db, hotel));
}
