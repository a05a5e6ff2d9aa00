import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign } from 'xstate';
import type { SubmissionRequest } from '../contract/schemas.ts';
import {
  type SubmissionContext,
  type SubmissionInput,
  submissionErrorOf,
  submissionSetup,
  submittingState,
  waitingStatesOf,
} from './dialogs/submission.ts';
import { failureTextOf } from './failureTexts.ts';

/**
 * The change-with-rollback flows of the submission family (yes/no types, Luniclean, short shower): the guest may change the answer
 * either way; a change away from the rewarded answer waits for a confirmation (the points go); the new answer shows
 * while it is sent, and the previous one comes back when the server refuses, with the 'not enough points' notice or
 * a translated alert ('Réessayer' sends the change again). Each flow states its own answers, events, rewarded answer and request:
 *
 *   ready ─(choice)▶ confirmingLoss ─change.confirm▶ submitting ─▶ submitted
 *     ▲                    │change.cancel              │ refused: previous answer back
 *     └────────────────────┴───────────────────────────┘ (ready.notEnoughPoints / ready.failed)
 */

/** docs/behaviour.md#error-texts: a change that failed for another reason than missing points or the network. */
export const changeSubmitError = msg`Une erreur est survenue`;

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
  /** The red alert of the last failed submission. */
  error: MessageDescriptor | null;
  /** The alert's text when the server sent none (docs/behaviour.md#error-texts: some types have their own). */
  failureText: MessageDescriptor;
}

/** The starting context of a change flow whose answer on screen is `answer`. */
export function answerChangeContextOf<Answer>(
  answer: Answer,
  rewardedAnswer: Answer,
  failureText: MessageDescriptor = changeSubmitError,
): Omit<AnswerChangeContext<Answer>, keyof SubmissionContext> {
  return { answer, previousAnswer: answer, pendingAnswer: answer, rewardedAnswer, error: null, failureText };
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
          ({ previousAnswer: context.answer, answer: context.pendingAnswer, error: null }) as Partial<Context>,
      ),
      restorePrevious: assign(({ context }) => ({ answer: context.previousAnswer }) as Partial<Context>),
      storeFailure: assign(
        ({ context }, error: unknown) => ({ error: failureTextOf(error, context.failureText) }) as Partial<Context>,
      ),
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

/** `ready`, where the guest chooses; `on` holds the flow's choice events; `machineId` is the flow's id. */
export function readyState<const MachineId extends string, On>(machineId: MachineId, on: On) {
  return { on, ...waitingStatesOf(machineId) } as const;
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
        actions: ['restorePrevious', { type: 'storeFailure', params: submissionErrorOf }],
      },
    ]),
    entry: 'showPendingAnswer',
  } as const;
}
