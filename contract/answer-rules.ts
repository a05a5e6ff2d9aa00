import { HEATING_OPTIMAL_MAX, HEATING_OPTIMAL_MIN } from './action-types.ts';
import type { CustomOption, Quiz, QuizSolution, SubmissionReply } from './schemas.ts';

/**
 * Rules of the action modals' answers that both their machines (machines/) and their views read, and the server when
 * it scores a heating answer: kept out of the machine modules so a modal's view chunk does not pull its machine in
 * (the machines load with the launch).
 */

/** docs/behaviour.md#heating: default 22, gauge full scale 30; the lower bound is the API's (HeatingBody). */
export const DEFAULT_TEMPERATURE = 22;
export const GAUGE_FULL_SCALE = 30;
export const MIN_TEMPERATURE = 10;
export const MAX_TEMPERATURE = GAUGE_FULL_SCALE;

/** docs/behaviour.md#heating: the advice's ideal, 19–21 °C, inside the optimal band that earns (18–22 °C). */
export const HEATING_IDEAL_MIN = 19;
export const HEATING_IDEAL_MAX = 21;

/** The label, the colour and the advice of the dial all follow this one status. */
export type HeatingStatus = 'tooLow' | 'optimal' | 'ideal' | 'tooHigh';

/** docs/behaviour.md#heating: below 18 too low, above 22 too high, otherwise optimal, and ideal from 19 to 21. */
export function heatingStatus(temperature: number): HeatingStatus {
  if (temperature < HEATING_OPTIMAL_MIN) return 'tooLow';
  if (temperature > HEATING_OPTIMAL_MAX) return 'tooHigh';
  if (temperature >= HEATING_IDEAL_MIN && temperature <= HEATING_IDEAL_MAX) return 'ideal';
  return 'optimal';
}

/** The starting temperature: the action's (rounded to a whole degree and kept on the scale), else 22. */
export function startingTemperature(temperature: number | null): number {
  if (temperature === null) return DEFAULT_TEMPERATURE;
  return Math.min(MAX_TEMPERATURE, Math.max(MIN_TEMPERATURE, Math.round(temperature)));
}

/** docs/behaviour.md#quiz: Arabic numbers its choices in the abjad order: أ، ب، ج، د… */
const ABJAD_LETTERS = [...'أبجدهوزحطيكلمنسعفصقرشتثخذضظغ'].map((letter) => (letter === 'ه' ? 'هـ' : letter));

/**
 * docs/behaviour.md#quiz: answers are shown as A, B, C… by their 1-based qaPosition, in the interface language's own
 * letters (أ، ب، ج… in Arabic).
 */
export function answerLetter(qaPosition: number, language = 'fr'): string {
  if (language.toLowerCase().startsWith('ar')) return ABJAD_LETTERS[qaPosition - 1] ?? String(qaPosition);
  return String.fromCharCode(64 + qaPosition);
}

export function answersInOrder(quiz: Quiz): Quiz['answers'] {
  return [...quiz.answers].sort((a, b) => a.qaPosition - b.qaPosition);
}

/**
 * docs/behaviour.md#quiz: the correct answer shown once the quiz is answered: the guest's own when it is one of the
 * correct answers, else the first correct one.
 */
export function shownCorrectAnswer(
  quiz: Quiz,
  solution: QuizSolution,
  selectedPosition: number | null,
): Quiz['answers'][number] | undefined {
  const { correctPositions } = solution;
  const position =
    selectedPosition !== null && correctPositions.includes(selectedPosition) ? selectedPosition : correctPositions[0];
  return quiz.answers.find((answer) => answer.qaPosition === position);
}

/** The options in the hotel's order (their position; docs/behaviour.md#custom). */
export function optionsInOrder(options: readonly CustomOption[]): CustomOption[] {
  return [...options].sort((a, b) => a.position - b.position);
}

/** docs/behaviour.md#review: the four emoji map, in order, to the ratings 1 to 4. */
export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** docs/behaviour.md#nights-choice: 1, 2, 3 or '4+'. */
export type NightsChoice = 1 | 2 | 3 | '4+';
export const NIGHTS_CHOICES: readonly NightsChoice[] = [1, 2, 3, '4+'];

/**
 * docs/behaviour.md#quiz: a quiz reply with an explanation is revealed in the quiz sheet, verdict included, until its
 * one 'Continuer'; the page then adds neither a celebration nor a toast (one verdict, one tap to leave).
 */
export function revealsVerdict(reply: SubmissionReply): boolean {
  return Boolean(reply.solution?.explanation);
}
