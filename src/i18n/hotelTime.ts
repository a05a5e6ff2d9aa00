import { interfaceLocaleFor } from '../../contract/locales.ts';

/**
 * Moments (ISO timestamps) as the hotel's clock reads them, in the interface language with Latin digits: guests and
 * staff read the hotel's time whatever the device's zone (docs/behaviour.md#dates).
 */
function hotelClock(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(`${interfaceLocaleFor(language)}-u-nu-latn`, { ...options, timeZone });
}

/** The day and time of a moment at the hotel ('27 nov. 2026, 09:30'). */
export function formatHotelTime(moment: string, language: string, timeZone: string): string {
  return hotelClock(language, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(moment));
}

/** The day of a moment at the hotel ('27 novembre'). */
export function formatHotelDay(moment: string, language: string, timeZone: string): string {
  return hotelClock(language, timeZone, { day: 'numeric', month: 'long' }).format(new Date(moment));
}
