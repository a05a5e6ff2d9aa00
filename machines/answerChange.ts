import { assign } from 'xstate';
import type { SubmissionRequest } from '../contract/schemas.ts';
import {
  type SubmissionContext,
  type SubmissionInput,
  serverMessageOf,
  submissionErrorOf,
  submissionSetup,
  submittingState,
  waitingStates,
} from './submission.ts';

/**
 * The change-with-rollback flows of the submission family (yes/no types, Luniclean): the guest may change the answer
 * either way; a change away from the rewarded answer waits for a confirmation (the points go); the new answer shows
 * while it is sent, and the previous one comes back when the server refuses, with the 'not enough points' notice or
 * the server's message. Each flow states its own answers, events, rewarded answer and request:
 *
 *   ready ─(choice)▶ confirmingLoss ─change.confirm▶ submitting ─▶ submitted
 *     ▲                    │change.cancel              │ refused: previous answer back
 *     └────────────────────┴───────────────────────────┘ (ready.notEnoughPoints / ready.failed)
 */

export type ChangeConfirmationEvent = { type: 'change.confirm' } | { type: 'change.cancel' };

export interface AnswerChangeContext<Answer> extends SubmissionContext {
  /** The answer on screen. */
  answer: Answer;
  /** The answer on screen before the one being sent, restored if the server refuses. */
  previousAnswer: Answer;
  /** The answer the guest chose, waiting for confirmation or for the server. */
  pendingAnswer: Answer;
  /** The answer that earns actReward. */
  rewardedAnswer: Answer;
  /** The server's message of the last failed submission, when it sent one. */
  errorMessage: string | null;
}

/** The starting context of a change flow whose answer on screen is `answer`. */
export function answerChangeContextOf<Answer>(
  answer: Answer,
  rewardedAnswer: Answer,
): Omit<AnswerChangeContext<Answer>, keyof SubmissionContext> {
  return { answer, previousAnswer: answer, pendingAnswer: answer, rewardedAnswer, errorMessage: null };
}

/** The answer on screen earned the points and the guest picks another one. */
export function losesReward<Answer>(current: Answer, next: Answer, rewarded: Answer): boolean {
  return current === rewarded && next !== rewarded;
}

/** The setup of a change flow: the family's setup plus the change guards and actions. */
export function answerChangeSetup<
  Answer,
  Context extends AnswerChangeContext<Answer>,
  Event extends { type: string },
  Input extends SubmissionInput,
>() {
  return submissionSetup<Context, Event | ChangeConfirmationEvent, Input>().extend({
    guards: {
      isCurrentAnswer: ({ context }, answer: Answer) => answer === context.answer,
      losesReward: ({ context }, answer: Answer) => losesReward(context.answer, answer, context.rewardedAnswer),
    },
    actions: {
      holdAnswer: assign((_, answer: Answer) => ({ pendingAnswer: answer }) as Partial<Context>),
      showPendingAnswer: assign(
        ({ context }) =>
          ({ previousAnswer: context.answer, answer: context.pendingAnswer, errorMessage: null }) as Partial<Context>,
      ),
      restorePrevious: assign(({ context }) => ({ answer: context.previousAnswer }) as Partial<Context>),
      storeErrorMessage: assign((_, error: unknown) => ({ errorMessage: serverMessageOf(error) }) as Partial<Context>),
    },
  });
}

/**
 * The transitions of a choice (`answerOf` reads the chosen answer from the event): nothing for the answer on screen,
 * a confirmation first when it loses the points, else straight to sending.
 */
export function choiceTransitions<Params, Answer>(answerOf: (args: Params) => Answer) {
  return [
    { guard: { type: 'isCurrentAnswer', params: answerOf } },
    {
      guard: { type: 'losesReward', params: answerOf },
      target: 'confirmingLoss',
      actions: { type: 'holdAnswer', params: answerOf },
    },
    { target: 'submitting', actions: { type: 'holdAnswer', params: answerOf } },
  ] as const;
}

/** `ready`, where the guest chooses; `on` holds the flow's choice events. */
export function readyState<On>(on: On) {
  return { on, ...waitingStates } as const;
}

/** The state that waits for the guest to confirm a change that loses the points. */
export const confirmingLoss = {
  on: { 'change.confirm': { target: 'submitting' }, 'change.cancel': { target: 'ready' } },
} as const;

/**
 * The state that sends the pending answer (`requestOf` builds its request), showing it meanwhile; the reply goes to
 * the view, a refusal brings the previous answer back.
 */
export function submittingChange<Params>(requestOf: (args: Params) => SubmissionRequest) {
  return {
    ...submittingState(requestOf, [
      { guard: 'isNotEnoughGreenMiles', target: 'ready.notEnoughPoints', actions: 'restorePrevious' },
      {
        target: 'ready.failed',
        actions: ['restorePrevious', { type: 'storeErrorMessage', params: submissionErrorOf }],
      },
    ]),
    entry: 'showPendingAnswer',
  } as const;
}
