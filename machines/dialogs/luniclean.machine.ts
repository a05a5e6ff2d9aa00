import { type CleaningDay, cleaningDayOf } from '../../contract/calendar-days.ts';
import {
  type CleaningDecision,
  cleaningDecisionOf,
  REWARDED_CLEANING_DECISION,
} from '../../contract/recorded-answers.ts';
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
 * The skip-cleaning modal (docs/behaviour.md#skip-cleaning): undecided, skipped (rewarded) or maintained; the guest may
 * switch either way, going back to maintained loses the points (a warning first); the success message shows first, then
 * the server is called; a change equal to the current answer is blocked (docs/behaviour.md#change-with-rollback).
 */

export type { CleaningDecision };

export interface LunicleanInput extends SubmissionInput {
  action: Action;
  roomNumber: string | null;
  /** Today at the hotel by the server's clock (the stay's `today`). */
  today: string;
  /** The day skipping the cleaning speaks of, by the server's clock (the stay's `cleaningDate`). */
  cleaningDate: string;
}

/** The answer of this change flow is the cleaning decision. */
export interface LunicleanContext extends AnswerChangeContext<CleaningDecision> {
  roomNumber: string | null;
  day: CleaningDay;
}

export type LunicleanEvent = { type: 'cleaning.skip' } | { type: 'cleaning.maintain' };

function skipped(): CleaningDecision {
  return 'skipped';
}

function maintained(): CleaningDecision {
  return 'maintained';
}

function cleaningRequest({ context }: { context: LunicleanContext }) {
  const body = {
    ...identityOf(context),
    skipCleaning: context.pendingAnswer === 'skipped',
    roomNumber: context.roomNumber,
    endDate: context.endDate,
  };
  return submissionRequest(context.actId, 'LUNICLEAN', body);
}

export const lunicleanMachine = answerChangeSetup<
  CleaningDecision,
  LunicleanContext,
  LunicleanEvent,
  LunicleanInput
>().createMachine({
  id: 'luniclean',
  output: submittedReply,
  context: ({ input }) => ({
    ...submissionContextOf(input),
    // Skipping the cleaning is the rewarded decision.
    ...answerChangeContextOf<CleaningDecision>(cleaningDecisionOf(input.action.response), REWARDED_CLEANING_DECISION),
    roomNumber: input.roomNumber,
    day: cleaningDayOf(input.cleaningDate, input.today),
  }),
  initial: 'ready',
  states: {
    ready: readyState('luniclean', {
      'cleaning.skip': choiceTransitions(skipped),
      'cleaning.maintain': choiceTransitions(maintained),
    }),
    confirmingLoss,
    // The success message of the pending decision is on screen while the server is called.
    submitting: submittingChange(cleaningRequest),
    submitted: { type: 'final' },
  },
});
