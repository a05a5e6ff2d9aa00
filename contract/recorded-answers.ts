import type { ActionResponse } from './schemas.ts';

/**
 * An action's answer on record and which answer earns its points (docs/behaviour.md#earning-points), read by the
 * server when it scores a submission, by the answer-change machines (yes/no, skip cleaning) and by the action cards
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

/** The yes/no answer that earns the action's points: its positive response (`actPositiveResponse`, YES when unset). */
export function rewardedYesNoAnswer(positiveResponse: string | null): YesNoAnswer {
  return positiveResponse === 'NO' ? 'no' : 'yes';
}

/** The skip-cleaning decision (docs/behaviour.md#skip-cleaning). */
export type CleaningDecision = 'undecided' | 'skipped' | 'maintained';

/** The skip-cleaning decision that earns the action's points. */
export const REWARDED_CLEANING_DECISION: CleaningDecision = 'skipped';

/** docs/behaviour.md#skip-cleaning: SKIP or true means skipped, CLEAN or false maintained. */
export function cleaningDecisionOf(response: ActionResponse): CleaningDecision {
  if (response === 'SKIP' || response === true) return 'skipped';
  if (response === 'CLEAN' || response === false) return 'maintained';
  return 'undecided';
}
