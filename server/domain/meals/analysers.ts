/**
 * Who says what is on the plate (docs/meal-scoring.md#analysers). Two real analysers behind one interface:
 * - vision: an OpenAI-compatible chat-completions endpoint (MEAL_VISION_URL, MEAL_VISION_MODEL, MEAL_VISION_KEY)
 *   reads the photo and answers strict JSON; a failure (unreachable, time-out, HTTP error, malformed answer) is not
 *   "no food" but 503 `analysis_unavailable` with Retry-After, so the guest keeps the photo and tries again;
 * - menu: the guest picks the dish of the hotel's menu after the photo, and its recipe is the meal.
 */

import type { MealIngredient } from '../../../contract/meal-foods.ts';
import { FOOD_FACTORS, FOOD_KEYS, isFoodKey } from '../../../contract/meal-foods.ts';
import { DomainError } from '../errors.ts';
import { matchFood } from './factors.ts';

export interface MealAnalysisRequest {
  photo: Buffer;
  /** The recipe of the dish the guest picked (menu analyser only). */
  dish: readonly MealIngredient[] | null;
}

export interface MealAnalyser {
  kind: 'vision' | 'menu';
  /**
   * The meal's ingredients; [] when nothing is recognised (the guest reads 'no food'). Rejects only with
   * `analysisUnavailable` (the vision model failed): that is never 'no food'.
   */
  analyse(request: MealAnalysisRequest): Promise<MealIngredient[]>;
}

export const menuAnalyser: MealAnalyser = {
  kind: 'menu',
  analyse: async ({ dish }) => [...(dish ?? [])],
};

export interface VisionConfig {
  /** Base URL of the API, e.g. http://host:port/v1 (the call goes to {url}/chat/completions). */
  url: string;
  model: string;
  key: string | null;
  /** Milliseconds before the analysis counts as failed. */
  timeoutMs: number;
}

export const DEFAULT_VISION_TIMEOUT_MS = 20_000;
/** A plate holds less than this of one ingredient: a larger answer is a model's mistake. */
const MAX_INGREDIENT_GRAMS = 2000;

/** Rows whose figures are per kilogram dry (docs/meal-scoring.md#factor-table): the model is asked for dry weights. */
const DRY_FOODS = FOOD_KEYS.filter((key) => FOOD_FACTORS[key].basis === 'dry');

const INSTRUCTIONS = [
  'You estimate what is on a plate of food from a photo.',
  'Answer with JSON only, exactly this shape: {"ingredients": [{"name": string, "grams": number, "category": string}]}.',
  '"name" is the ingredient in English, "grams" the weight it was cooked from (raw meat, fish and vegetables),',
  `but for cooked grains and pulses of the categories ${DRY_FOODS.join(', ')} (rice, pasta, couscous, lentils, beans)`,
  'their DRY weight before cooking, about 2.5 times less than cooked (bread as it is);',
  `"category" one of: ${FOOD_KEYS.join(', ')}.`,
  'If the photo shows no food, answer {"ingredients": []}.',
].join(' ');

/** Seconds a guest is asked to wait before sending the photo again once the vision model failed. */
export const ANALYSIS_RETRY_AFTER_SECONDS = 10;

/** 503 `analysis_unavailable`: the model could not be asked or gave no usable answer (the cause goes to the log). */
export const analysisUnavailable = (cause: unknown) =>
  new DomainError('unavailable', 'analysis_unavailable', 'The meal analysis is unavailable right now, try again', {
    cause,
    retryAfterSeconds: ANALYSIS_RETRY_AFTER_SECONDS,
  });

export function visionAnalyser(config: VisionConfig): MealAnalyser {
  const endpoint = `${config.url.replace(/\/+$/, '')}/chat/completions`;
  return {
    kind: 'vision',
    async analyse({ photo }) {
      try {
        const answer = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              {
                role: 'user',
                content: [
                  { type: 'text', text: 'List the ingredients of this meal.' },
                  { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${photo.toString('base64')}` } },
                ],
              },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!answer.ok) throw new Error(`the vision endpoint answered ${answer.status}`);
        return ingredientsOfCompletion(await answer.json());
      } catch (error) {
        throw analysisUnavailable(error);
      }
    },
  };
}

/**
 * The ingredients of a chat-completion answer: the message's content parsed as JSON (a ```json fence is
 * tolerated), each ingredient kept when it has a name and a weight and its category, or else its name, fits a row
 * of the factor table. Throws when the answer is not a completion with a JSON object.
 */
export function ingredientsOfCompletion(completion: unknown): MealIngredient[] {
  const content = (completion as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string') throw new Error('the completion has no text content');
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  const parsed: unknown = JSON.parse(json);
  const items = (parsed as { ingredients?: unknown })?.ingredients;
  if (!Array.isArray(items)) throw new Error('the answer has no ingredients list');
  return items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, grams, category } = item as { name?: unknown; grams?: unknown; category?: unknown };
    if (typeof name !== 'string' || typeof grams !== 'number' || !Number.isFinite(grams)) return [];
    if (grams <= 0 || grams > MAX_INGREDIENT_GRAMS) return [];
    const food = isFoodKey(category) ? category : matchFood(name);
    return food ? [{ food, grams }] : [];
  });
}
