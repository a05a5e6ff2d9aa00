/** Dates in a hotel's own time zone: "today", the current night, and day counts. */
import { addDays } from '../../contract/calendar-days.ts';
import { BoundedCache } from '../bounded-cache.ts';

// One set of calendar helpers for the app and the server (contract/calendar-days.ts).
export { addDays, daysBetween, isCalendarDate } from '../../contract/calendar-days.ts';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Before this hotel-local hour, the current night is still the one that began the previous evening. */
export const NIGHT_ROLLOVER_HOUR = 4;

const formatters = new BoundedCache<Intl.DateTimeFormat>(64);
function formatter(timeZone: string): Intl.DateTimeFormat {
  return formatters.getOrAdd(
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
}

interface LocalParts {
  date: string;
  time: string;
  /** The date of the evening the current night began (currentNightId). */
  night: string;
}

const MINUTE_MS = 60_000;
/** The last parts computed per time zone, with the UTC minute they are for. */
const lastParts = new BoundedCache<{ minute: number; parts: LocalParts }>(64);

/**
 * The hotel-local date, HH:MM and night of `now`. Every time zone offset in use today is a whole number of minutes,
 * so the parts are the same through a UTC minute: they are worked out once per minute and zone (formatting a date
 * in a time zone costs more than most statements, and a submission asks several times).
 */
function localParts(now: Date, timeZone: string): LocalParts {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const last = lastParts.getOrAdd(timeZone, () => ({
    minute: Number.NaN,
    parts: { date: '', time: '', night: '' },
  }));
  if (last.minute === minute) return last.parts;
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour);
  last.minute = minute;
  last.parts = {
    date,
    time: `${parts.hour}:${parts.minute}`,
    night: hour < NIGHT_ROLLOVER_HOUR ? addDays(date, -1) : date,
  };
  return last.parts;
}

/** The hotel-local calendar date, YYYY-MM-DD. */
export function localDate(now: Date, timeZone: string): string {
  return localParts(now, timeZone).date;
}

/**
 * True once the hotel-local clock has reached `time` (HH:MM) on `date` (YYYY-MM-DD). Wall-clock times are
 * compared, so a check-out at 12:00 stays at noon across DST changes.
 */
export function hasReached(now: Date, timeZone: string, date: string, time: string): boolean {
  const local = localParts(now, timeZone);
  return `${local.date} ${local.time}` >= `${date} ${time}`;
}

/** The hotel-local date of the evening the current night began (rolls over at NIGHT_ROLLOVER_HOUR). */
export function currentNightId(now: Date, timeZone: string): string {
  return localParts(now, timeZone).night;
}

/** action_completions.night_id of actions done once per stay. */
export const STAY_NIGHT_ID = 'STAY';

/** The night a completion of an action with `period` is recorded under: tonight for NIGHT, else the whole stay. */
export function completionNightId(period: string, nightId: string): string {
  return period === 'NIGHT' ? nightId : STAY_NIGHT_ID;
}

/**
 * Seconds until the hotel-local clock next shows `hour`:00 (a window that ends then: the day at 0, the night at
 * NIGHT_ROLLOVER_HOUR). A Retry-After hint: a DST change that day may move it by an hour.
 */
export function secondsUntilLocalHour(now: Date, timeZone: string, hour: number): number {
  const [h, m] = localParts(now, timeZone).time.split(':').map(Number);
  const minutesNow = (h ?? 0) * 60 + (m ?? 0);
  const minutesLeft = (hour * 60 - minutesNow + 1440) % 1440 || 1440;
  return minutesLeft * 60 - now.getUTCSeconds();
}

/**
 * The first instant of the hotel-local `date`: its midnight, or the first minute of it a clock change left. Every
 * zone's day begins within 15 hours of the UTC day's, and offsets are whole minutes: a search by minutes finds it.
 */
export function localDayStart(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00.000Z`);
  // The local date is before `date` at `low`, and is `date` or after at `high`.
  let low = utcMidnight - 15 * 60 * MINUTE_MS;
  let high = utcMidnight + 15 * 60 * MINUTE_MS;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / MINUTE_MS / 2) * MINUTE_MS;
    if (localDate(new Date(middle), timeZone) < date) low = middle;
    else high = middle;
  }
  return new Date(high);
}
