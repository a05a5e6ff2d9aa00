import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMPACT_FACTORS,
  ELECTRICITY_CO2E_GRAMS_PER_KWH,
  GAS_CO2E_GRAMS_PER_KWH,
  IMPACT_CATEGORIES,
  IMPACT_MEASURES,
  type ImpactFactorFigure,
  impactFactorsOf,
  REFERENCE_MEAL,
} from '../../contract/impact-factors.ts';
import {
  FOOD_FACTORS,
  FOOD_KEYS,
  ghgRangeOf,
  impactOf,
  isFoodKey,
  type MealIngredient,
} from '../../contract/meal-foods.ts';
import { ImpactFactor } from '../../contract/schemas.ts';
import { parseContent } from '../../server/content/import.ts';

/** The figures shipped as single estimates (docs/impact.md#ranges): no spread of them could be defended. */
const SINGLE_ESTIMATES = ['cleaning.energy', 'meal.water', 'meal.energy'];
/** The figures read against their source text (docs/impact.md#factor-table): the others say they were not. */
const CHECKED = ['cleaning.water', 'cleaning.energy', 'shower.water', 'meal.water', 'meal.co2e'];

const shipped: Array<[string, ImpactFactorFigure]> = IMPACT_CATEGORIES.flatMap((category) =>
  IMPACT_MEASURES.map((measure): [string, ImpactFactorFigure] => [
    `${category}.${measure}`,
    DEFAULT_IMPACT_FACTORS[category][measure],
  ]),
);

describe('the shipped impact factor table (docs/impact.md#factor-table)', () => {
  it.each(shipped)(
    '%s names its source, boundary, geography and checked date, and fits the API schema',
    (_, figure) => {
      expect(Value.Check(ImpactFactor, figure)).toBe(true);
      expect(figure.origin).not.toBe('hotel');
      expect(figure.source.id).not.toBeNull();
      expect(figure.source.name.length).toBeGreaterThan(20);
      expect(figure.source.publisher).toBeTruthy();
      expect(figure.source.locator).toBeTruthy();
      expect(figure.source.url).toMatch(/^https:\/\/\S+$/);
      expect(figure.boundary.length).toBeGreaterThan(20);
      expect(figure.geography).toBeTruthy();
      if (figure.checkedOn !== null) {
        expect(figure.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${figure.checkedOn}T00:00:00Z`).toISOString().slice(0, 10)).toBe(figure.checkedOn);
      }
    },
  );

  it.each(shipped)('%s has a range around its figure, or is one of the listed single estimates', (key, figure) => {
    if (SINGLE_ESTIMATES.includes(key)) {
      expect(figure.range).toBeNull();
      return;
    }
    expect(figure.range).not.toBeNull();
    expect(figure.range?.low).toBeLessThanOrEqual(figure.perUnit);
    expect(figure.range?.high).toBeGreaterThanOrEqual(figure.perUnit);
    expect(figure.range?.low).toBeGreaterThanOrEqual(0);
  });

  it('marks as checked exactly the figures read against their source text', () => {
    expect(shipped.filter(([, figure]) => figure.checkedOn !== null).map(([key]) => key)).toEqual(CHECKED);
  });

  it('computes CO2e from the energy it saves and the named emission factor', () => {
    const { cleaning, shower, heating } = DEFAULT_IMPACT_FACTORS;
    expect(cleaning.co2e.perUnit).toBe(Math.round(cleaning.energy.perUnit * ELECTRICITY_CO2E_GRAMS_PER_KWH));
    expect(cleaning.co2e.source.id).toBe('ademeElectricity');
    expect(shower.co2e.perUnit).toBe(Math.round(shower.energy.perUnit * GAS_CO2E_GRAMS_PER_KWH));
    expect(heating.co2e.perUnit).toBe(Math.round(heating.energy.perUnit * GAS_CO2E_GRAMS_PER_KWH));
    for (const figure of [shower.co2e, heating.co2e]) expect(figure.source.id).toBe('ademeGas');
    // The ADEME entries name their data year.
    expect(cleaning.co2e.source).toMatchObject({ year: 2022, locator: expect.stringContaining('2022') });
    expect(shower.co2e.source).toMatchObject({ year: 2015, locator: expect.stringContaining('2015') });
  });

  it("gives the reference meal's figures and greenhouse-gas range from the meal table", () => {
    const { meal } = DEFAULT_IMPACT_FACTORS;
    const impact = impactOf(REFERENCE_MEAL);
    expect(meal.water.perUnit).toBe(impact.waterLitres);
    expect(meal.energy.perUnit).toBe(Math.round(impact.energyWh / 10) / 100);
    expect(meal.co2e.perUnit).toBe(impact.ghgGrams);
    expect(meal.co2e.range).toEqual(ghgRangeOf(REFERENCE_MEAL));
    // Raw poultry, DRY rice: the table's basis.
    expect(REFERENCE_MEAL.map(({ food }) => FOOD_FACTORS[food].basis)).toEqual(['raw', 'dry', 'raw']);
  });

  it("a hotel's figure replaces the shipped one with the hotel's source, and no range", () => {
    const table = impactFactorsOf({ cleaning: { waterLitres: 60, source: 'Relevé du compteur de la lingerie, 2026' } });
    expect(table.cleaning.water).toMatchObject({
      perUnit: 60,
      range: null,
      origin: 'hotel',
      source: { id: null, name: 'Relevé du compteur de la lingerie, 2026' },
    });
    expect(table.cleaning.energy).toEqual(DEFAULT_IMPACT_FACTORS.cleaning.energy);
  });
});

describe('the meal factor table (docs/meal-scoring.md#factor-table)', () => {
  it.each(FOOD_KEYS)('%s names its Poore & Nemecek product and has a range around its figure', (key) => {
    const row = FOOD_FACTORS[key];
    expect(row.source).toMatch(/^Poore & Nemecek 2018 via Our World in Data, global mean with losses .*: "[^"]+"$/);
    expect(row.ghgRangeKgPerKg.low).toBeLessThanOrEqual(row.ghgKgPerKg);
    expect(row.ghgRangeKgPerKg.high).toBeGreaterThanOrEqual(row.ghgKgPerKg);
    expect(row.ghgRangeKgPerKg.low).toBeGreaterThan(0);
    // Greenhouse gases to the hundredth as published, water to the whole litre.
    expect(Math.round(row.ghgKgPerKg * 100) / 100).toBe(row.ghgKgPerKg);
    expect(Number.isInteger(row.waterLitresPerKg)).toBe(true);
  });

  it('weighs rice, pasta and pulses dry, as the figures are', () => {
    expect(FOOD_KEYS.filter((key) => FOOD_FACTORS[key].basis === 'dry')).toEqual(['rice', 'wheat', 'pulses']);
  });

  it.each(['demo-hotel', 'les-tilleuls'])(
    "%s's lentil curry withdraws less water and emits less than its beef bourguignon",
    (hotel) => {
      const file = parseContent(
        readFileSync(new URL(`../../server/content/hotels/${hotel}.yaml`, import.meta.url), 'utf8'),
      );
      const recipe = (key: string): MealIngredient[] =>
        (file.menu?.find((dish) => dish.key === key)?.ingredients ?? []).flatMap(({ food, grams }) =>
          isFoodKey(food) ? [{ food, grams }] : [],
        );
      const curry = impactOf(recipe('lentil-curry'));
      const beef = impactOf(recipe('beef-bourguignon'));
      expect(curry).toEqual({ waterLitres: 198.8, energyWh: 400, ghgGrams: 499 });
      expect(beef).toEqual({ waterLitres: 275.9, energyWh: 3175, ghgGrams: 18046 });
    },
  );
});
