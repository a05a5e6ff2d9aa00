/**
 * From a meal's ingredients to its analysis (docs/meal-scoring.md): the impact sums the factor table's per-kg
 * figures, the score falls 2.5 points with each doubling of the meal's greenhouse gases above 0.5 kg CO2e, the meal
 * is vegetarian when every ingredient is, and the points scale with the score.
 */

import { FOOD_FACTORS, type FoodKey, impactOf, type MealIngredient } from '../../../contract/meal-foods.ts';
import type { LimeatAnalysis } from '../../../contract/schemas.ts';

/** A meal whose greenhouse gases are at or below this scores 10 (kg CO2e). */
export const FULL_SCORE_GHG_KG = 0.5;
/** Score points lost with each doubling of the greenhouse gases above FULL_SCORE_GHG_KG. */
export const SCORE_LOST_PER_DOUBLING = 2.5;

/** 0–10, one decimal: 10 up to 0.5 kg CO2e, minus 2.5 per doubling; a meal with nothing found scores 0. */
export function environmentalScore(ghgGrams: number, ingredientCount: number): number {
  if (ingredientCount === 0) return 0;
  const ghgKg = ghgGrams / 1000;
  if (ghgKg <= FULL_SCORE_GHG_KG) return 10;
  return round(Math.min(10, Math.max(0, 10 - SCORE_LOST_PER_DOUBLING * Math.log2(ghgKg / FULL_SCORE_GHG_KG))), 1);
}

/** Vegetarian: something was found, and nothing of it is meat, fish or seafood. */
export function isVegetarian(ingredients: readonly MealIngredient[]): boolean {
  return ingredients.length > 0 && ingredients.every(({ food }) => FOOD_FACTORS[food].vegetarian);
}

/** The points a meal is worth: the action's reward in proportion to the score, rounded to a whole point. */
export function mealPoints(score: number, actReward: number): number {
  return Math.round((actReward * score) / 10);
}

/** The SPEC §3 analysis of a meal; ingredient names in `lang` (fr, en or ar; French otherwise). */
export function analysisOf(ingredients: readonly MealIngredient[], lang: string): LimeatAnalysis {
  const merged = mergeByFood(ingredients);
  const impact = impactOf(merged);
  const names = (food: FoodKey) => FOOD_FACTORS[food].names;
  const language = (['fr', 'en', 'ar'] as const).find((code) => lang.toLowerCase().startsWith(code)) ?? 'fr';
  return {
    scores: { environmental: environmentalScore(impact.ghgGrams, merged.length) },
    environmentalAnalysis: {
      isVegetarian: isVegetarian(merged),
      impact: {
        waterConsumption: { value: impact.waterLitres, unity: 'L' },
        energyConsumption: { value: impact.energyWh, unity: 'Wh' },
        GESEmissions: { value: impact.ghgGrams, unity: 'gCO2' },
      },
    },
    ingredients: merged.map(({ food, grams }) => ({ name: names(food)[language], quantity: grams })),
  };
}

/** One line per food row, heaviest first (the result screen shows the first five). */
function mergeByFood(ingredients: readonly MealIngredient[]): MealIngredient[] {
  const grams = new Map<FoodKey, number>();
  for (const { food, grams: weight } of ingredients) grams.set(food, (grams.get(food) ?? 0) + weight);
  return [...grams].map(([food, weight]) => ({ food, grams: Math.round(weight) })).sort((a, b) => b.grams - a.grams);
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
