/**
 * The meal factor table (docs/meal-scoring.md#factor-table): the per-kilogram footprint of each food category, one
 * row per category, each naming its published source. Greenhouse gases and freshwater withdrawals are Poore &
 * Nemecek (2018), "Reducing food's environmental impacts through producers and consumers", Science 360:987–992, as
 * Our World in Data publishes them since its June 2022 update: global MEANS including supply-chain losses, greenhouse
 * gases to the hundredth of a kilogram as published, water to the whole litre. Each greenhouse-gas figure's range
 * runs from the global median without losses (the older OWID series) to the mean with losses. Every figure is per
 * kilogram of the food as bought: raw meat, fish and vegetables, DRY rice, pasta and pulses (`basis`), so a recipe
 * states those weights, not cooked ones. Energy is an estimate in the order of magnitude of Agribalyse 3.1 (ADEME),
 * not transcribed row by row (docs/meal-scoring.md says how far it can be trusted).
 */

/** What a row's kilogram is: raw (meat, fish, fresh produce), dry (rice, pasta, pulses) or the product as sold. */
export type FoodBasis = 'raw' | 'dry' | 'asSold';

export interface FoodFactor {
  /** Names shown to the guest (fr, en, ar), and the English words a vision model may use for it. */
  names: { fr: string; en: string; ar: string };
  synonyms: readonly string[];
  /** False for meat, fish and seafood (docs/meal-scoring.md#vegetarian). */
  vegetarian: boolean;
  basis: FoodBasis;
  /** kg CO2e per kg of food: the global mean with supply-chain losses. */
  ghgKgPerKg: number;
  /** kg CO2e per kg: the global median without losses, and the highest published figure (docs/impact.md#ranges). */
  ghgRangeKgPerKg: { low: number; high: number };
  /** Litres of freshwater withdrawn per kg of food. */
  waterLitresPerKg: number;
  /** MJ of non-renewable primary energy per kg of food (an estimate). */
  energyMjPerKg: number;
  source: string;
}

const POORE_NEMECEK =
  'Poore & Nemecek 2018 via Our World in Data, global mean with losses (GHG, water); energy an estimate (Agribalyse 3.1 order of magnitude)';

export const FOOD_FACTORS = {
  beef: {
    names: { fr: 'Bœuf', en: 'Beef', ar: 'لحم البقر' },
    synonyms: ['steak', 'veal', 'burger patty', 'ground beef', 'minced beef'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 99.48,
    ghgRangeKgPerKg: { low: 59.6, high: 99.48 },
    waterLitresPerKg: 1451,
    energyMjPerKg: 60,
    source: `${POORE_NEMECEK}: "Beef (beef herd)"`,
  },
  lamb: {
    names: { fr: 'Agneau', en: 'Lamb', ar: 'لحم الضأن' },
    synonyms: ['mutton'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 39.72,
    ghgRangeKgPerKg: { low: 24.5, high: 39.72 },
    waterLitresPerKg: 1803,
    energyMjPerKg: 50,
    source: `${POORE_NEMECEK}: "Lamb & Mutton"`,
  },
  pork: {
    names: { fr: 'Porc', en: 'Pork', ar: 'لحم الخنزير' },
    synonyms: ['ham', 'bacon', 'sausage'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 12.31,
    ghgRangeKgPerKg: { low: 7.2, high: 12.31 },
    waterLitresPerKg: 1796,
    energyMjPerKg: 25,
    source: `${POORE_NEMECEK}: "Pig Meat"`,
  },
  poultry: {
    names: { fr: 'Volaille', en: 'Poultry', ar: 'دواجن' },
    synonyms: ['chicken', 'turkey', 'duck'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 9.87,
    ghgRangeKgPerKg: { low: 6.1, high: 9.87 },
    waterLitresPerKg: 660,
    energyMjPerKg: 20,
    source: `${POORE_NEMECEK}: "Poultry Meat"`,
  },
  fish: {
    names: { fr: 'Poisson', en: 'Fish', ar: 'سمك' },
    synonyms: ['salmon', 'cod', 'tuna', 'trout', 'sea bass'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 13.63,
    ghgRangeKgPerKg: { low: 5.1, high: 13.63 },
    waterLitresPerKg: 3691,
    energyMjPerKg: 30,
    source: `${POORE_NEMECEK}: "Fish (farmed)"`,
  },
  shrimp: {
    names: { fr: 'Crevettes', en: 'Shrimp', ar: 'روبيان' },
    synonyms: ['prawns', 'prawn', 'shrimps'],
    basis: 'raw',
    vegetarian: false,
    ghgKgPerKg: 26.87,
    ghgRangeKgPerKg: { low: 11.8, high: 26.87 },
    waterLitresPerKg: 3515,
    energyMjPerKg: 60,
    source: `${POORE_NEMECEK}: "Shrimps (farmed)"`,
  },
  cheese: {
    names: { fr: 'Fromage', en: 'Cheese', ar: 'جبن' },
    synonyms: ['mozzarella', 'parmesan', 'feta', 'goat cheese', 'emmental', 'comté'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 23.88,
    ghgRangeKgPerKg: { low: 21.2, high: 23.88 },
    waterLitresPerKg: 5605,
    energyMjPerKg: 50,
    source: `${POORE_NEMECEK}: "Cheese"`,
  },
  milk: {
    names: { fr: 'Lait et crème', en: 'Milk and cream', ar: 'حليب وقشدة' },
    synonyms: ['milk', 'cream', 'yogurt', 'yoghurt', 'butter'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 3.15,
    ghgRangeKgPerKg: { low: 2.8, high: 3.15 },
    waterLitresPerKg: 628,
    energyMjPerKg: 5,
    source: `${POORE_NEMECEK}: "Milk"`,
  },
  eggs: {
    names: { fr: 'Œufs', en: 'Eggs', ar: 'بيض' },
    synonyms: ['egg', 'omelette'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 4.67,
    ghgRangeKgPerKg: { low: 4.5, high: 4.67 },
    waterLitresPerKg: 578,
    energyMjPerKg: 15,
    source: `${POORE_NEMECEK}: "Eggs"`,
  },
  rice: {
    names: { fr: 'Riz', en: 'Rice', ar: 'أرز' },
    synonyms: ['risotto rice'],
    basis: 'dry',
    vegetarian: true,
    ghgKgPerKg: 4.45,
    ghgRangeKgPerKg: { low: 4.0, high: 4.45 },
    waterLitresPerKg: 2248,
    energyMjPerKg: 10,
    source: `${POORE_NEMECEK}: "Rice"`,
  },
  wheat: {
    names: { fr: 'Blé (pain, pâtes)', en: 'Wheat (bread, pasta)', ar: 'قمح (خبز، معكرونة)' },
    synonyms: ['bread', 'pasta', 'noodles', 'flour', 'couscous', 'semolina', 'baguette', 'pastry'],
    basis: 'dry',
    vegetarian: true,
    ghgKgPerKg: 1.57,
    ghgRangeKgPerKg: { low: 1.4, high: 1.57 },
    waterLitresPerKg: 648,
    energyMjPerKg: 10,
    source: `${POORE_NEMECEK}: "Wheat & Rye (Bread)"`,
  },
  potatoes: {
    names: { fr: 'Pommes de terre', en: 'Potatoes', ar: 'بطاطس' },
    synonyms: ['potato', 'fries', 'french fries', 'mashed potatoes'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.46,
    ghgRangeKgPerKg: { low: 0.3, high: 0.46 },
    waterLitresPerKg: 59,
    energyMjPerKg: 2,
    source: `${POORE_NEMECEK}: "Potatoes"`,
  },
  rootVegetables: {
    names: { fr: 'Légumes racines', en: 'Root vegetables', ar: 'خضروات جذرية' },
    synonyms: ['carrot', 'carrots', 'beetroot', 'turnip', 'parsnip'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.43,
    ghgRangeKgPerKg: { low: 0.3, high: 0.43 },
    waterLitresPerKg: 28,
    energyMjPerKg: 2,
    source: `${POORE_NEMECEK}: "Root Vegetables"`,
  },
  tomatoes: {
    names: { fr: 'Tomates', en: 'Tomatoes', ar: 'طماطم' },
    synonyms: ['tomato', 'tomato sauce'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 2.09,
    ghgRangeKgPerKg: { low: 1.4, high: 2.09 },
    waterLitresPerKg: 370,
    energyMjPerKg: 5,
    source: `${POORE_NEMECEK}: "Tomatoes"`,
  },
  onions: {
    names: { fr: 'Oignons et poireaux', en: 'Onions and leeks', ar: 'بصل وكراث' },
    synonyms: ['onion', 'leek', 'leeks', 'shallot', 'garlic'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.5,
    ghgRangeKgPerKg: { low: 0.3, high: 0.5 },
    waterLitresPerKg: 14,
    energyMjPerKg: 2,
    source: `${POORE_NEMECEK}: "Onions & Leeks"`,
  },
  brassicas: {
    names: { fr: 'Choux', en: 'Brassicas', ar: 'ملفوف' },
    synonyms: ['cabbage', 'broccoli', 'cauliflower', 'kale', 'brussels sprouts'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.51,
    ghgRangeKgPerKg: { low: 0.4, high: 0.51 },
    waterLitresPerKg: 119,
    energyMjPerKg: 3,
    source: `${POORE_NEMECEK}: "Brassicas"`,
  },
  vegetables: {
    names: { fr: 'Autres légumes', en: 'Other vegetables', ar: 'خضروات أخرى' },
    synonyms: ['salad', 'lettuce', 'zucchini', 'courgette', 'eggplant', 'aubergine', 'pepper', 'spinach', 'mushrooms'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.53,
    ghgRangeKgPerKg: { low: 0.5, high: 0.53 },
    waterLitresPerKg: 103,
    energyMjPerKg: 3,
    source: `${POORE_NEMECEK}: "Other Vegetables"`,
  },
  peas: {
    names: { fr: 'Petits pois', en: 'Peas', ar: 'بازلاء' },
    synonyms: ['green peas'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.98,
    ghgRangeKgPerKg: { low: 0.8, high: 0.98 },
    waterLitresPerKg: 397,
    energyMjPerKg: 5,
    source: `${POORE_NEMECEK}: "Peas"`,
  },
  pulses: {
    names: { fr: 'Légumineuses', en: 'Pulses', ar: 'بقوليات' },
    synonyms: ['lentils', 'beans', 'chickpeas', 'hummus', 'kidney beans'],
    basis: 'dry',
    vegetarian: true,
    ghgKgPerKg: 1.79,
    ghgRangeKgPerKg: { low: 1.6, high: 1.79 },
    waterLitresPerKg: 436,
    energyMjPerKg: 6,
    source: `${POORE_NEMECEK}: "Other Pulses"`,
  },
  tofu: {
    names: { fr: 'Tofu', en: 'Tofu', ar: 'توفو' },
    synonyms: ['soy', 'tempeh'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 3.16,
    ghgRangeKgPerKg: { low: 3.0, high: 3.16 },
    waterLitresPerKg: 149,
    energyMjPerKg: 15,
    source: `${POORE_NEMECEK}: "Tofu"`,
  },
  nuts: {
    names: { fr: 'Fruits à coque', en: 'Nuts', ar: 'مكسرات' },
    synonyms: ['almonds', 'walnuts', 'hazelnuts', 'cashews', 'pistachios'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 0.43,
    ghgRangeKgPerKg: { low: 0.2, high: 0.43 },
    waterLitresPerKg: 4134,
    energyMjPerKg: 15,
    source: `${POORE_NEMECEK}: "Nuts"`,
  },
  oliveOil: {
    names: { fr: "Huile d'olive", en: 'Olive oil', ar: 'زيت الزيتون' },
    synonyms: ['oil', 'vinaigrette'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 5.42,
    ghgRangeKgPerKg: { low: 5.42, high: 6.0 },
    waterLitresPerKg: 2142,
    energyMjPerKg: 20,
    source: `${POORE_NEMECEK}: "Olive Oil"`,
  },
  fruit: {
    names: { fr: 'Fruits', en: 'Fruit', ar: 'فواكه' },
    synonyms: ['apple', 'apples', 'pear', 'orange', 'citrus', 'lemon'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 0.43,
    ghgRangeKgPerKg: { low: 0.3, high: 0.43 },
    waterLitresPerKg: 180,
    energyMjPerKg: 3,
    source: `${POORE_NEMECEK}: "Apples"`,
  },
  berries: {
    names: { fr: 'Baies et raisins', en: 'Berries and grapes', ar: 'توت وعنب' },
    synonyms: ['strawberries', 'raspberries', 'blueberries', 'grapes'],
    basis: 'raw',
    vegetarian: true,
    ghgKgPerKg: 1.53,
    ghgRangeKgPerKg: { low: 1.1, high: 1.53 },
    waterLitresPerKg: 420,
    energyMjPerKg: 5,
    source: `${POORE_NEMECEK}: "Berries & Grapes"`,
  },
  sugar: {
    names: { fr: 'Sucre', en: 'Sugar', ar: 'سكر' },
    synonyms: ['cane sugar', 'caramel'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 3.2,
    ghgRangeKgPerKg: { low: 2.6, high: 3.2 },
    waterLitresPerKg: 620,
    energyMjPerKg: 8,
    source: `${POORE_NEMECEK}: "Cane Sugar"`,
  },
  chocolate: {
    names: { fr: 'Chocolat', en: 'Chocolate', ar: 'شوكولاتة' },
    synonyms: ['cocoa', 'dark chocolate'],
    basis: 'asSold',
    vegetarian: true,
    ghgKgPerKg: 46.65,
    ghgRangeKgPerKg: { low: 18.7, high: 46.65 },
    waterLitresPerKg: 541,
    energyMjPerKg: 30,
    source: `${POORE_NEMECEK}: "Dark Chocolate"`,
  },
} as const satisfies Record<string, FoodFactor>;

/** A row of the table: what a menu dish's ingredient names (content `menu`, the staff page's Menu section). */
export type FoodKey = keyof typeof FOOD_FACTORS;
export const FOOD_KEYS = Object.keys(FOOD_FACTORS) as FoodKey[];

export function isFoodKey(value: unknown): value is FoodKey {
  return typeof value === 'string' && Object.hasOwn(FOOD_FACTORS, value);
}

/** One ingredient of a meal: its factor-table row and its weight on the row's basis (raw, dry or as sold). */
export interface MealIngredient {
  food: FoodKey;
  grams: number;
}

const WH_PER_MJ = 1000 / 3.6;

export interface MealImpact {
  waterLitres: number;
  energyWh: number;
  ghgGrams: number;
}

/** A meal's footprint: the table's per-kilogram figures over its ingredients' weights. */
export function impactOf(ingredients: readonly MealIngredient[]): MealImpact {
  let water = 0;
  let energy = 0;
  let ghg = 0;
  for (const { food, grams } of ingredients) {
    const factor = FOOD_FACTORS[food];
    const kg = grams / 1000;
    water += kg * factor.waterLitresPerKg;
    energy += kg * factor.energyMjPerKg * WH_PER_MJ;
    ghg += kg * factor.ghgKgPerKg * 1000;
  }
  return { waterLitres: round(water, 1), energyWh: Math.round(energy), ghgGrams: Math.round(ghg) };
}

/** A meal's greenhouse gases (grams) at the low and high ends of each row's range. */
export function ghgRangeOf(ingredients: readonly MealIngredient[]): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const { food, grams } of ingredients) {
    const { ghgRangeKgPerKg } = FOOD_FACTORS[food];
    low += grams * ghgRangeKgPerKg.low;
    high += grams * ghgRangeKgPerKg.high;
  }
  return { low: Math.round(low), high: Math.round(high) };
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
