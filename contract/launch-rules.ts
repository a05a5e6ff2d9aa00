import { rulesOf } from './action-types.ts';
import { daysBetween } from './calendar-days.ts';
import type { Action } from './schemas.ts';

/**
 * Launch rules the action launch (machines/actionLaunch.machine.ts) and the action cards both read: kept out of the
 * machine module so the actions list does not pull the launch (and every modal machine) into the first visit.
 */

/** docs/behaviour.md#launch-flow rule 1: done, and not to be done again. */
export function isCompletedForGood(action: Action): boolean {
  return action.alreadyCompleted && !rulesOf(action.actType).redoable;
}

/**
 * docs/behaviour.md#one-night-stay: a per-night action has nothing to act on when the stay's known end date leaves
 * no night after this one (the stay ends tomorrow). Its card says so, and its launch explains rather than asks,
 * until the guest gives a longer stay. Actions that open directly and completed ones keep their own rules.
 */
export function isNightActionUnavailable(action: Action, today: string, stayEndDate: string | null): boolean {
  return (
    action.actPeriod === 'NIGHT' &&
    !rulesOf(action.actType).opensDirectly &&
    !isCompletedForGood(action) &&
    stayEndDate !== null &&
    daysBetween(today, stayEndDate) <= 1
  );
}
