/**
 * A submission as pure functions: the answer stored on the completion, whether it earns the action's reward (the
 * contract's rules, contract/recorded-answers.ts and contract/answer-rules.ts, which the app reads too), and which
 * success message it gets.
 */
import type { SubmissionPath } from '../../contract/action-types.ts';
import type { CleaningDay } from '../../contract/calendar-days.ts';
import {
  cleaningDecisionOf,
  isOptimalTemperature,
  REWARDED_CLEANING_DECISION,
  rewardedYesNoAnswer,
  yesNoAnswerOf,
} from '../../contract/recorded-answers.ts';
import type { SubmissionBodies } from '../../contract/schemas.ts';
import type { AnswerColumns } from '../db/schema.ts';
import { NO_ANSWER } from './completions.ts';
import type { SuccessMessageKey } from './submission-messages.ts';

/** What each submission path's answer holds, after schema validation (one entry per path of the registry). */
interface AnswerFields {
  review: { rating: number };
  custom: { optionId: number };
  claim: Record<never, never>;
  lunishower: { objectiveRespected: boolean };
  luniclean: { skipCleaning: boolean; roomNumber: string | null };
  yesno: { response: boolean };
  yesnon: { response: boolean };
  yesnomail: { response: boolean };
  quiz: { selectedPosition: number };
  heating: { temperature: number };
}
/** The answer of a path (distributive, so the answer of any path is a SubmittedAnswer). */
export type AnswerOf<Path extends SubmissionPath> = Path extends SubmissionPath
  ? { kind: Path } & AnswerFields[Path]
  : never;
/** A submission's answer, by path. */
export type SubmittedAnswer = AnswerOf<SubmissionPath>;

/** How each path's body becomes its answer; the contract's registry names the paths, so a missing one fails to compile. */
export const ANSWER_OF_BODY: { [Path in SubmissionPath]: (body: SubmissionBodies[Path]) => AnswerOf<Path> } = {
  review: (body) => ({ kind: 'review', rating: body.rating }),
  custom: (body) => ({ kind: 'custom', optionId: body.optionValue }),
  claim: () => ({ kind: 'claim' }),
  lunishower: (body) => ({ kind: 'lunishower', objectiveRespected: body.objectiveRespected }),
  luniclean: (body) => ({ kind: 'luniclean', skipCleaning: body.skipCleaning, roomNumber: body.roomNumber ?? null }),
  yesno: (body) => ({ kind: 'yesno', response: body.response }),
  yesnon: (body) => ({ kind: 'yesnon', response: body.response }),
  yesnomail: (body) => ({ kind: 'yesnomail', response: body.response }),
  quiz: (body) => ({ kind: 'quiz', selectedPosition: body.selectedPosition }),
  heating: (body) => ({ kind: 'heating', temperature: body.temperature }),
};

/** The answer as action_completions stores it. */
export type StoredAnswer = AnswerColumns;

export interface EvaluatedAnswer {
  stored: StoredAnswer;
  earns: boolean;
  message: SuccessMessageKey;
  /** Quiz only. */
  isCorrect?: boolean;
}

const CLEANING_MESSAGES = {
  skip: { today: 'lunicleanSkipToday', tomorrow: 'lunicleanSkipTomorrow' },
  clean: { today: 'lunicleanCleanToday', tomorrow: 'lunicleanCleanTomorrow' },
} as const satisfies Record<'skip' | 'clean', Record<CleaningDay, SuccessMessageKey>>;

/**
 * Evaluates a submission for its action. `positiveResponse` is the action's actPositiveResponse (YES when
 * unset); `quizCorrect` tells whether the chosen quiz position is a correct answer (the caller has checked
 * that the position exists); `cleaningDay` is the day a skip-cleaning answer speaks of (the 11:00 switch).
 */
export function evaluateAnswer(
  answer: SubmittedAnswer,
  context: { positiveResponse: string | null; quizCorrect?: boolean; cleaningDay?: CleaningDay },
): EvaluatedAnswer {
  switch (answer.kind) {
    case 'review':
      return { stored: { ...NO_ANSWER, rating: answer.rating }, earns: true, message: 'review' };
    case 'custom':
      return { stored: { ...NO_ANSWER, option_id: answer.optionId }, earns: true, message: 'custom' };
    case 'claim':
      return { stored: NO_ANSWER, earns: true, message: 'claim' };
    case 'lunishower':
      return {
        stored: { ...NO_ANSWER, response: String(answer.objectiveRespected) },
        earns: answer.objectiveRespected,
        message: answer.objectiveRespected ? 'lunishowerYes' : 'lunishowerNo',
      };
    case 'luniclean': {
      const response = answer.skipCleaning ? 'SKIP' : 'CLEAN';
      return {
        stored: { ...NO_ANSWER, response },
        earns: cleaningDecisionOf(response) === REWARDED_CLEANING_DECISION,
        message: CLEANING_MESSAGES[answer.skipCleaning ? 'skip' : 'clean'][context.cleaningDay ?? 'tomorrow'],
      };
    }
    case 'yesno':
    case 'yesnon':
    case 'yesnomail': {
      const given = answer.response ? 'YES' : 'NO';
      const earns = yesNoAnswerOf(given) === rewardedYesNoAnswer(context.positiveResponse);
      return { stored: { ...NO_ANSWER, response: given }, earns, message: earns ? 'yesNoPositive' : 'yesNoOther' };
    }
    case 'quiz': {
      const correct = context.quizCorrect === true;
      return {
        stored: { ...NO_ANSWER, selected_position: answer.selectedPosition, is_correct: correct ? 1 : 0 },
        earns: correct,
        message: correct ? 'quizRight' : 'quizWrong',
        isCorrect: correct,
      };
    }
    case 'heating': {
      const optimal = isOptimalTemperature(answer.temperature);
      return {
        stored: { ...NO_ANSWER, temperature: answer.temperature },
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
