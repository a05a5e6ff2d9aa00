/**
 * Which answer earns (ARCHITECTURE.md §5), as pure functions: a submission becomes the answer stored
 * on the completion, whether it earns the action's reward, and which success message it gets.
 */
import { HEATING_OPTIMAL_MAX, HEATING_OPTIMAL_MIN } from '../../contract/action-types.ts';
import type { SuccessMessageKey } from './submission-messages.ts';

/** The path segment of POST /api/actions/:actId/<kind> and the action type it submits. */
export const SUBMISSION_KINDS = {
  review: 'REVIEW',
  custom: 'CUSTOM',
  claim: 'CLAIM',
  lunishower: 'LUNISHOWER',
  luniclean: 'LUNICLEAN',
  yesno: 'YESNO',
  yesnon: 'YESNOSTAY',
  yesnomail: 'YESNOMAIL',
  quiz: 'QUIZ',
  heating: 'HEATING',
} as const;
export type SubmissionKind = keyof typeof SUBMISSION_KINDS;

/** A submission, by kind, after schema validation. */
export type SubmittedAnswer =
  | { kind: 'review'; rating: number }
  | { kind: 'custom'; optionId: number }
  | { kind: 'claim' }
  | { kind: 'lunishower'; objectiveRespected: boolean }
  | { kind: 'luniclean'; skipCleaning: boolean; roomNumber: string | null }
  | { kind: 'yesno' | 'yesnon' | 'yesnomail'; response: boolean }
  | { kind: 'quiz'; selectedPosition: number }
  | { kind: 'heating'; temperature: number };

/** The answer as action_completions stores it. */
export interface StoredAnswer {
  response: string | null;
  option_id: number | null;
  selected_position: number | null;
  is_correct: number | null;
  temperature: number | null;
  rating: number | null;
}

export interface EvaluatedAnswer {
  stored: StoredAnswer;
  earns: boolean;
  message: SuccessMessageKey;
  /** Quiz only. */
  isCorrect?: boolean;
}

const EMPTY: StoredAnswer = {
  response: null,
  option_id: null,
  selected_position: null,
  is_correct: null,
  temperature: null,
  rating: null,
};

export function isOptimalTemperature(temperature: number): boolean {
  return temperature >= HEATING_OPTIMAL_MIN && temperature <= HEATING_OPTIMAL_MAX;
}

/**
 * Evaluates a submission for its action. `positiveResponse` is the action's actPositiveResponse (YES when
 * unset); `quizCorrect` tells whether the chosen quiz position is a correct answer (the caller has checked
 * that the position exists).
 */
export function evaluateAnswer(
  answer: SubmittedAnswer,
  context: { positiveResponse: string | null; quizCorrect?: boolean },
): EvaluatedAnswer {
  switch (answer.kind) {
    case 'review':
      return { stored: { ...EMPTY, rating: answer.rating }, earns: true, message: 'review' };
    case 'custom':
      return { stored: { ...EMPTY, option_id: answer.optionId }, earns: true, message: 'custom' };
    case 'claim':
      return { stored: EMPTY, earns: true, message: 'claim' };
    case 'lunishower':
      return {
        stored: { ...EMPTY, response: String(answer.objectiveRespected) },
        earns: answer.objectiveRespected,
        message: answer.objectiveRespected ? 'lunishowerYes' : 'lunishowerNo',
      };
    case 'luniclean':
      return {
        stored: { ...EMPTY, response: answer.skipCleaning ? 'SKIP' : 'CLEAN' },
        earns: answer.skipCleaning,
        message: answer.skipCleaning ? 'lunicleanSkip' : 'lunicleanClean',
      };
    case 'yesno':
    case 'yesnon':
    case 'yesnomail': {
      const given = answer.response ? 'YES' : 'NO';
      const earns = given === (context.positiveResponse === 'NO' ? 'NO' : 'YES');
      return { stored: { ...EMPTY, response: given }, earns, message: earns ? 'yesNoPositive' : 'yesNoOther' };
    }
    case 'quiz': {
      const correct = context.quizCorrect === true;
      return {
        stored: { ...EMPTY, selected_position: answer.selectedPosition, is_correct: correct ? 1 : 0 },
        earns: correct,
        message: correct ? 'quizRight' : 'quizWrong',
        isCorrect: correct,
      };
    }
    case 'heating': {
      const optimal = isOptimalTemperature(answer.temperature);
      return {
        stored: { ...EMPTY, temperature: answer.temperature },
        earns: optimal,
        message: optimal ? 'heatingOptimal' : 'heatingOther',
      };
    }
  }
}

/** True when a stored completion already holds exactly this answer (a repeat: nothing to do). */
export function sameAnswer(current: StoredAnswer, next: StoredAnswer): boolean {
  return (
    current.response === next.response &&
    current.option_id === next.option_id &&
    current.selected_position === next.selected_position &&
    current.rating === next.rating &&
    (current.temperature === null || next.temperature === null
      ? current.temperature === next.temperature
      : Math.abs(current.temperature - next.temperature) < 1e-6)
  );
}
