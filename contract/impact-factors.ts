/**
 * The impact factor table (docs/impact.md#factor-table): the water, energy and greenhouse gases one guest gesture
 * saves, each figure with the published source it comes from. The meal row is computed from the meal analysis's own
 * per-kilogram table (contract/meal-foods.ts), so the dashboard and the meal result read one set of figures. Pure data
 * shared with the staff page, whose content editor shows each shipped figure beside the hotel's own.
 * A hotel may replace any figure in its content file (`impactFactors`, docs/server.md#hotel-content-files).
 */
import { type MealIngredient, impactOf as mealImpactOf } from './meal-foods.ts';
import type { ImpactFactor, ImpactRange, ImpactSource } from './schemas.ts';

export const IMPACT_CATEGORIES = ['cleaning', 'shower', 'heating', 'meal'] as const;
export type ImpactCategory = (typeof IMPACT_CATEGORIES)[number];

export const IMPACT_MEASURES = ['water', 'energy', 'co2e'] as const;
export type ImpactMeasure = (typeof IMPACT_MEASURES)[number];

export type { ImpactRange, ImpactSource };
/** One figure of the table: how much one unit of the gesture saves, its range, what it covers, and its source. */
export type ImpactFactorFigure = ImpactFactor;
export type ImpactOrigin = ImpactFactor['origin'];

export type ImpactFactorRow = Record<ImpactMeasure, ImpactFactorFigure>;
export type ImpactFactorTable = Record<ImpactCategory, ImpactFactorRow>;

/** What a hotel may write in its content file per category: its own figures, and where they come from. */
export interface ImpactFactorOverride {
  waterLitres?: number;
  energyKwh?: number;
  co2eGrams?: number;
  source?: string;
}
export type ImpactFactorOverrides = Partial<Record<ImpactCategory, ImpactFactorOverride>>;

const BOOKING_LAUNDRY: ImpactSource = {
  id: 'bookingLaundry',
  name: 'Booking.com Partner Hub, "Reducing water consumption": each 10 kg wash consumes at least 50 litres of water and 1.2 kWh',
  publisher: 'Booking.com',
  year: null,
  locator: 'Partner Hub guide "Reducing water consumption"',
  url: 'https://partner.booking.com/en-gb/help/guides/reducing-water-consumption',
};
const WATERSENSE_SHOWER: ImpactSource = {
  id: 'watersenseShower',
  name: 'US EPA WaterSense, "Showerheads" (Residential End Uses of Water Study 2016): average shower 7.8 min at 7.9 L/min',
  publisher: 'US Environmental Protection Agency',
  year: 2016,
  locator: 'WaterSense "Showerheads" page, citing the Residential End Uses of Water Study, version 2',
  url: 'https://www.epa.gov/watersense/showerheads',
};
const WATER_HEATING: ImpactSource = {
  id: 'waterHeating',
  name: 'Heating water: 4.186 kJ/(kg·K), from 10 °C to 38 °C, 80 % water-heater efficiency',
  publisher: null,
  year: null,
  locator: 'specific heat capacity of water',
  url: 'https://en.wikipedia.org/wiki/Specific_heat_capacity',
};
const ADEME_ONE_DEGREE: ImpactSource = {
  id: 'ademeOneDegree',
  name: 'ADEME: 1 °C lower saves about 7 % of heating energy; 10 kWh of heating per room-night assumed',
  publisher: 'ADEME',
  year: null,
  locator: '"Bien utiliser son chauffage"',
  url: 'https://agirpourlatransition.ademe.fr/particuliers/maison/economies-energie/bien-utiliser-chauffage',
};
const ADEME_GAS: ImpactSource = {
  id: 'ademeGas',
  name: 'ADEME Base Empreinte: natural gas, average mix, consumption, 227 g CO2e/kWh (LHV)',
  publisher: 'ADEME',
  year: null,
  locator: 'Base Empreinte, "Gaz naturel - 2022 - mix moyen - consommation"',
  url: 'https://base-empreinte.ademe.fr/',
};
const ADEME_ELECTRICITY: ImpactSource = {
  id: 'ademeElectricity',
  name: 'ADEME Base Empreinte: electricity, France, average mix, consumption, 52 g CO2e/kWh',
  publisher: 'ADEME',
  year: null,
  locator: 'Base Empreinte, "Electricité - 2022 - mix moyen - consommation"',
  url: 'https://base-empreinte.ademe.fr/',
};
const MEAL_TABLE: ImpactSource = {
  id: 'referenceMeal',
  name: 'Reference meal (poultry 150 g, rice 150 g, vegetables 100 g) minus the meal, by the meal factor table: Poore & Nemecek 2018 (Science 360:987), Agribalyse 3.1',
  publisher: 'Science / Our World in Data',
  year: 2018,
  locator: 'Poore & Nemecek, Science 360:987–992, data S2 (global medians)',
  url: 'https://ourworldindata.org/environmental-impacts-of-food',
};

/** Grams of CO2e per kWh of natural gas burnt (hot water, space heating) and of electricity used (laundry). */
export const GAS_CO2E_GRAMS_PER_KWH = 227;
export const ELECTRICITY_CO2E_GRAMS_PER_KWH = 52;

/** A skipped cleaning spares one room's linen change: about 4 kg (sheets, covers, two sets of towels; estimated). */
export const LINEN_KG_PER_CLEANING = 4;
const LAUNDRY_LITRES_PER_KG = 50 / 10;
const LAUNDRY_KWH_PER_KG = 1.2 / 10;

/** The guest's objective: a 5-minute shower, against the 7.8-minute average at 7.9 L/min. */
export const SHOWER_OBJECTIVE_MINUTES = 5;
const AVERAGE_SHOWER_MINUTES = 7.8;
const SHOWER_LITRES_PER_MINUTE = 7.9;
const KWH_PER_LITRE_KELVIN = 4.186 / 3600;
const SHOWER_HEATING_KELVIN = 38 - 10;
const WATER_HEATER_EFFICIENCY = 0.8;

/** Space heating of one room for one night (estimated), and the share one degree less saves (ADEME). */
export const ROOM_HEATING_KWH_PER_NIGHT = 10;
const SAVED_SHARE_PER_DEGREE = 0.07;

/**
 * The heating answer's degrees below the app's starting temperature (22 °C), counted down to the bottom of the
 * band that earns (18 °C): a colder setting saves nothing more that we would vouch for.
 */
export const HEATING_REFERENCE_TEMPERATURE = 22;
export const HEATING_FLOOR_TEMPERATURE = 18;

/** The meal the guest's photographed meal is compared with: a usual chicken-and-rice plate (estimated). */
export const REFERENCE_MEAL: readonly MealIngredient[] = [
  { food: 'poultry', grams: 150 },
  { food: 'rice', grams: 150 },
  { food: 'vegetables', grams: 100 },
];

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

interface FigureFacts {
  range: ImpactRange | null;
  boundary: string;
  geography: string;
  checkedOn: string | null;
  origin?: ImpactOrigin;
}

function figure(perUnit: number, source: ImpactSource, facts: FigureFacts): ImpactFactorFigure {
  return { perUnit, source, origin: 'estimate', ...facts };
}

/** A range of `share` either side of the figure, for a figure whose source gives only its order of magnitude. */
function spread(perUnit: number, share: number, decimals: number): ImpactRange {
  return { low: round(perUnit * (1 - share), decimals), high: round(perUnit * (1 + share), decimals) };
}

function defaultTable(): ImpactFactorTable {
  const laundryKwh = round(LINEN_KG_PER_CLEANING * LAUNDRY_KWH_PER_KG, 2);
  const showerLitres = round((AVERAGE_SHOWER_MINUTES - SHOWER_OBJECTIVE_MINUTES) * SHOWER_LITRES_PER_MINUTE, 1);
  const showerKwh = round((showerLitres * KWH_PER_LITRE_KELVIN * SHOWER_HEATING_KELVIN) / WATER_HEATER_EFFICIENCY, 2);
  const degreeKwh = round(ROOM_HEATING_KWH_PER_NIGHT * SAVED_SHARE_PER_DEGREE, 2);
  const meal = mealImpactOf(REFERENCE_MEAL);
  const laundry = "the laundry of one room's linen change (about 4 kg); not the cleaning's own water or products";
  const shower = 'the hot water of a shower cut from 7.8 to 5 minutes';
  const heating = "one degree less of one room's space heating for one night";
  const plate = "the reference plate minus the guest's meal, from farm to retail";
  const unchecked = null;
  return {
    cleaning: {
      water: figure(round(LINEN_KG_PER_CLEANING * LAUNDRY_LITRES_PER_KG, 1), BOOKING_LAUNDRY, {
        range: spread(LINEN_KG_PER_CLEANING * LAUNDRY_LITRES_PER_KG, 0.5, 1),
        boundary: laundry,
        geography: 'Europe',
        checkedOn: unchecked,
      }),
      energy: figure(laundryKwh, BOOKING_LAUNDRY, {
        range: spread(laundryKwh, 0.5, 2),
        boundary: laundry,
        geography: 'Europe',
        checkedOn: unchecked,
      }),
      co2e: figure(Math.round(laundryKwh * ELECTRICITY_CO2E_GRAMS_PER_KWH), ADEME_ELECTRICITY, {
        range: spread(laundryKwh * ELECTRICITY_CO2E_GRAMS_PER_KWH, 0.5, 0),
        boundary: `${laundry}, electricity at the French average mix`,
        geography: 'France',
        checkedOn: unchecked,
      }),
    },
    shower: {
      water: figure(showerLitres, WATERSENSE_SHOWER, {
        range: spread(showerLitres, 0.3, 1),
        boundary: shower,
        geography: 'United States (household study)',
        checkedOn: unchecked,
      }),
      energy: figure(showerKwh, WATER_HEATING, {
        range: spread(showerKwh, 0.3, 2),
        boundary: `${shower}, heated from 10 °C to 38 °C`,
        geography: 'any',
        checkedOn: unchecked,
      }),
      co2e: figure(Math.round(showerKwh * GAS_CO2E_GRAMS_PER_KWH), ADEME_GAS, {
        range: spread(showerKwh * GAS_CO2E_GRAMS_PER_KWH, 0.3, 0),
        boundary: `${shower}, heated with natural gas`,
        geography: 'France',
        checkedOn: unchecked,
      }),
    },
    heating: {
      water: figure(0, ADEME_ONE_DEGREE, {
        range: null,
        boundary: heating,
        geography: 'France',
        checkedOn: unchecked,
        origin: 'published',
      }),
      energy: figure(degreeKwh, ADEME_ONE_DEGREE, {
        range: spread(degreeKwh, 0.5, 2),
        boundary: heating,
        geography: 'France',
        checkedOn: unchecked,
      }),
      co2e: figure(Math.round(degreeKwh * GAS_CO2E_GRAMS_PER_KWH), ADEME_GAS, {
        range: spread(degreeKwh * GAS_CO2E_GRAMS_PER_KWH, 0.5, 0),
        boundary: `${heating}, heated with natural gas`,
        geography: 'France',
        checkedOn: unchecked,
      }),
    },
    meal: {
      water: figure(meal.waterLitres, MEAL_TABLE, {
        range: spread(meal.waterLitres, 0.5, 1),
        boundary: plate,
        geography: 'world (global medians)',
        checkedOn: unchecked,
      }),
      energy: figure(round(meal.energyWh / 1000, 2), MEAL_TABLE, {
        range: null,
        boundary: plate,
        geography: 'France (order of magnitude)',
        checkedOn: unchecked,
      }),
      co2e: figure(meal.ghgGrams, MEAL_TABLE, {
        range: spread(meal.ghgGrams, 0.5, 0),
        boundary: plate,
        geography: 'world (global medians)',
        checkedOn: unchecked,
      }),
    },
  };
}

/** The shipped table (docs/impact.md#factor-table). */
export const DEFAULT_IMPACT_FACTORS: ImpactFactorTable = defaultTable();

const OVERRIDE_FIELDS: Record<ImpactMeasure, keyof Omit<ImpactFactorOverride, 'source'>> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

/** The hotel's table: the shipped one with the hotel's own figures in place, each naming the hotel's source. */
export function impactFactorsOf(overrides: ImpactFactorOverrides | null): ImpactFactorTable {
  const table = structuredClone(DEFAULT_IMPACT_FACTORS);
  if (!overrides) return table;
  for (const category of IMPACT_CATEGORIES) {
    const override = overrides[category];
    if (!override) continue;
    for (const measure of IMPACT_MEASURES) {
      const value = override[OVERRIDE_FIELDS[measure]];
      if (value === undefined) continue;
      const shipped = table[category][measure];
      table[category][measure] = {
        perUnit: value,
        range: null,
        boundary: shipped.boundary,
        geography: 'the hotel',
        checkedOn: null,
        source:
          override.source === undefined
            ? {
                id: 'hotelOwnFigure',
                name: "The hotel's own figure",
                publisher: null,
                year: null,
                locator: null,
                url: null,
              }
            : { id: null, name: override.source, publisher: null, year: null, locator: null, url: null },
        origin: 'hotel',
      };
    }
  }
  return table;
}
