import type { HousekeepingReply } from '../contract/schemas.ts';
import { staffListMachine } from './staffList.ts';

/** docs/behaviour.md#timings: how often the skip-cleaning list reloads by itself. */
export const HOUSEKEEPING_REFRESH_MS = 60_000;

/**
 * The staff page's skip-cleaning list of the day (docs/behaviour.md#today-tab): loaded when the 'Aujourd'hui'
 * tab opens, reloaded every HOUSEKEEPING_REFRESH_MS and on demand (machines/staffList.ts).
 */
export const staffHousekeepingMachine = staffListMachine<HousekeepingReply>(
  'staffHousekeeping',
  HOUSEKEEPING_REFRESH_MS,
);
