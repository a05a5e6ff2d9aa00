/**
 * Calendar dates as the API writes them (YYYY-MM-DD), computed without the device's time zone getting in the way:
 * every date is read and written at UTC midnight.
 */

const DAY_MS = 86_400_000;

/**
 * The calendar dates the API accepts, whatever the call (docs/behaviour.md#dates): a date outside this window is
 * refused with 400 before any rule reads it, so no stay, report or period reaches the edges of what YYYY-MM-DD can
 * write.
 */
export const FIRST_CALENDAR_DATE = '2000-01-01';
export const LAST_CALENDAR_DATE = '2100-12-31';
/** YYYY-MM-DD from FIRST_CALENDAR_DATE to LAST_CALENDAR_DATE; days that do not exist (02-30) are refused apart. */
export const CALENDAR_DATE_PATTERN = '^(20\\d{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const calendarDatePattern = new RegExp(CALENDAR_DATE_PATTERN);

/** What the helpers below can write: four-digit years. Arithmetic beyond them stops at the edge. */
const FIRST_DAY = new Date(0).setUTCFullYear(0, 0, 1) / DAY_MS;
const LAST_DAY = new Date(0).setUTCFullYear(9999, 11, 31) / DAY_MS;

/** Days since 1970-01-01 of a YYYY-MM-DD string (an impossible day rolls over, 02-30 is 03-02). */
function dayNumberOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  // setUTCFullYear, unlike Date.UTC, reads years 0–99 as written.
  return new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function dateOfDayNumber(day: number): string {
  const kept = Math.min(LAST_DAY, Math.max(FIRST_DAY, day));
  return new Date(kept * DAY_MS).toISOString().slice(0, 10);
}

/**
 * `isoDate` moved by `days` whole days. Total over every YYYY-MM-DD string and every number of days: the answer is
 * always a YYYY-MM-DD date, at most 9999-12-31 and at least 0000-01-01 (where it stops). Loops over days therefore
 * count days; they never compare a moving date with the last one. RangeError for a string that is not YYYY-MM-DD
 * (the API checks its dates first).
 */
export function addDays(isoDate: string, days: number): string {
  const moved = dayNumberOf(isoDate) + Math.trunc(days);
  if (Number.isNaN(moved)) throw new RangeError(`Not a number of days: ${days}`);
  return dateOfDayNumber(moved);
}

/** Whole days from `from` to `to` (negative when `to` is earlier); RangeError for a string that is not YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/** The earlier of two dates. */
export function earlierDate(a: string, b: string): string {
  return daysBetween(a, b) >= 0 ? a : b;
}

/** True for a real calendar date written YYYY-MM-DD inside the API's window (rejects 2026-02-30 and 9999-12-31). */
export function isCalendarDate(date: string): boolean {
  return calendarDatePattern.test(date) && addDays(date, 0) === date;
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

/** The app's side of the switch: today's or tomorrow's cleaning, from the server's `cleaningDate` and `today`. */
export function cleaningDayOf(cleaningDate: string, today: string): CleaningDay {
  return cleaningDate === today ? 'today' : 'tomorrow';
}

/**
 * The hotel-local day whose cleaning a skip-cleaning answer given at `at` speaks of: that day before 11:00, the next
 * from 11:00 on. The one rule the server's housekeeping list and the staff page's default day read.
 */
export function cleaningDateAt(at: Date, timeZone: string): string {
  const date = calendarDateIn(timeZone, at);
  return cleaningDayAt(at, timeZone) === 'today' ? date : addDays(date, 1);
}
