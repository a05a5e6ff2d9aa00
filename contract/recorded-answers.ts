import { HEATING_OPTIMAL_MAX, HEATING_OPTIMAL_MIN, rulesOf } from './action-types.ts';
import type { Action, ActionResponse } from './schemas.ts';

/**
 * An action's answer on record and which answers earn its points (docs/behaviour.md#earning-points), read by the
 * server when it scores a submission, by the answer-change machines, the action cards and their modals: kept apart
 * from the modals' rules so the actions list's first visit loads only this.
 */

/** A yes/no action's answer (docs/behaviour.md "Yes/no types"); also the short shower's (yes: objective kept). */
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

/** docs/behaviour.md#heating: 18–22 °C inclusive earns the points. */
export function isOptimalTemperature(temperature: number): boolean {
  return temperature >= HEATING_OPTIMAL_MIN && temperature <= HEATING_OPTIMAL_MAX;
}

/**
 * Where an action stands for the guest (docs/behaviour.md#answer-state), one vocabulary for every type:
 * - `open`: not answered (tonight, for a per-night action); its points on offer;
 * - `earned`: answered with an answer that earns (or a type that earns on any answer);
 * - `onOffer`: answered without earning, and the answer may still change: its points are still on offer;
 * - `missed`: answered without earning, for good (a wrong quiz answer, an answer to an action the hotel retired).
 */
export type AnswerState = 'open' | 'earned' | 'onOffer' | 'missed';

/**
 * Whether the answer on record earns, by type; the types that earn on any answer are not listed. A completion whose
 * answer is not on record (none in the list) counts as earning, as the server credited it.
 */
function recordEarns(action: Action): boolean {
  switch (action.actType) {
    case 'YESNO':
    case 'YESNOSTAY':
    case 'YESNOMAIL': {
      const answer = yesNoAnswerOf(action.response);
      return answer === 'none' || answer === rewardedYesNoAnswer(action.actPositiveResponse);
    }
    case 'LUNICLEAN': {
      const decision = cleaningDecisionOf(action.response);
      return decision === 'undecided' || decision === REWARDED_CLEANING_DECISION;
    }
    case 'LUNISHOWER':
      return yesNoAnswerOf(action.response) !== 'no';
    case 'HEATING':
      return action.temperature === null || isOptimalTemperature(action.temperature);
    case 'QUIZ':
      return action.isCorrect !== false;
    default:
      return true;
  }
}

export function answerStateOf(action: Action): AnswerState {
  if (!action.alreadyCompleted) return 'open';
  if (recordEarns(action)) return 'earned';
  // A retired action takes no new answer (docs/behaviour.md#retiring): its points are no longer on offer.
  return rulesOf(action.actType).redoable && action.actRetired !== true ? 'onOffer' : 'missed';
}
