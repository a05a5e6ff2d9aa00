/**
 * The impact factor table (docs/impact.md#factor-table): the water, energy and greenhouse gases one guest gesture
 * saves, each figure with the published source it comes from. The meal row is computed from the meal analysis's own
 * per-kilogram table (contract/meal-foods.ts), so the dashboard and the meal result read one set of figures. Pure data
 * shared with the staff page, whose content editor shows each shipped figure beside the hotel's own.
 * A hotel may replace any figure in its content file (`impactFactors`, docs/server.md#hotel-content-files).
 */
import { ghgRangeOf, type MealIngredient, impactOf as mealImpactOf } from './meal-foods.ts';
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

/** The day the figures marked checked were read against the source text their locator names. */
const CHECKED_ON = '2026-11-27';

const BOOKING_LAUNDRY: ImpactSource = {
  id: 'bookingLaundry',
  name: 'Booking.com Partner Hub, "Reducing water consumption": "Each 10kg wash consumes at least 50 litres of water and 1.2 kilowatt-hours of electricity"; 4 kg of laundry per room-night (European Commission, "Green ideas for tourism", hotel case)',
  publisher: 'Booking.com (with Innovation Lighthouse)',
  year: null,
  locator: 'guide "Reducing water consumption", section "Four benefits…", item 2',
  url: 'https://partner.booking.com/en-gb/help/guides/reducing-water-consumption',
};
const WATERSENSE_SHOWER: ImpactSource = {
  id: 'watersenseShower',
  name: 'Residential End Uses of Water Study 2016, as the Alliance for Water Efficiency publishes it (and US EPA WaterSense quotes it): "The average American shower … lasts for 7.8 minutes at an average flow rate of 2.1 gallons per minute (7.9 lpm)"',
  publisher: 'Alliance for Water Efficiency',
  year: 2016,
  locator: 'Home Water Works, "Showers", section "Showering to Savings", paragraph 1',
  url: 'https://home-water-works.org/indoor-use/showers',
};
const WATER_HEATING: ImpactSource = {
  id: 'waterHeating',
  name: 'Heating water: 4.186 kJ/(kg·K), from 10 °C to 38 °C, 80 % water-heater efficiency (our assumptions)',
  publisher: 'GreenMiles (derivation from a physical constant)',
  year: null,
  locator: 'specific heat capacity of liquid water at 25 °C',
  url: 'https://en.wikipedia.org/wiki/Specific_heat_capacity',
};
const ADEME_ONE_DEGREE: ImpactSource = {
  id: 'ademeOneDegree',
  name: 'ADEME: 1 °C lower saves about 7 % of heating energy (5–10 %); 10 kWh of heating per room-night (our assumption)',
  publisher: 'ADEME',
  year: null,
  locator: 'advice page "Bien utiliser son chauffage"',
  url: 'https://agirpourlatransition.ademe.fr/particuliers/maison/economies-energie/bien-utiliser-chauffage',
};
const ADEME_GAS: ImpactSource = {
  id: 'ademeGas',
  name: 'ADEME Base Empreinte, "Gaz naturel - 2015 - mix moyen - consommation": 227 g CO2e/kWh LHV (PCI), combustion and upstream',
  publisher: 'ADEME',
  year: 2015,
  locator: 'Base Empreinte entry "Gaz naturel - 2015 - mix moyen - consommation"; documentation chapter "Gaz"',
  url: 'https://base-empreinte.ademe.fr/',
};
const ADEME_ELECTRICITY: ImpactSource = {
  id: 'ademeElectricity',
  name: 'ADEME Base Empreinte, "Électricité - 2022 - mix moyen - consommation": 52 g CO2e/kWh, France continental, life cycle',
  publisher: 'ADEME',
  year: 2022,
  locator:
    'Base Empreinte entry "Électricité - 2022 - mix moyen - consommation"; documentation chapter "Mix électrique"',
  url: 'https://base-empreinte.ademe.fr/',
};
const MEAL_TABLE: ImpactSource = {
  id: 'referenceMeal',
  name: 'Reference meal (poultry 150 g raw, rice 60 g dry, vegetables 150 g) minus the meal, by the meal factor table: Poore & Nemecek 2018 (Science 360:987) via Our World in Data, global means with supply-chain losses',
  publisher: 'Science / Our World in Data',
  year: 2018,
  locator: 'Our World in Data charts "ghg-per-kg-poore" and "freshwater withdrawals per kg" (June 2022 update)',
  url: 'https://ourworldindata.org/environmental-impacts-of-food',
};

/**
 * Grams of CO2e per kWh of natural gas burnt (hot water, space heating) and of electricity used (laundry), and the
 * lowest and highest published French figures around them (docs/impact.md#ranges).
 */
export const GAS_CO2E_GRAMS_PER_KWH = 227;
const GAS_CO2E_RANGE = { low: 183, high: 240 };
export const ELECTRICITY_CO2E_GRAMS_PER_KWH = 52;
const ELECTRICITY_CO2E_RANGE = { low: 48, high: 73 };

/** A skipped cleaning spares one room's linen change: 4 kg of laundry per room-night (EC hotel case; 2.7–5.4 kg). */
export const LINEN_KG_PER_CLEANING = 4;
const LINEN_KG_RANGE = { low: 2.7, high: 5.4 };
/** Booking.com's "at least" 50 L per 10 kg: a floor; the best laundries use 2 L/kg, US washer-extractors up to 29.2. */
const LAUNDRY_LITRES_PER_KG = 50 / 10;
const LAUNDRY_LITRES_PER_KG_RANGE = { low: 2, high: 29.2 };
/** The wash's electricity only (no water heating, drying or ironing): a floor without a published high end. */
const LAUNDRY_KWH_PER_KG = 1.2 / 10;

/** The guest's objective: a 5-minute shower, against the 7.8-minute average at 7.9 L/min (US). */
export const SHOWER_OBJECTIVE_MINUTES = 5;
const AVERAGE_SHOWER_MINUTES = 7.8;
const AVERAGE_SHOWER_MINUTES_RANGE = { low: 6.7, high: 10.8 };
const SHOWER_LITRES_PER_MINUTE = 7.9;
const SHOWER_LITRES_PER_MINUTE_RANGE = { low: 7.9, high: 12 };
const KWH_PER_LITRE_KELVIN = 4.186 / 3600;
const SHOWER_HEATING_KELVIN = 38 - 10;
const SHOWER_HEATING_KELVIN_RANGE = { low: 23, high: 30 };
const WATER_HEATER_EFFICIENCY = 0.8;
const WATER_HEATER_EFFICIENCY_RANGE = { low: 0.6, high: 0.95 };

/** Space heating of one room for one night (estimated, 4–15 kWh), and the share one degree less saves (ADEME). */
export const ROOM_HEATING_KWH_PER_NIGHT = 10;
const ROOM_HEATING_KWH_RANGE = { low: 4, high: 15 };
const SAVED_SHARE_PER_DEGREE = 0.07;
const SAVED_SHARE_PER_DEGREE_RANGE = { low: 0.05, high: 0.1 };

/**
 * The heating answer's degrees below the app's starting temperature (22 °C), counted down to the bottom of the
 * band that earns (18 °C): a colder setting saves nothing more that we would vouch for.
 */
export const HEATING_REFERENCE_TEMPERATURE = 22;
export const HEATING_FLOOR_TEMPERATURE = 18;

/**
 * The meal the guest's photographed meal is compared with: a usual chicken-and-rice plate (our assumption), in the
 * meal table's basis — raw poultry, dry rice (about 150 g cooked), vegetables.
 */
export const REFERENCE_MEAL: readonly MealIngredient[] = [
  { food: 'poultry', grams: 150 },
  { food: 'rice', grams: 60 },
  { food: 'vegetables', grams: 150 },
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

/** Picks one end of an input's range. */
type EndOf = (input: ImpactRange) => number;

/**
 * A derived figure's range (docs/impact.md#ranges): the same formula over its inputs' low ends and over their high
 * ends, so the range holds whatever combination of the published spreads is true.
 */
function derivedRange(formula: (end: EndOf) => number, decimals: number): ImpactRange {
  const low = formula((input) => input.low);
  const high = formula((input) => input.high);
  return { low: round(low, decimals), high: round(high, decimals) };
}

const fixed = (value: number): ImpactRange => ({ low: value, high: value });

function defaultTable(): ImpactFactorTable {
  const laundryKwh = round(LINEN_KG_PER_CLEANING * LAUNDRY_KWH_PER_KG, 2);
  const showerLitres = round((AVERAGE_SHOWER_MINUTES - SHOWER_OBJECTIVE_MINUTES) * SHOWER_LITRES_PER_MINUTE, 1);
  const showerKwh = round((showerLitres * KWH_PER_LITRE_KELVIN * SHOWER_HEATING_KELVIN) / WATER_HEATER_EFFICIENCY, 2);
  const degreeKwh = round(ROOM_HEATING_KWH_PER_NIGHT * SAVED_SHARE_PER_DEGREE, 2);
  const showerLitresOf = (pick: EndOf) =>
    (pick(AVERAGE_SHOWER_MINUTES_RANGE) - SHOWER_OBJECTIVE_MINUTES) * pick(SHOWER_LITRES_PER_MINUTE_RANGE);
  // A lower efficiency means more energy: the low end takes the best heater, the high end the worst.
  const showerKwhOf = (pick: EndOf) =>
    (showerLitresOf(pick) * KWH_PER_LITRE_KELVIN * pick(SHOWER_HEATING_KELVIN_RANGE)) /
    pick({ low: WATER_HEATER_EFFICIENCY_RANGE.high, high: WATER_HEATER_EFFICIENCY_RANGE.low });
  const degreeKwhOf = (pick: EndOf) => pick(ROOM_HEATING_KWH_RANGE) * pick(SAVED_SHARE_PER_DEGREE_RANGE);
  // Hot water and heating may be gas or electric: the range runs from electricity's low end to gas's high end.
  const heatCo2e = { low: ELECTRICITY_CO2E_RANGE.low, high: GAS_CO2E_RANGE.high };
  const meal = mealImpactOf(REFERENCE_MEAL);
  const laundry =
    "the washing of one room's linen change (4 kg): water, and the washer's electricity only (no water heating, drying, ironing); not the cleaning's own water or products";
  const shower = 'the hot water of a shower cut from the average length to 5 minutes';
  const heating = "one degree less of one room's space heating for one night";
  const plate = "the reference plate minus the guest's meal, from farm to retail, supply-chain losses included";
  return {
    cleaning: {
      water: figure(round(LINEN_KG_PER_CLEANING * LAUNDRY_LITRES_PER_KG, 1), BOOKING_LAUNDRY, {
        range: derivedRange((pick) => pick(LINEN_KG_RANGE) * pick(LAUNDRY_LITRES_PER_KG_RANGE), 1),
        boundary: `${laundry}; a floor ("at least")`,
        geography: 'Europe (Booking.com guide, European Commission hotel case)',
        checkedOn: CHECKED_ON,
      }),
      energy: figure(laundryKwh, BOOKING_LAUNDRY, {
        range: null,
        boundary: `${laundry}; a floor without a published high end`,
        geography: 'Europe (Booking.com guide, European Commission hotel case)',
        checkedOn: CHECKED_ON,
      }),
      co2e: figure(Math.round(laundryKwh * ELECTRICITY_CO2E_GRAMS_PER_KWH), ADEME_ELECTRICITY, {
        range: derivedRange((pick) => laundryKwh * pick(ELECTRICITY_CO2E_RANGE), 0),
        boundary: `${laundry}, electricity at the French average mix`,
        geography: 'France continental',
        checkedOn: null,
      }),
    },
    shower: {
      water: figure(showerLitres, WATERSENSE_SHOWER, {
        range: derivedRange(showerLitresOf, 1),
        boundary: `${shower} (7.8 minutes at 7.9 L/min)`,
        geography: 'United States (household study)',
        checkedOn: CHECKED_ON,
      }),
      energy: figure(showerKwh, WATER_HEATING, {
        range: derivedRange(showerKwhOf, 2),
        boundary: `${shower}, heated from 10 °C to 38 °C by a heater of 80 % efficiency`,
        geography: 'any',
        checkedOn: null,
      }),
      co2e: figure(Math.round(showerKwh * GAS_CO2E_GRAMS_PER_KWH), ADEME_GAS, {
        range: derivedRange((pick) => showerKwhOf(pick) * pick(heatCo2e), 0),
        boundary: `${shower}, heated with natural gas (electric heating: the range's low end)`,
        geography: 'France',
        checkedOn: null,
      }),
    },
    heating: {
      water: figure(0, ADEME_ONE_DEGREE, {
        range: fixed(0),
        boundary: `${heating}: space heating uses no water`,
        geography: 'any',
        checkedOn: null,
        origin: 'published',
      }),
      energy: figure(degreeKwh, ADEME_ONE_DEGREE, {
        range: derivedRange(degreeKwhOf, 2),
        boundary: `${heating} (10 kWh a night, every night counted, summer included)`,
        geography: 'France (dwellings)',
        checkedOn: null,
      }),
      co2e: figure(Math.round(degreeKwh * GAS_CO2E_GRAMS_PER_KWH), ADEME_GAS, {
        range: derivedRange((pick) => degreeKwhOf(pick) * pick(heatCo2e), 0),
        boundary: `${heating}, heated with natural gas (electric heating: the range's low end)`,
        geography: 'France',
        checkedOn: null,
      }),
    },
    meal: {
      water: figure(meal.waterLitres, MEAL_TABLE, {
        range: null,
        boundary: `${plate}; freshwater withdrawals (irrigation, drinking, processing), not rain`,
        geography: 'world (global means)',
        checkedOn: CHECKED_ON,
      }),
      energy: figure(round(meal.energyWh / 1000, 2), MEAL_TABLE, {
        range: null,
        boundary: `${plate}; non-renewable primary energy, an order of magnitude not transcribed from Agribalyse`,
        geography: 'France (order of magnitude)',
        checkedOn: null,
      }),
      co2e: figure(meal.ghgGrams, MEAL_TABLE, {
        range: ghgRangeOf(REFERENCE_MEAL),
        boundary: `${plate}; from the global medians without losses to the means with losses`,
        geography: 'world (global means)',
        checkedOn: CHECKED_ON,
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
