/**
 * The meal result's quantities (docs/behaviour.md#meal-photo): numbers in the interface language's style with Latin
 * digits, as the rest of the app writes them, and a thousand grams or watt-hours and more in the next unit up, so
 * '18 049 gCO2' reads '18,05 kg CO2' and never as a typo.
 */

/** The units of the analysis reply (`unity`) and of an ingredient's grams. */
export type MealUnit = 'g' | 'L' | 'Wh' | 'gCO2';

const SCALED: Record<MealUnit, { small: string; large: string | null }> = {
  g: { small: 'g', large: 'kg' },
  gCO2: { small: 'g CO2', large: 'kg CO2' },
  Wh: { small: 'Wh', large: 'kWh' },
  L: { small: 'L', large: null },
};

const THOUSAND = 1000;

export function formatQuantity(locale: string, value: number, unit: MealUnit): string {
  const { small, large } = SCALED[unit];
  const scaled = large !== null && Math.abs(value) >= THOUSAND;
  const format = new Intl.NumberFormat(`${locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: scaled ? 2 : 1 });
  return `${format.format(scaled ? value / THOUSAND : value)} ${scaled ? large : small}`;
}
