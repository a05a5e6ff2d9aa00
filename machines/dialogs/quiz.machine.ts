import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign } from 'xstate';
import { revealsVerdict } from '../../contract/answer-rules.ts';
import type { SubmissionReply } from '../../contract/schemas.ts';
import { failureTextOf } from '../failureTexts.ts';
import {
  answerSubmitted,
  failureReturnsTo,
  identityOf,
  replyOf,
  type SubmissionContext,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submissionSetup,
  submittedReply,
  submittingState,
  waitingStatesOf,
} from './submission.ts';

export interface QuizContext extends SubmissionContext {
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

/**
 * The family's sending state, whose reply first reveals the explanation when it carries one (the server sends the
 * solution in this reply only: docs/trust-model.md#caps-and-limits).
 */
const revealingSubmission = {
  ...sending,
  invoke: {
    ...sending.invoke,
    onDone: [
      { guard: { type: 'hasExplanation', params: replyOf }, target: 'revealed', actions: answerSubmitted.actions },
      answerSubmitted,
    ],
  },
} as const;

/**
 * Quiz (docs/behaviour.md#quiz): the tap of an answer sends it. With an explanation in the reply, the reply's
 * verdict, the correct answer and the explanation show until 'Continuer' (or the ×, which does the same: the answer
 * is already the server's); without one the reply ends the flow at once. A failed send waits for 'Réessayer' or
 * another tap of an answer. The server gives points for a right answer only.
 */
export const quizMachine = submissionSetup<QuizContext, QuizEvent, SubmissionInput>()
  .extend({
    actions: {
      selectAnswer: assign({ selectedPosition: (_, qaPosition: number) => qaPosition, error: null }),
      storeFailure: assign({ error: (_, error: unknown) => failureTextOf(error, quizSubmitError) }),
    },
    guards: {
      hasExplanation: (_, reply: SubmissionReply) => revealsVerdict(reply),
    },
  })
  .createMachine({
    id: 'quiz',
    output: submittedReply,
    context: ({ input }) => ({ ...submissionContextOf(input), selectedPosition: null, error: null }),
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
