import { assign, setup } from 'xstate';
import type { Action, ActionResponse, YesNoBody } from '../contract/schemas.ts';
import {
  type ChangeConfirmationEvent,
  changeSubmissionOutcomes,
  confirmingLoss,
  losesReward,
  notifiedByView,
  readyOutcomes,
} from './answerChange.ts';
import {
  identityOf,
  isNotEnoughGreenMiles,
  providedByView,
  type SubmissionInput,
  serverMessageOf,
  submissionInputOf,
} from './submission.ts';

/**
 * The yes/no modal of YESNO, YESNOMAIL and YESNOSTAY (SPEC.md §4 "Yes/no types"): the answer starts from the
 * action's response; changing away from the rewarded answer asks for confirmation (the points go); a failed
 * change restores the previous answer, with the 'not enough points' notice when the points were spent.
 */

export type YesNoAnswer = 'none' | 'yes' | 'no';

export interface YesNoInput extends SubmissionInput {
  action: Action;
}

export interface YesNoContext extends SubmissionInput {
  answer: YesNoAnswer;
  /** The answer on screen before the one being sent, restored if the server refuses. */
  previousAnswer: YesNoAnswer;
  /** The answer the guest chose and that is waiting for confirmation or for the server. */
  pendingAnswer: YesNoAnswer;
  /** The answer that earns actReward. */
  rewardedAnswer: 'yes' | 'no';
  /** The server's message of the last failed submission, when it sent one. */
  errorMessage: string | null;
}

export type YesNoEvent = { type: 'answer.choose'; answer: 'yes' | 'no' } | ChangeConfirmationEvent;

/** SPEC.md §3: response is YES, NO, true, false or none. */
export function answerOf(response: ActionResponse): YesNoAnswer {
  if (response === 'YES' || response === true) return 'yes';
  if (response === 'NO' || response === false) return 'no';
  return 'none';
}

export const yesNoMachine = setup({
  types: {
    input: {} as YesNoInput,
    context: {} as YesNoContext,
    events: {} as YesNoEvent,
  },
  actors: {
    submitAnswer: providedByView<YesNoBody>('submitAnswer'),
  },
  guards: {
    isCurrentAnswer: ({ context }, answer: YesNoAnswer) => answer === context.answer,
    losesReward: ({ context }, answer: YesNoAnswer) => losesReward(context.answer, answer, context.rewardedAnswer),
    isNotEnoughGreenMiles,
  },
  actions: {
    holdAnswer: assign({ pendingAnswer: (_, answer: YesNoAnswer) => answer }),
    showPendingAnswer: assign({
      previousAnswer: ({ context }) => context.answer,
      answer: ({ context }) => context.pendingAnswer,
      errorMessage: null,
    }),
    restorePrevious: assign({ answer: ({ context }) => context.previousAnswer }),
    storeErrorMessage: assign({ errorMessage: (_, error: unknown) => serverMessageOf(error) }),
    notifySubmitted: notifiedByView,
  },
}).createMachine({
  id: 'yesNo',
  context: ({ input }) => {
    const answer = answerOf(input.action.response);
    return {
      ...submissionInputOf(input),
      answer,
      previousAnswer: answer,
      pendingAnswer: answer,
      rewardedAnswer: input.action.actPositiveResponse === 'NO' ? 'no' : 'yes',
      errorMessage: null,
    };
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'answer.choose': [
          { guard: { type: 'isCurrentAnswer', params: ({ event }) => event.answer } },
          {
            guard: { type: 'losesReward', params: ({ event }) => event.answer },
            target: 'confirmingLoss',
            actions: { type: 'holdAnswer', params: ({ event }) => event.answer },
          },
          { target: 'submitting', actions: { type: 'holdAnswer', params: ({ event }) => event.answer } },
        ],
      },
      ...readyOutcomes,
    },
    confirmingLoss,
    submitting: {
      tags: 'loading',
      entry: 'showPendingAnswer',
      invoke: {
        id: 'submitAnswer',
        src: 'submitAnswer',
        input: ({ context }) => ({
          actId: context.actId,
          body: { ...identityOf(context), response: context.pendingAnswer === 'yes', endDate: context.endDate },
        }),
        ...changeSubmissionOutcomes,
      },
    },
    submitted: { type: 'final' },
  },
});
