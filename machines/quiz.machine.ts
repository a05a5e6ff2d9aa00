import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign } from 'xstate';
import type { Quiz } from '../contract/schemas.ts';
import { failureTextOf } from './failureTexts.ts';
import {
  answerSubmitted,
  failureReturnsTo,
  identityOf,
  type SubmissionContext,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submissionSetup,
  submittedReply,
  submittingState,
  waitingStatesOf,
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

const sending = submittingState(quizRequest, failureReturnsTo('answering'));

/** The family's sending state, whose reply first reveals the explanation when the quiz has one. */
const revealingSubmission = {
  ...sending,
  invoke: {
    ...sending.invoke,
    onDone: [{ guard: 'hasExplanation', target: 'revealed', actions: answerSubmitted.actions }, answerSubmitted],
  },
} as const;

/**
 * Quiz (docs/behaviour.md#quiz): the tap of an answer sends it. With an explanation, the sent answer's verdict, the
 * correct answer and the explanation show until 'Continuer' (or the ×, which does the same: the answer is already
 * the server's); without one the reply ends the flow at once. A failed send waits for 'Réessayer' or another tap of an answer.
 * The server gives points for a right answer only.
 */
export const quizMachine = submissionSetup<QuizContext, QuizEvent, QuizInput>()
  .extend({
    actions: {
      selectAnswer: assign({ selectedPosition: (_, qaPosition: number) => qaPosition, error: null }),
      storeFailure: assign({ error: (_, error: unknown) => failureTextOf(error, quizSubmitError) }),
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
        ...waitingStatesOf('quiz'),
        on: {
          'answer.pick': {
            target: 'submitting',
            actions: { type: 'selectAnswer', params: ({ event }) => event.qaPosition },
          },
        },
      },
      submitting: revealingSubmission,
      // The answer is the server's: nothing but 'Continuer' (or the ×) is left to do.
      revealed: {
        on: { 'answer.confirm': { target: 'submitted' } },
      },
      submitted: { type: 'final' },
    },
  });
