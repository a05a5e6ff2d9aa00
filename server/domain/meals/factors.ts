/**
 * Which row of the meal factor table (contract/meal-foods.ts) an ingredient a vision model names belongs to.
 */
import { FOOD_FACTORS, FOOD_KEYS, type FoodKey } from '../../../contract/meal-foods.ts';

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every English word for a row (its name and synonyms), normalised, longest first so "goat cheese" wins. */
const WORDS: ReadonlyArray<readonly [string, FoodKey]> = FOOD_KEYS.flatMap((key) =>
  [FOOD_FACTORS[key].names.en, ...FOOD_FACTORS[key].synonyms].map((word) => [normalise(word), key] as const),
).sort((a, b) => b[0].length - a[0].length);

/**
 * The row an English ingredient name belongs to: an exact name or synonym, else the longest one found as whole
 * words inside the name ("grilled chicken breast" → poultry); null when none fits.
 */
export function matchFood(name: string): FoodKey | null {
  const wanted = normalise(name);
  if (wanted === '') return null;
  const exact = WORDS.find(([word]) => word === wanted);
  if (exact) return exact[1];
  const padded = ` ${wanted} `;
  const inside = WORDS.find(([word]) => padded.includes(` ${word} `) || padded.includes(` ${word}s `));
  return inside ? inside[1] : null;
}
