/**
 * The gestures behind every impact figure (docs/impact.md#figures): what a completion's current answer saves, by the
 * hotel's factor table, with its range and the evidence behind it. The staff page's summary, the reports, the
 * certification export and the guest's receipt all read completions through here, so one stay's figures are the same
 * wherever they are shown.
 */
import type { Kysely } from 'kysely';
import { answerEvidence, type CleaningOutcome, type EvidenceLevel } from '../../contract/evidence.ts';
import {
  HEATING_FLOOR_TEMPERATURE,
  HEATING_REFERENCE_TEMPERATURE,
  IMPACT_CATEGORIES,
  IMPACT_MEASURES,
  type ImpactCategory,
  type ImpactFactorOverrides,
  type ImpactFactorTable,
  type ImpactMeasure,
  impactFactorsOf,
} from '../../contract/impact-factors.ts';
import type { ImpactAmounts } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';

export type Amounts = Record<ImpactMeasure, number>;
export const zeroAmounts = (): Amounts => ({ water: 0, energy: 0, co2e: 0 });

export type CategoryAmounts = Record<ImpactCategory, Amounts>;
export const zeroCategoryAmounts = (): CategoryAmounts =>
  Object.fromEntries(IMPACT_CATEGORIES.map((category) => [category, zeroAmounts()])) as CategoryAmounts;

/** Water in litres to one decimal, energy in kWh to two, CO2e in whole grams: figures are rounded once, at the end. */
const ROUNDING: Record<ImpactMeasure, number> = { water: 1, energy: 2, co2e: 0 };
export function rounded(measure: ImpactMeasure, value: number): number {
  const scale = 10 ** ROUNDING[measure];
  return Math.round(value * scale) / scale;
}

/**
 * The categories added up in one order and rounded once: the staff summary and the receipt add the same way, so one
 * stay's totals are equal to the last digit.
 */
export function totalOfCategories(amounts: CategoryAmounts): ImpactAmounts {
  const sum = (measure: ImpactMeasure) =>
    rounded(
      measure,
      IMPACT_CATEGORIES.reduce((all, category) => all + amounts[category][measure], 0),
    );
  return { waterLitres: sum('water'), energyKwh: sum('energy'), co2eGrams: sum('co2e') };
}

/** A completion as the figures read it: who, what, when first answered, its current answer and housekeeping's word. */
export interface CompletionRow {
  stay_id: number;
  action_id: number;
  night_id: string;
  created_at: string;
  type: string;
  response: string | null;
  temperature: number | null;
  meal_water_litres: number | null;
  meal_energy_wh: number | null;
  meal_ghg_grams: number | null;
}

/** What a completion's current answer does: units of a category (a meal brings its own impact). */
export interface Gesture {
  category: ImpactCategory;
  units: number;
  meal?: Amounts;
}

/** A completion with what it saves (null: nothing) and how far it is backed. */
export interface CountedCompletion extends CompletionRow {
  cleaning: CleaningOutcome | null;
  evidence: EvidenceLevel;
  gesture: Gesture | null;
  saving: Amounts;
  /** The saving at the factors' low and high ends (a single estimate counts as itself at both ends). */
  low: Amounts;
  high: Amounts;
}

/**
 * The gesture a completion's current answer makes; null when it saves nothing — among others a skipped cleaning
 * housekeeping reported cleaned anyway.
 */
export function gestureOf(row: CompletionRow, cleaning: CleaningOutcome | null): Gesture | null {
  switch (row.type) {
    case 'LUNICLEAN':
      return row.response === 'SKIP' && cleaning !== 'cleanedAnyway' ? { category: 'cleaning', units: 1 } : null;
    case 'LUNISHOWER':
      return row.response === 'true' ? { category: 'shower', units: 1 } : null;
    case 'HEATING': {
      if (row.temperature === null) return null;
      const degrees = HEATING_REFERENCE_TEMPERATURE - Math.max(row.temperature, HEATING_FLOOR_TEMPERATURE);
      return degrees > 0 ? { category: 'heating', units: degrees } : null;
    }
    case 'LIMEAT':
      if (row.meal_water_litres === null || row.meal_energy_wh === null || row.meal_ghg_grams === null) return null;
      return {
        category: 'meal',
        units: 1,
        meal: { water: row.meal_water_litres, energy: row.meal_energy_wh / 1000, co2e: row.meal_ghg_grams },
      };
    default:
      return null;
  }
}

/**
 * What one gesture saves at a factor value per unit: units × factor, or for a meal the reference meal minus the
 * meal (never below 0).
 */
function savingAt(gesture: Gesture, measure: ImpactMeasure, perUnit: number): number {
  return gesture.meal ? Math.max(0, perUnit - gesture.meal[measure]) : gesture.units * perUnit;
}

/** The completion's gesture, saving, range and evidence by the hotel's factor table. */
export function countCompletion(
  row: CompletionRow,
  cleaning: CleaningOutcome | null,
  factors: ImpactFactorTable,
): CountedCompletion {
  const gesture = gestureOf(row, cleaning);
  const saving = zeroAmounts();
  const low = zeroAmounts();
  const high = zeroAmounts();
  if (gesture) {
    for (const measure of IMPACT_MEASURES) {
      const factor = factors[gesture.category][measure];
      saving[measure] = savingAt(gesture, measure, factor.perUnit);
      low[measure] = factor.range ? savingAt(gesture, measure, factor.range.low) : saving[measure];
      high[measure] = factor.range ? savingAt(gesture, measure, factor.range.high) : saving[measure];
    }
  }
  // Housekeeping's word backs a skip only while the answer is still a skip.
  const evidence = answerEvidence(row.type, gesture ? cleaning : null);
  return { ...row, cleaning, evidence, gesture, saving, low, high };
}

export function parseOverrides(json: string | null): ImpactFactorOverrides | null {
  return json === null ? null : (JSON.parse(json) as ImpactFactorOverrides);
}

/** The hotel's factor table: the shipped one with the hotel's own figures. */
export function factorsOfHotel(hotel: { impact_factors: string | null }): ImpactFactorTable {
  return impactFactorsOf(parseOverrides(hotel.impact_factors));
}

/** Which completions to read: a hotel's over a UTC window of first answers, or one stay's. */
export type CompletionScope = { hotelId: number; from: string; to: string } | { stayId: number };

/**
 * The completions of the scope, counted with the hotel's factors. Housekeeping's latest report on a skipped
 * cleaning decides its evidence (and a room cleaned anyway saves nothing).
 */
export async function countedCompletions(
  db: Kysely<Database>,
  scope: CompletionScope,
  factors: ImpactFactorTable,
): Promise<CountedCompletion[]> {
  const rows = await completionsOf(db, scope)
    .select([
      'c.stay_id',
      'c.action_id',
      'c.night_id',
      'c.created_at',
      'a.type',
      'c.response',
      'c.temperature',
      'c.meal_water_litres',
      'c.meal_energy_wh',
      'c.meal_ghg_grams',
    ])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const cleanings = await cleaningOutcomes(db, scope);
  return rows.map((row) => countCompletion(row, cleanings.get(completionKey(row)) ?? null, factors));
}

function completionsOf(db: Kysely<Database>, scope: CompletionScope) {
  const query = db.selectFrom('action_completions as c').innerJoin('actions as a', 'a.id', 'c.action_id');
  return 'stayId' in scope
    ? query.where('c.stay_id', '=', scope.stayId)
    : query
        .where('a.hotel_id', '=', scope.hotelId)
        .where('c.created_at', '>=', scope.from)
        .where('c.created_at', '<', scope.to);
}

const completionKey = (row: { stay_id: number; action_id: number; night_id: string }) =>
  `${row.stay_id}:${row.action_id}:${row.night_id}`;

/** Housekeeping's latest report per skipped-cleaning completion of the scope. */
async function cleaningOutcomes(db: Kysely<Database>, scope: CompletionScope): Promise<Map<string, CleaningOutcome>> {
  const checks = await db
    .selectFrom('cleaning_checks')
    .select(['stay_id', 'action_id', 'night_id', 'outcome'])
    .where('stay_id', 'in', completionsOf(db, scope).where('a.type', '=', 'LUNICLEAN').select('c.stay_id'))
    .orderBy('checked_at')
    .orderBy('id')
    .execute();
  return new Map(checks.map((check) => [completionKey(check), check.outcome]));
}
