import { addDays, calendarDateIn } from '../../../../../contract/calendar-days.ts';
import type { ImpactPeriodChoice } from '../../../../../machines/staffImpact.machine.ts';

/** Days each preset covers, today included (docs/behaviour.md#impact-tab). */
const PRESET_DAYS = { last7: 7, last30: 30 } as const;

/** The dates of a period choice: a preset counts back from the hotel's today, in its time zone. */
export function periodOf(choice: ImpactPeriodChoice, timeZone: string, now: Date): { from: string; to: string } {
  if (choice.preset === 'custom') return { from: choice.from, to: choice.to };
  const today = calendarDateIn(timeZone, now);
  return { from: addDays(today, 1 - PRESET_DAYS[choice.preset]), to: today };
}
