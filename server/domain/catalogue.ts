/**
 * What a stay sees of its hotel's content in one language: actions (with this stay's completion state)
 * and rewards (with this stay's claims). Only actions translated into the language are listed, so a
 * language without translations gives [] and the client falls back to another language; rewards fall
 * back on the server, one by one (domain/text-language.ts).
 *
 * The hotel's content (actions, rewards, their texts, tags, options, quiz answers, pictures) is cached in memory
 * by the hotel's `content_version`, which every write of that content renews in the same transaction (the import,
 * server/content/import.ts, is the only such writer) and which each request reads with the stay: a request never
 * sees content older than the version it read, on any number of processes. Per request only the stay, its
 * completions and points, or its claims are read (docs/performance.md#api-reads).
 */
import { type Kysely, sql } from 'kysely';
import type { Action, ActionResponse, Quiz, QuizSolution, Reward } from '../../contract/schemas.ts';
import { BoundedCache } from '../bounded-cache.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';
import { currentNightId, localDate } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { isExpiredOn } from './rewards.ts';
import type { StayRecord } from './stays.ts';
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
>;

interface ActionContent {
  fields: Readonly<ActionContentFields>;
  /** The label of each of its options by option id (a completion names the option it chose). */
  optionLabels: ReadonlyMap<number, string>;
  /** A quiz's correct answers and explanation: listed only once the stay has answered. */
  quizSolution: QuizSolution | null;
}

async function loadActionContent(db: Kysely<Database>, hotelId: number, lang: string): Promise<ActionContent[]> {
  const { actions, tags, options, answers } = await queryActionContent(db, hotelId, lang);
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
    // Frozen whole: every stay's answer shares these objects.
    return deepFreeze({
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
      },
      optionLabels: new Map(actionOptions.map((o) => [o.id, o.label])),
      quizSolution,
    });
  });
}

/** A quiz's solution from its answers' rows and its explanation in one language (null when the quiz has none). */
export function solutionOf(
  answers: readonly { position: number; is_correct: number }[],
  explanation: string | null,
): QuizSolution {
  const correctPositions = answers.filter((answer) => answer.is_correct === 1).map((answer) => answer.position);
  return explanation !== null ? { correctPositions, explanation } : { correctPositions };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !(value instanceof Map) && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * True when `a` and `b` are the same value, or arrays or plain records (rows) of the same values; any other object is
 * only the same as itself.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameValue(a[index], b[index])) return false;
    return true;
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  // Loops rather than Object.keys and every(): this runs on every list read.
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !sameValue(a[key], b[key])) return false;
    keys++;
  }
  for (const _key in b) keys--;
  return keys === 0;
}

/**
 * A list built from its inputs alone (`build` gets nothing else), given back as the very same frozen list while the
 * inputs are equal to the last ones of its key (a stay and language): the same answer lets its serialisation
 * (server/response-serializer.ts) and its ETag (server/etag.ts) be reused, and building, serialising and comparing
 * the answer cost more CPU than reading its rows (docs/performance.md#api-reads). The inputs are read on every call:
 * the cached content by identity (one object per content version), the stay's values and rows by value.
 */
class ListOfInputs<I extends object, T> {
  readonly #last = new BoundedCache<{ inputs: I; list: T[] }>(512);
  readonly #build: (inputs: I) => T[];

  constructor(build: (inputs: I) => T[]) {
    this.#build = build;
  }

  /** The list of `inputs`, frozen whole. */
  of(key: string, inputs: I): T[] {
    const last = this.#last.getOrAdd(key, () => ({ inputs, list: deepFreeze(this.#build(inputs)) }));
    if (!sameValue(last.inputs, inputs)) {
      last.inputs = inputs;
      last.list = deepFreeze(this.#build(inputs));
    }
    return last.list;
  }
}

/** Keyed by hotel, content version and language. */
const actionContentCache = new BoundedCache<Promise<ActionContent[]>>(256);

/** What the lists need of a stay and its hotel: a StayRecord has it too. */
export type ListedStay = Pick<StayRecord, 'id' | 'hotel_id' | 'end_date' | 'time_zone' | 'content_version'>;

/**
 * The hotel's columns come from scalar subqueries, not a join: on SQLite the join took 2.5 times as long as the
 * stay's own lookup, the subqueries nothing measurable (docs/performance.md#api-reads).
 */
const listedStayRead = prepared((db, values: { sUUID: string }) =>
  db
    .selectFrom('stays')
    .select((eb) => {
      const hotelColumn = <C extends 'time_zone' | 'content_version'>(column: C) =>
        eb.selectFrom('hotels').select(column).whereRef('hotels.id', '=', 'stays.hotel_id').$asScalar().$notNull();
      return [
        'stays.id',
        'stays.profile_uuid',
        'stays.hotel_id',
        'stays.end_date',
        hotelColumn('time_zone').as('time_zone'),
        hotelColumn('content_version').as('content_version'),
      ];
    })
    .where('stays.s_uuid', '=', values.sUUID),
);

/** The stay `sUUID` as seen by `profileUUID`: another profile's stay is an unknown one (404), as in findOwnedStay. */
async function findListedStay(db: Kysely<Database>, sUUID: string, profileUUID: string): Promise<ListedStay> {
  const [stay] = await listedStayRead(db, { sUUID });
  if (!stay || stay.profile_uuid !== profileUUID) throw notFound('Stay');
  return stay;
}

/**
 * The stay's answers of the night (and of its once-per-stay actions), then its points moves of actions over the
 * whole stay (rows with `amount`, summed here: a GROUP BY cost SQLite a temporary B-tree on every call), in one
 * statement.
 */
const stayActivityRead = prepared((db, values: { stayId: number; nightId: string }) =>
  db
    .selectFrom('action_completions')
    .select((eb) => [
      'action_id',
      // Null on the points rows.
      eb.ref('night_id').$castTo<string | null>().as('night_id'),
      'response',
      'option_id',
      'selected_position',
      'is_correct',
      'temperature',
      sql<number | null>`null`.as('amount'),
    ])
    .where('stay_id', '=', values.stayId)
    .where('night_id', 'in', [values.nightId, STAY_NIGHT_ID])
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
          inner.ref('amount').$castTo<number | null>().as('amount'),
        ])
        .where('stay_id', '=', values.stayId)
        .where('action_id', 'is not', null),
    ),
);

type ActivityRow = Awaited<ReturnType<typeof stayActivityRead>>[number];

/** All that a stay's actions list is made of. */
interface ActionListInputs {
  content: readonly ActionContent[];
  endDate: ListedStay['end_date'];
  nightId: string;
  /** The stay's answers of the night and of its once-per-stay actions. */
  completions: readonly ActivityRow[];
  /** The points each action earned over the stay, by action id (a sum, so that a long stay compares as fast). */
  earned: Readonly<Record<number, number>>;
}

const actionLists = new ListOfInputs(
  ({ content, endDate, nightId, completions, earned }: ActionListInputs): Action[] => {
    const completionOf = new Map(completions.map((row) => [`${row.action_id}|${row.night_id}`, row]));
    return content.map(({ fields, optionLabels, quizSolution }): Action => {
      const completion = completionOf.get(`${fields.actId}|${completionNightId(fields.actPeriod, nightId)}`);
      const isCorrect = completion?.is_correct == null ? null : completion.is_correct === 1;
      const selectedLabel = completion?.option_id != null ? optionLabels.get(completion.option_id) : undefined;
      return {
        ...fields,
        // The solution only once answered: before, it would tell a script which answer earns.
        quiz: fields.quiz && completion ? { ...fields.quiz, solution: quizSolution } : fields.quiz,
        alreadyCompleted: completion !== undefined,
        endDate,
        currentNightId: nightId,
        response: toResponse(completion?.response ?? null),
        selectedOption: selectedLabel !== undefined ? { caodLabel: selectedLabel } : null,
        temperature: completion?.temperature ?? null,
        selectedPosition: completion?.selected_position ?? null,
        isCorrect,
        wasCorrect: isCorrect,
        earnedGreenMiles: Math.max(0, earned[fields.actId] ?? 0),
      };
    });
  },
);

/** The stay's actions in `lang`, for a stay already read (a StayRecord will do). */
export async function actionsForStay(
  db: Kysely<Database>,
  stay: ListedStay,
  lang: string,
  now: Date,
): Promise<Action[]> {
  const content = await actionContentCache.getOrAdd(`${stay.content_version}|${stay.hotel_id}|${lang}`, () =>
    loadActionContent(db, stay.hotel_id, lang),
  );
  if (content.length === 0) return [];
  const nightId = currentNightId(now, stay.time_zone);
  const completions: ActivityRow[] = [];
  const earned: Record<number, number> = {};
  for (const row of await stayActivityRead(db, { stayId: stay.id, nightId })) {
    if (row.amount !== null) earned[row.action_id] = (earned[row.action_id] ?? 0) + row.amount;
    else completions.push(row);
  }
  return actionLists.of(`${stay.id}|${lang}`, { content, endDate: stay.end_date, nightId, completions, earned });
}

interface StayLanguage {
  sUUID: string;
  profileUUID: string;
  lang: string;
}

/** GET /api/stays/:sUUID/actions: the hotel's actions translated into `lang`, with this stay's answers. */
export async function actionsOfStay(store: Store, input: StayLanguage, now: Date): Promise<Action[]> {
  const stay = await findListedStay(store.db, input.sUUID, input.profileUUID);
  return actionsForStay(store.db, stay, input.lang, now);
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

interface RewardTexts {
  lang: string;
  name: string;
  description: string;
}

/** The fields of a reward that only the hotel's content decides, and its texts in every language. */
interface RewardContent {
  fields: Readonly<
    Pick<
      Reward,
      'rwId' | 'rwType' | 'rwCost' | 'rwPictureURL' | 'rwTitleColor' | 'rwPosition' | 'validUntil' | 'rwWaterVolume'
    >
  >;
  texts: readonly RewardTexts[];
}

interface HotelRewards {
  rewards: readonly RewardContent[];
  primaryLanguage: string;
}

async function loadRewardContent(db: Kysely<Database>, stay: ListedStay): Promise<HotelRewards> {
  const rows = await db
    .selectFrom('rewards')
    .select(['id', 'type', 'cost', 'picture_url', 'title_color', 'position', 'water_volume', 'valid_until'])
    .where('hotel_id', '=', stay.hotel_id)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const translations = await db
    .selectFrom('reward_translations as t')
    .innerJoin('rewards', 'rewards.id', 't.reward_id')
    .select(['t.reward_id', 't.lang', 't.name', 't.description'])
    .where('rewards.hotel_id', '=', stay.hotel_id)
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
      }),
    );
  return deepFreeze({ rewards, primaryLanguage: await hotelPrimaryLanguage(db, stay) });
}

/** Keyed by hotel and content version (every language: each reward picks its own per request). */
const rewardContentCache = new BoundedCache<Promise<HotelRewards>>(256);

const claimsRead = prepared((db, values: { stayId: number }) =>
  db
    .selectFrom('reward_claims')
    .select(['reward_id', 'code', 'claimed_at', 'used_at'])
    .where('stay_id', '=', values.stayId),
);

/** All that a stay's rewards list is made of. */
interface RewardListInputs {
  hotelRewards: HotelRewards;
  lang: string;
  /** The hotel-local date: a reward past its validity that the stay has not claimed is not listed. */
  today: string;
  claims: readonly Awaited<ReturnType<typeof claimsRead>>[number][];
}

const rewardLists = new ListOfInputs(({ hotelRewards, lang, today, claims }: RewardListInputs): Reward[] => {
  const claimOf = new Map(claims.map((claim) => [claim.reward_id, claim]));
  const order = textLanguageOrder(lang, hotelRewards.primaryLanguage);
  return hotelRewards.rewards.flatMap(({ fields, texts: translations }): Reward[] => {
    const texts = pickTranslation(translations, order);
    if (!texts) return [];
    const claim = claimOf.get(fields.rwId);
    if (!claim && isExpiredOn(fields.validUntil, today)) return [];
    return [
      {
        ...fields,
        radName: texts.name,
        radDescription: texts.description,
        textLanguage: texts.lang,
        isClaimed: claim ? 1 : 0,
        isUsed: claim?.used_at != null ? 1 : 0,
        code: claim ? claim.code : null,
        claimedAt: claim ? claim.claimed_at : null,
      },
    ];
  });
});

/**
 * GET /api/stays/:sUUID/rewards: the hotel's rewards with this stay's claims, each in the first language of
 * the text fallback it is translated into (`textLanguage`), so no reward (above all no claimed one) is hidden
 * for want of a translation in the chosen language. A reward past its `validUntil` is listed only when claimed.
 */
export async function rewardsOfStay(store: Store, input: StayLanguage, now: Date): Promise<Reward[]> {
  const { db } = store;
  const stay = await findListedStay(db, input.sUUID, input.profileUUID);
  const hotelRewards = await rewardContentCache.getOrAdd(`${stay.content_version}|${stay.hotel_id}`, () =>
    loadRewardContent(db, stay),
  );
  const claims = await claimsRead(db, { stayId: stay.id });
  const today = localDate(now, stay.time_zone);
  return rewardLists.of(`${stay.id}|${input.lang}`, { hotelRewards, lang: input.lang, today, claims });
}
