import { msg } from '@lingui/core/macro';
import { rewardedYesNoAnswer, type YesNoAnswer, yesNoAnswerOf } from '../../contract/recorded-answers.ts';
import type { Action } from '../../contract/schemas.ts';
import {
  type AnswerChangeContext,
  answerChangeContextOf,
  answerChangeSetup,
  choiceTransitions,
  confirmingLoss,
  readyState,
  submittingChange,
} from '../answerChange.ts';
import {
  identityOf,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submittedReply,
} from './submission.ts';

/**
 * The yes-or-no modals (docs/behaviour.md "Yes/no types" and #short-shower): YESNO, YESNOMAIL and YESNOSTAY, whose
 * rewarded answer is the action's positive response, and LUNISHOWER, did the guest keep to the short-shower
 * objective, whose yes earns. A change-with-rollback flow (machines/answerChange.ts) whose answer starts from the
 * action's response (tonight's, for the short shower); each type sends to its own path.
 */

export type { YesNoAnswer };
export type YesNoType = 'YESNO' | 'YESNOSTAY' | 'YESNOMAIL' | 'LUNISHOWER';

export interface YesNoInput extends SubmissionInput {
  action: Action;
}

export interface YesNoContext extends AnswerChangeContext<YesNoAnswer> {
  type: YesNoType;
}

export type YesNoEvent = { type: 'answer.choose'; answer: 'yes' | 'no' };

export const lunishowerSubmitError = msg`Erreur lors de l'action LuniShower`;

/** The type whose path the answer goes to; a type drawn by this modal that is not a yes/no type sends as YESNO. */
export function yesNoTypeOf(action: Action): YesNoType {
  const { actType } = action;
  return actType === 'YESNOSTAY' || actType === 'YESNOMAIL' || actType === 'LUNISHOWER' ? actType : 'YESNO';
}

function startingContext(input: YesNoInput): YesNoContext {
  const type = yesNoTypeOf(input.action);
  const answer = yesNoAnswerOf(input.action.response);
  const change =
    type === 'LUNISHOWER'
      ? // Keeping to the short shower is the rewarded answer.
        answerChangeContextOf<YesNoAnswer>(answer, 'yes', lunishowerSubmitError)
      : answerChangeContextOf<YesNoAnswer>(answer, rewardedYesNoAnswer(input.action.actPositiveResponse));
  return { ...submissionContextOf(input), ...change, type };
}

function chosenAnswer({ event }: { event: YesNoEvent }): YesNoAnswer {
  return event.answer;
}

function yesNoRequest({ context }: { context: YesNoContext }) {
  const yes = context.pendingAnswer === 'yes';
  const fields = { ...identityOf(context), endDate: context.endDate };
  return context.type === 'LUNISHOWER'
    ? submissionRequest(context.actId, context.type, { ...fields, objectiveRespected: yes })
    : submissionRequest(context.actId, context.type, { ...fields, response: yes });
}

export const yesNoMachine = answerChangeSetup<YesNoAnswer, YesNoContext, YesNoEvent, YesNoInput>().createMachine({
  id: 'yesNo',
  output: submittedReply,
  context: ({ input }) => startingContext(input),
  initial: 'ready',
  states: {
    ready: readyState('yesNo', { 'answer.choose': choiceTransitions(chosenAnswer) }),
    confirmingLoss,
    submitting: submittingChange(yesNoRequest),
    submitted: { type: 'final' },
  },
});
