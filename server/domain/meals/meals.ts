/**
 * The meal photo (LIMEAT, docs/behaviour.md#meal-photo): the menu a guest picks from, and a photo's analysis with
 * its points. The photo is checked, analysed in memory and dropped; only the points and the completion are kept.
 *
 * Points (docs/meal-scoring.md#points): a meal is worth the action's reward times its score / 10. The night's
 * completion holds the best meal of the night (of the stay for a STAY action), and a better meal credits the
 * difference, so a guest earns at most `actReward` per hotel-local night however many photos they take, and a
 * weaker meal never takes points back.
 */
import type { Kysely } from 'kysely';
import { impactOf, isFoodKey, type MealImpact, type MealIngredient } from '../../../contract/meal-foods.ts';
import type { LimeatBody, LimeatReply, MealMenuReply } from '../../../contract/schemas.ts';
import { dishNameLanguages } from '../../../contract/text-language.ts';
import type { Database } from '../../db/schema.ts';
import type { Store, WriteTransaction } from '../../db/store.ts';
import {
  type CompletionKey,
  findCompletion,
  logAnswer,
  movePoints,
  NO_ANSWER,
  saveCompletion,
} from '../completions.ts';
import { DomainError, notFound, stayFinished } from '../errors.ts';
import { completionNightId, currentNightId } from '../hotel-time.ts';
import { hotelPrimaryLanguage } from '../hotels.ts';
import { type Caller, giveBackRateLimitNow, limitOfStay, submissionsLimit, takeRateLimitNow } from '../rate-limits.ts';
import { checkEndDate, findOwnedStay, isFinished, lockOwnedStay, type StayRecord } from '../stays.ts';
import type { MealAnalyser } from './analysers.ts';
import { checkedPhoto } from './photo.ts';
import { analysisOf, isVegetarian, mealPoints } from './scoring.ts';

interface MealAction {
  id: number;
  period: string;
  reward: number;
}

/** The guest's stay and its LIMEAT action `actionId`, or the 404 / 400 that says which is wrong. */
async function mealActionOf(db: Kysely<Database>, stay: StayRecord, actionId: number): Promise<MealAction> {
  const action = await db
    .selectFrom('actions')
    .select(['id', 'type', 'period', 'reward'])
    .where('id', '=', actionId)
    .where('hotel_id', '=', stay.hotel_id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!action) throw notFound('Action');
  if (action.type !== 'LIMEAT')
    throw new DomainError('bad_request', 'wrong_action_type', `Action of type ${action.type} takes no meal photo`);
  return action;
}

interface Dish {
  key: string;
  names: Record<string, string>;
  ingredients: MealIngredient[];
}

async function dishesOf(db: Kysely<Database>, hotelId: number): Promise<Dish[]> {
  const rows = await db
    .selectFrom('meal_dishes')
    .select(['key', 'names', 'ingredients'])
    .where('hotel_id', '=', hotelId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    key: row.key,
    names: JSON.parse(row.names) as Record<string, string>,
    // The import validated every food against the factor table; a table row removed since then is skipped.
    ingredients: (JSON.parse(row.ingredients) as Array<{ food: string; grams: number }>).flatMap(({ food, grams }) =>
      isFoodKey(food) ? [{ food, grams }] : [],
    ),
  }));
}

function nameIn(names: Record<string, string>, languages: readonly string[]): string {
  for (const lang of languages) {
    const name = names[lang];
    if (name) return name;
  }
  return Object.values(names)[0] ?? '';
}

export interface MealMenuInput {
  actionId: number;
  sUUID: string;
  profileUUID: string;
  lang: string;
}

/** How this server analyses meals, and the dishes the guest may pick from (names in `lang`, else the hotel's). */
export async function mealMenu(store: Store, analyser: MealAnalyser, input: MealMenuInput): Promise<MealMenuReply> {
  const stay = await findOwnedStay(store.db, input.sUUID, input.profileUUID);
  await mealActionOf(store.db, stay, input.actionId);
  if (analyser.kind === 'vision') return { analyser: 'vision', dishes: [] };
  const languages = dishNameLanguages(input.lang, await hotelPrimaryLanguage(store.db, stay));
  return {
    analyser: 'menu',
    dishes: (await dishesOf(store.db, stay.hotel_id)).map((dish) => ({
      key: dish.key,
      name: nameIn(dish.names, languages),
      vegetarian: isVegetarian(dish.ingredients),
    })),
  };
}

export interface MealPhotoInput {
  actionId: number;
  body: LimeatBody;
  caller: Caller;
}

/** Checks the photo, analyses the meal, credits its points (docs/meal-scoring.md#points) and answers SPEC §3. */
export async function submitMealPhoto(
  store: Store,
  analyser: MealAnalyser,
  input: MealPhotoInput,
  now: Date,
): Promise<LimeatReply> {
  const { body } = input;
  const photo = checkedPhoto(body.photoData);
  const stay = await findOwnedStay(store.db, body.sUUID, body.uuid);
  const action = await mealActionOf(store.db, stay, input.actionId);
  if (isFinished(stay, now)) throw stayFinished();
  if (body.endDate !== null) checkEndDate(body.endDate, stay, now);
  let dish: Dish | null = null;
  if (analyser.kind === 'menu') {
    if (!body.dishKey) throw new DomainError('bad_request', 'dish_required', 'Pick the dish of the menu first');
    dish = (await dishesOf(store.db, stay.hotel_id)).find((candidate) => candidate.key === body.dishKey) ?? null;
    if (!dish) throw new DomainError('bad_request', 'unknown_dish', 'This dish is not on the hotel menu');
  }

  // Before the analysis, which may cost a vision model's call.
  const limit = submissionsLimit(input.caller, now);
  const slot = limit && limitOfStay(limit, stay.id);
  await takeRateLimitNow(store, slot);

  // The analysis may take seconds (a vision model): it runs before the write transaction, which holds the stay.
  const ingredients = await analyser.analyse({ photo, dish: dish?.ingredients ?? null }).catch(async (error) => {
    // docs/behaviour.md#rate-limits: a failed analysis served nothing, so its slot is the guest's again.
    await giveBackRateLimitNow(store, slot);
    throw error;
  });
  const lang = body.lang ?? (await hotelPrimaryLanguage(store.db, stay));
  const analysis = analysisOf(ingredients, lang);
  if (ingredients.length === 0) return { greenMilesAdded: 0, limeatAnalysis: analysis };

  const points = mealPoints(analysis.scores.environmental, action.reward);
  const greenMilesAdded = await store.write(async (transaction) => {
    const locked = await lockOwnedStay(transaction, body.sUUID, body.uuid);
    if (isFinished(locked, now)) throw stayFinished();
    return creditMeal(transaction, locked, action, { points, impact: impactOf(ingredients) }, now, body.endDate);
  });
  return { greenMilesAdded, limeatAnalysis: analysis };
}

/** Records the meal on the night's completion; credits what it adds to the night's best meal. */
async function creditMeal(
  transaction: WriteTransaction,
  stay: StayRecord,
  action: MealAction,
  { points, impact }: { points: number; impact: MealImpact },
  now: Date,
  endDate: string | null,
): Promise<number> {
  const tx = transaction.db;
  const completion: CompletionKey = {
    stay,
    action: { id: action.id, type: 'LIMEAT' },
    nightId: completionNightId(action.period, currentNightId(now, stay.time_zone)),
  };
  const existing = await findCompletion(tx, completion);
  const credit = Math.max(0, points - (existing?.points ?? 0));
  const version = existing ? existing.version + (credit > 0 ? 1 : 0) : 1;
  if (!existing || credit > 0) {
    await saveCompletion(tx, completion, existing, { answer: NO_ANSWER, points, version }, now);
    await keepMealImpact(tx, completion, impact);
  }
  if (credit > 0)
    await movePoints(transaction, completion, { amount: credit, version, isChange: existing !== undefined }, now);
  await logAnswer(tx, completion, { answer: NO_ANSWER, version, pointsChange: credit }, now);
  if (endDate !== null && stay.end_date === null)
    await tx.updateTable('stays').set({ end_date: endDate }).where('id', '=', stay.id).execute();
  return credit;
}

/** The impact of the meal the completion now holds, for the staff page's savings (docs/impact.md#meals). */
async function keepMealImpact(tx: Kysely<Database>, { stay, action, nightId }: CompletionKey, impact: MealImpact) {
  await tx
    .updateTable('action_completions')
    .set({
      meal_water_litres: impact.waterLitres,
      meal_energy_wh: impact.energyWh,
      meal_ghg_grams: impact.ghgGrams,
    })
    .where('stay_id', '=', stay.id)
    .where('action_id', '=', action.id)
    .where('night_id', '=', nightId)
    .execute();
}
