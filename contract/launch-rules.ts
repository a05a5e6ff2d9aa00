import { rulesOf } from './action-types.ts';
import { daysBetween } from './calendar-days.ts';
import type { Action } from './schemas.ts';

/**
 * Launch rules the action launch (machines/dialogs/actionLaunch.machine.ts) and the action cards both read: kept out
 * of the machine module so the actions list does not pull the launch (and every modal machine) into the first visit.
 */

/**
 * docs/behaviour.md#launch-flow rule 1: done, and not to be done again — a retired action takes no new answer
 * (docs/behaviour.md#retiring).
 */
export function isCompletedForGood(action: Action): boolean {
  return action.actRetired === true || (action.alreadyCompleted && !rulesOf(action.actType).redoable);
}

/**
 * docs/behaviour.md#one-night-stay: a gesture that acts on the next day (`needsNextDay`: tomorrow's cleaning, an
 * answer the hotel reads the next morning) has nothing to act on when the stay's known end date is tomorrow (or
 * today). Its card says so, and its launch explains rather than asks, until the guest gives a longer stay. Tonight's
 * gestures (shower, heating, meal…) stay open; completed ones keep their own rules.
 */
export function isNightActionUnavailable(action: Action, today: string, stayEndDate: string | null): boolean {
  return (
    rulesOf(action.actType).needsNextDay === true &&
    !isCompletedForGood(action) &&
    stayEndDate !== null &&
    daysBetween(today, stayEndDate) <= 1
  );
}

/** docs/behaviour.md#one-night-stay: the gestures the 'actions unavailable' dialog names. */
export function unavailableActionsOf(actions: readonly Action[], today: string, stayEndDate: string | null): Action[] {
  return actions.filter((action) => isNightActionUnavailable(action, today, stayEndDate));
}
