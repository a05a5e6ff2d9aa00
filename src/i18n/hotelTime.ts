import { interfaceLocaleFor } from '../../contract/locales.ts';

/**
 * A moment (ISO timestamp) as the hotel's clock reads it, in the interface language with Latin digits: guests and
 * staff read the hotel's time whatever the device's zone (docs/behaviour.md#dates).
 */
export function formatHotelTime(moment: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(`${interfaceLocaleFor(language)}-u-nu-latn`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(moment));
}
