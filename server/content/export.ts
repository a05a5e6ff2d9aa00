/**
 * A hotel's content as a content file (docs/server.md#hotel-content-files), read back from the database: what the
 * back office edits, the history keeps and the YAML export downloads. Importing it gives the very same content (the
 * round-trip test), so it holds what the import writes and nothing else: retired actions and rewards, QR codes that
 * belong to no hotel and staff accounts stay out (the People tab manages people).
 */
import type { Kysely } from 'kysely';
import type { ContentDocument } from '../../contract/content-editor.ts';
import type { ActionEntry, RewardEntry } from '../../contract/hotel-content-file.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { partnerOf } from './reward-partner.ts';

type Db = Kysely<Database>;

/** Rows grouped by one of their columns, in the order they came. */
function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** `{ [lang]: value }` in the hotel's language order. */
function perLanguage<Row extends { lang: string }, Text>(
  rows: readonly Row[],
  languages: readonly string[],
  pick: (row: Row) => Text,
): Record<string, Text> {
  const rank = (lang: string) => (languages.includes(lang) ? languages.indexOf(lang) : languages.length);
  const sorted = [...rows].sort((a, b) => rank(a.lang) - rank(b.lang) || a.lang.localeCompare(b.lang));
  return Object.fromEntries(sorted.map((row) => [row.lang, pick(row)]));
}

/** A field the import would store as null is left out, as a hand-written file leaves it out. */
function present<Field>(value: Field | null): Field | undefined {
  return value ?? undefined;
}

async function hotelSection(db: Db, hotelId: number): Promise<ContentDocument['hotel']> {
  const h = await db.selectFrom('hotels').selectAll().where('id', '=', hotelId).executeTakeFirst();
  if (!h) throw notFound('Hotel');
  return {
    id: h.id,
    name: h.name,
    isDemo: h.is_demo === 1,
    greenMilesName: h.green_miles_name,
    timeZone: h.time_zone,
    checkoutTime: h.checkout_time,
    reportEmail: present(h.report_email),
    reportHour: h.report_hour,
    codePrefix: present(h.code_prefix),
    maxClaimsPerRoomNight: h.max_claims_per_room_night,
    maxPoolCodesPerDay: h.max_pool_codes_per_day,
    hotelQrEntry: h.hotel_qr_entry === 'open' || h.hotel_qr_entry === 'off' ? h.hotel_qr_entry : 'key',
    qrKey: h.qr_key,
    maxStayNights: h.max_stay_nights,
    roomCapacity: h.room_capacity,
  };
}

async function actionEntries(db: Db, hotelId: number, languages: readonly string[]): Promise<ActionEntry[]> {
  const actions = await db
    .selectFrom('actions')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (actions.length === 0) return [];
  const ids = actions.map((a) => a.id);
  const [texts, tags, options, optionLabels, answers, answerTexts, proofCodes] = await Promise.all([
    db.selectFrom('action_translations').selectAll().where('action_id', 'in', ids).execute(),
    db.selectFrom('action_tags').selectAll().where('action_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('custom_options').selectAll().where('action_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('custom_option_translations')
      .innerJoin('custom_options', 'custom_options.id', 'custom_option_translations.option_id')
      .select(['custom_option_translations.option_id', 'custom_option_translations.lang', 'label'])
      .where('custom_options.action_id', 'in', ids)
      .execute(),
    db.selectFrom('quiz_answers').selectAll().where('action_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('quiz_answer_translations').selectAll().where('action_id', 'in', ids).execute(),
    db.selectFrom('proof_codes').selectAll().where('action_id', 'in', ids).orderBy('qr_id').execute(),
  ]);
  const textsOf = groupBy(texts, (t) => t.action_id);
  const tagsOf = groupBy(tags, (t) => t.action_id);
  const optionsOf = groupBy(options, (o) => o.action_id);
  const labelsOf = groupBy(optionLabels, (l) => l.option_id);
  const answersOf = groupBy(answers, (a) => a.action_id);
  const answerTextsOf = groupBy(answerTexts, (t) => `${t.action_id}/${t.position}`);
  const codesOf = groupBy(proofCodes, (c) => c.action_id);
  return actions.map((a): ActionEntry => {
    const actionTexts = textsOf.get(a.id) ?? [];
    const actionTags = [...groupBy(tagsOf.get(a.id) ?? [], (t) => t.lang)].map(([lang, list]) => ({
      lang,
      tags: list.map((t) => t.tag),
    }));
    const actionOptions = optionsOf.get(a.id) ?? [];
    const quizTexts = actionTexts.filter((t) => t.quiz_question !== null);
    const entry: ActionEntry = {
      key: a.key,
      type: a.type as ActionEntry['type'],
      scope: a.scope as ActionEntry['scope'],
      period: a.period as ActionEntry['period'],
      reward: a.reward,
      picture: present(a.picture_url),
      titleColor: present(a.title_color),
      position: a.position,
      positiveResponse: a.positive_response === 'YES' || a.positive_response === 'NO' ? a.positive_response : undefined,
      tags: actionTags.length > 0 ? perLanguage(actionTags, languages, (t) => t.tags) : undefined,
      texts: perLanguage(actionTexts, languages, (t) => ({
        name: t.name,
        description: t.description,
        question: present(t.question),
      })),
      options:
        actionOptions.length > 0
          ? actionOptions.map((option) => ({
              picture: present(option.picture_url),
              labels: perLanguage(labelsOf.get(option.id) ?? [], languages, (l) => l.label),
            }))
          : undefined,
      quiz:
        a.type === 'QUIZ'
          ? {
              texts: perLanguage(quizTexts, languages, (t) => ({
                question: t.quiz_question ?? '',
                explanation: present(t.quiz_explanation),
              })),
              answers: (answersOf.get(a.id) ?? []).map((answer) => ({
                correct: answer.is_correct === 1,
                texts: perLanguage(answerTextsOf.get(`${a.id}/${answer.position}`) ?? [], languages, (t) => t.text),
              })),
            }
          : undefined,
      proofQrIds: a.type === 'PROOF' ? (codesOf.get(a.id) ?? []).map((c) => c.qr_id) : undefined,
    };
    return withoutAbsent(entry);
  });
}

async function rewardEntries(db: Db, hotelId: number, languages: readonly string[]): Promise<RewardEntry[]> {
  const rewards = await db
    .selectFrom('rewards')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  if (rewards.length === 0) return [];
  const ids = rewards.map((r) => r.id);
  const [texts, pool] = await Promise.all([
    db.selectFrom('reward_translations').selectAll().where('reward_id', 'in', ids).execute(),
    db.selectFrom('reward_code_pool').selectAll().where('reward_id', 'in', ids).orderBy('code').execute(),
  ]);
  const textsOf = groupBy(texts, (t) => t.reward_id);
  const poolOf = groupBy(pool, (p) => p.reward_id);
  return rewards.map((r) =>
    withoutAbsent({
      key: r.key,
      type: r.type as RewardEntry['type'],
      cost: r.cost,
      picture: present(r.picture_url),
      titleColor: present(r.title_color),
      position: present(r.position),
      waterVolume: present(r.water_volume),
      validUntil: present(r.valid_until),
      codePool: poolOf.has(r.id) ? (poolOf.get(r.id) ?? []).map((p) => p.code) : undefined,
      partner: present(partnerOf(r.partner)),
      texts: perLanguage(textsOf.get(r.id) ?? [], languages, (t) => ({ name: t.name, description: t.description })),
    }),
  );
}

/** The entry without its undefined fields: a document compares and prints as the file a person would write. */
function withoutAbsent<Entry extends object>(entry: Entry): Entry {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as Entry;
}

/** The hotel's content as a content file without staff; 404 for an unknown hotel. */
export async function exportContent(db: Db, hotelId: number): Promise<ContentDocument> {
  const hotel = withoutAbsent(await hotelSection(db, hotelId));
  const languageRows = await db
    .selectFrom('hotel_languages')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .orderBy('position')
    .orderBy('code')
    .execute();
  const languages = languageRows.map((l) => l.code);
  const [rooms, actions, rewards, dishes, factors] = await Promise.all([
    db.selectFrom('rooms').select(['number', 'qr_id']).where('hotel_id', '=', hotelId).orderBy('id').execute(),
    actionEntries(db, hotelId, languages),
    rewardEntries(db, hotelId, languages),
    db.selectFrom('meal_dishes').selectAll().where('hotel_id', '=', hotelId).orderBy('position').execute(),
    db.selectFrom('hotels').select('impact_factors').where('id', '=', hotelId).executeTakeFirstOrThrow(),
  ]);
  return withoutAbsent({
    hotel,
    languages: languageRows.map((l) =>
      withoutAbsent({
        code: l.code,
        name: l.name,
        enabled: l.enabled === 1,
        direction: l.direction === 'rtl' ? ('rtl' as const) : ('ltr' as const),
        flagUrl: present(l.flag_url),
        isPrimary: l.is_primary === 1,
        position: l.position,
      }),
    ),
    rooms: rooms.map((room) => ({ number: room.number ?? '', qrId: room.qr_id })),
    actions,
    rewards,
    menu: dishes.map((dish) => ({
      key: dish.key,
      names: JSON.parse(dish.names) as Record<string, string>,
      ingredients: JSON.parse(dish.ingredients) as Array<{ food: string; grams: number }>,
    })),
    impactFactors: factors.impact_factors
      ? (JSON.parse(factors.impact_factors) as ContentDocument['impactFactors'])
      : undefined,
  });
}
