import type { Action, ActionResponse } from './schemas.ts';

/**
 * An action's answer on record, read by the answer-change machines (yes/no, skip cleaning) and by the action cards
 * (completed or declined): kept apart from the modals' rules so the actions list's first visit loads only this.
 */

/** A yes/no action's answer (docs/behaviour.md "Yes/no types"). */
export type YesNoAnswer = 'none' | 'yes' | 'no';

/** The response is YES, NO, true, false or none. */
export function yesNoAnswerOf(response: ActionResponse): YesNoAnswer {
  if (response === 'YES' || response === true) return 'yes';
  if (response === 'NO' || response === false) return 'no';
  return 'none';
}

/** The yes/no answer that earns the action's points: its positive response. */
export function rewardedYesNoAnswer(action: Pick<Action, 'actPositiveResponse'>): YesNoAnswer {
  return action.actPositiveResponse === 'NO' ? 'no' : 'yes';
}

/** The skip-cleaning decision (docs/behaviour.md#skip-cleaning); `skipped` earns the points. */
export type CleaningDecision = 'undecided' | 'skipped' | 'maintained';

/** docs/behaviour.md#skip-cleaning: SKIP or true means skipped, CLEAN or false maintained. */
export function cleaningDecisionOf(response: ActionResponse): CleaningDecision {
  if (response === 'SKIP' || response === true) return 'skipped';
  if (response === 'CLEAN' || response === false) return 'maintained';
  return 'undecided';
}
