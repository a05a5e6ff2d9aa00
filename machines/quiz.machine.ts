import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, assign } from 'xstate';
import type { Quiz } from '../contract/schemas.ts';
import {
  failureReturnsTo,
  identityOf,
  type SubmissionContext,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submissionSetup,
  submittedReply,
  submittingState,
  waitingStates,
} from './submission.ts';

export interface QuizInput extends SubmissionInput {
  quiz: Quiz;
}

export interface QuizContext extends SubmissionContext {
  quiz: Quiz;
  selectedPosition: number | null;
  error: MessageDescriptor | null;
}

export type QuizEvent = { type: 'answer.pick'; qaPosition: number } | { type: 'answer.confirm' };

/** docs/behaviour.md#error-texts (French source of 'An error occurred while submitting your answer'). */
export const quizSubmitError = msg`Une erreur est survenue lors de l'envoi de votre réponse`;

function quizRequest({ context }: { context: QuizContext }) {
  const body = { ...identityOf(context), selectedPosition: context.selectedPosition ?? 0 };
  return submissionRequest(context.actId, 'QUIZ', body);
}

/**
 * Quiz (docs/behaviour.md#quiz): pick an answer; with an explanation the machine reveals the correct answer and the
 * explanation and sends on `answer.confirm` ('Continuer'); without one it sends at once. A failed send waits where it
 * was sent from, and `answer.confirm` (without explanation: another pick) sends again. The server gives points for a
 * right answer only.
 */
export const quizMachine = submissionSetup<QuizContext, QuizEvent, QuizInput>()
  .extend({
    actions: {
      selectAnswer: assign({ selectedPosition: (_, qaPosition: number) => qaPosition, error: null }),
      clearError: assign({ error: null }),
      storeFailure: assign({ error: quizSubmitError }),
    },
    guards: {
      hasExplanation: ({ context }) => Boolean(context.quiz.question.explanation),
    },
  })
  .createMachine({
    id: 'quiz',
    output: submittedReply,
    context: ({ input }) => ({ ...submissionContextOf(input), quiz: input.quiz, selectedPosition: null, error: null }),
    initial: 'answering',
    states: {
      answering: {
        ...waitingStates,
        on: {
          'answer.pick': [
            {
              guard: 'hasExplanation',
              target: 'revealed',
              actions: { type: 'selectAnswer', params: ({ event }) => event.qaPosition },
            },
            { target: 'submitting', actions: { type: 'selectAnswer', params: ({ event }) => event.qaPosition } },
          ],
        },
      },
      revealed: {
        ...waitingStates,
        on: { 'answer.confirm': { target: 'submitting', actions: 'clearError' } },
      },
      // A failure waits where the answer was sent from.
      submitting: submittingState(quizRequest, [
        { guard: and(['hasExplanation', 'isNotEnoughGreenMiles']), target: 'revealed.notEnoughPoints' },
        { guard: 'hasExplanation', target: 'revealed.failed', actions: 'storeFailure' },
        ...failureReturnsTo('answering'),
      ]),
      submitted: { type: 'final' },
    },
  });
