/**
 * Calendar dates as the API writes them (YYYY-MM-DD), computed without the device's time zone getting in the way:
 * every date is read and written at UTC midnight.
 */

const DAY_MS = 86_400_000;

function toUtcMs(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(toUtcMs(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** The two formats these helpers read: en-CA writes dates as YYYY-MM-DD, en-GB hours as 00–23. */
const FORMATS = {
  date: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  hour: ['en-GB', { hour: '2-digit', hourCycle: 'h23' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (tens of µs, on every submission on the
 * server), so each is built once per format and time zone; the few time zones in use keep this map small.
 * The device's own zone (none given) is not kept: it changes when the device travels.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(format: keyof typeof FORMATS, timeZone: string | undefined): Intl.DateTimeFormat {
  const [locale, options] = FORMATS[format];
  if (timeZone === undefined) return new Intl.DateTimeFormat(locale, options);
  const key = `${format}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar date of `now` in a time zone (the hotel's), or in the device's when none is known. */
export function calendarDateIn(timeZone: string | undefined, now: Date): string {
  return formatterOf('date', timeZone).format(now);
}

/** The hour (0–23) of `now` in a time zone, or in the device's when none is known. */
export function hourIn(timeZone: string | undefined, now: Date): number {
  const hour = formatterOf('hour', timeZone).format(now);
  return Number(hour);
}

/**
 * docs/behaviour.md#skip-cleaning: skipping the cleaning speaks of today's cleaning before 11:00 hotel-local time, of
 * tomorrow's from then on; the modal and the server's thanks follow the same switch.
 */
export const CLEANING_DAY_SWITCH_HOUR = 11;

export type CleaningDay = 'today' | 'tomorrow';

export function cleaningDayAt(now: Date, timeZone: string | undefined): CleaningDay {
  return hourIn(timeZone, now) < CLEANING_DAY_SWITCH_HOUR ? 'today' : 'tomorrow';
}
