import { msg } from '@lingui/core/macro';
import { type YesNoAnswer, yesNoAnswerOf } from '../contract/recorded-answers.ts';
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
 * Lunishower (docs/behaviour.md#short-shower): yes or no to the short-shower objective, a change-with-rollback flow
 * (machines/answerChange.ts) like the yes/no types: the answer starts from the action's response (tonight's), a yes
 * earns the points, a no keeps them on offer, and the guest may change either way.
 */

export interface LunishowerInput extends SubmissionInput {
  action: Action;
}

export type LunishowerContext = AnswerChangeContext<YesNoAnswer>;

export type LunishowerEvent = { type: 'answer.choose'; answer: 'yes' | 'no' };

export const lunishowerSubmitError = msg`Erreur lors de l'action LuniShower`;

function chosenAnswer({ event }: { event: LunishowerEvent }): YesNoAnswer {
  return event.answer;
}

function lunishowerRequest({ context }: { context: LunishowerContext }) {
  const body = {
    ...identityOf(context),
    objectiveRespected: context.pendingAnswer === 'yes',
    endDate: context.endDate,
  };
  return submissionRequest(context.actId, 'LUNISHOWER', body);
}

export const lunishowerMachine = answerChangeSetup<
  YesNoAnswer,
  LunishowerContext,
  LunishowerEvent,
  LunishowerInput
>().createMachine({
  id: 'lunishower',
  output: submittedReply,
  context: ({ input }) => ({
    ...submissionContextOf(input),
    // Keeping to the short shower is the rewarded answer.
    ...answerChangeContextOf<YesNoAnswer>(yesNoAnswerOf(input.action.response), 'yes', lunishowerSubmitError),
  }),
  initial: 'ready',
  states: {
    ready: readyState('lunishower', { 'answer.choose': choiceTransitions(chosenAnswer) }),
    confirmingLoss,
    submitting: submittingChange(lunishowerRequest),
    submitted: { type: 'final' },
  },
});
