import { interfaceLocaleFor } from '../../../../contract/locales.ts';
import type { Reward } from '../../../../contract/schemas.ts';

/**
 * docs/behaviour.md#water-reward: a water reward without a volume donates 50 litres; 10 litres give one month of water
 * access.
 */
export const DEFAULT_WATER_VOLUME = 50;
export const LITRES_PER_MONTH = 10;

/** docs/behaviour.md#water-reward: the volume comes from the reward name ('N litres'), else rwWaterVolume, else 50. */
export function waterVolumeOf(reward: Reward): number {
  const named = /(\d+)\s*litres?\b/i.exec(reward.radName);
  if (named?.[1]) return Number(named[1]);
  return reward.rwWaterVolume ?? DEFAULT_WATER_VOLUME;
}

/** docs/behaviour.md#water-reward: impact months = max(1, round(volume / 10)). */
export const waterAccessMonths = (volume: number): number => Math.max(1, Math.round(volume / LITRES_PER_MONTH));

/** The validity date in the interface locale (the date is a calendar day: formatted in UTC so no zone shifts it). */
export function formatValidUntil(validUntil: string, language: string): string {
  return new Intl.DateTimeFormat(interfaceLocaleFor(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${validUntil.slice(0, 10)}T00:00:00Z`),
  );
}
