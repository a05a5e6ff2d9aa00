import { addDays, calendarDateIn, cleaningDayAt } from '../../../../../contract/calendar-days.ts';

/**
 * The hotel-local day whose cleaning guests answering now skip (docs/behaviour.md#today-tab): today before
 * CLEANING_DAY_SWITCH_HOUR (11:00), tomorrow from then on, as the skip-cleaning modal says.
 */
export function cleaningDateAt(now: Date, timeZone: string): string {
  const today = calendarDateIn(timeZone, now);
  return cleaningDayAt(now, timeZone) === 'today' ? today : addDays(today, 1);
}
