/**
 * The meal result's quantities (docs/behaviour.md#meal-photo): numbers in the interface language's style with Latin
 * digits, as the rest of the app writes them, and a thousand grams or watt-hours and more in the next unit up with at
 * most one decimal, so 18 046 g of CO2e reads '18 kg CO2e' and never as a typo.
 */

/** The units of the analysis reply (`unity`) and of an ingredient's grams. */
export type MealUnit = 'g' | 'L' | 'Wh' | 'gCO2';

const SCALED: Record<MealUnit, { small: string; large: string | null }> = {
  g: { small: 'g', large: 'kg' },
  gCO2: { small: 'g CO2e', large: 'kg CO2e' },
  Wh: { small: 'Wh', large: 'kWh' },
  L: { small: 'L', large: null },
};

const THOUSAND = 1000;

export function formatQuantity(locale: string, value: number, unit: MealUnit): string {
  const { small, large } = SCALED[unit];
  const scaled = large !== null && Math.abs(value) >= THOUSAND;
  const format = new Intl.NumberFormat(`${locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 1 });
  return `${format.format(scaled ? value / THOUSAND : value)} ${scaled ? large : small}`;
}
