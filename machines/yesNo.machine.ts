import { rewardedYesNoAnswer, type YesNoAnswer, yesNoAnswerOf } from '../contract/recorded-answers.ts';
import type { Action } from '../contract/schemas.ts';
import {
  type AnswerChangeContext,
  answerChangeContextOf,
  answerChangeSetup,
  choiceTransitions,
  confirmingLoss,
  readyState,
  submittingChange,
} from './answerChange.ts';
import {
  identityOf,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submittedReply,
} from './submission.ts';

/**
 * The yes/no modal of YESNO, YESNOMAIL and YESNOSTAY (docs/behaviour.md "Yes/no types"): a change-with-rollback flow
 * (machines/answerChange.ts) whose answer starts from the action's response and whose rewarded answer is the
 * action's positive response; each type sends to its own path.
 */

export type { YesNoAnswer };
export type YesNoType = 'YESNO' | 'YESNOSTAY' | 'YESNOMAIL';

export interface YesNoInput extends SubmissionInput {
  action: Action;
}

export interface YesNoContext extends AnswerChangeContext<YesNoAnswer> {
  type: YesNoType;
}

export type YesNoEvent = { type: 'answer.choose'; answer: 'yes' | 'no' };

/** The type whose path the answer goes to; a type drawn by this modal that is not a yes/no type sends as YESNO. */
export function yesNoTypeOf(action: Action): YesNoType {
  return action.actType === 'YESNOSTAY' || action.actType === 'YESNOMAIL' ? action.actType : 'YESNO';
}

function chosenAnswer({ event }: { event: YesNoEvent }): YesNoAnswer {
  return event.answer;
}

function yesNoRequest({ context }: { context: YesNoContext }) {
  const body = { ...identityOf(context), response: context.pendingAnswer === 'yes', endDate: context.endDate };
  return submissionRequest(context.actId, context.type, body);
}

export const yesNoMachine = answerChangeSetup<YesNoAnswer, YesNoContext, YesNoEvent, YesNoInput>().createMachine({
  id: 'yesNo',
  output: submittedReply,
  context: ({ input }) => ({
    ...submissionContextOf(input),
    ...answerChangeContextOf<YesNoAnswer>(
      yesNoAnswerOf(input.action.response),
      rewardedYesNoAnswer(input.action.actPositiveResponse),
    ),
    type: yesNoTypeOf(input.action),
  }),
  initial: 'ready',
  states: {
    ready: readyState('yesNo', { 'answer.choose': choiceTransitions(chosenAnswer) }),
    confirmingLoss,
    submitting: submittingChange(yesNoRequest),
    submitted: { type: 'final' },
  },
});
