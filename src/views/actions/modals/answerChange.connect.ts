import type { MessageDescriptor } from '@lingui/core';
import type { AnswerChangeContext, ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type { SubmissionRetryEvent } from '../../../../machines/dialogs/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { connectSubmission, type SubmissionProps, type SubmissionSnapshot } from './submission.connect.ts';

/** What the snapshot of a change-with-rollback flow (machines/answerChange.ts) offers its view. */
export interface AnswerChangeSnapshot<Answer, Value> extends SubmissionSnapshot<Value> {
  context: AnswerChangeContext<Answer>;
  matches(state: 'confirmingLoss'): boolean;
}

export interface AnswerChangeProps<Answer, State> extends SubmissionProps<State> {
  /** The answer on screen (the pending one while it is sent, the previous one back after a refusal). */
  answer: Answer;
  rewardedAnswer: Answer;
  /** The change waits for the guest's confirmation that the points go. */
  confirming: boolean;
  /** No other choice while a change waits for confirmation or for the server. */
  choicesDisabled: boolean;
  /** The red alert's text while the last send has failed. */
  error: MessageDescriptor | null;
  confirmChange(): void;
  cancelChange(): void;
}

/** The props every change-with-rollback modal renders (yes/no, Luniclean). */
export function connectAnswerChange<Answer, Value>(
  snapshot: AnswerChangeSnapshot<Answer, Value>,
  send: (event: ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): AnswerChangeProps<Answer, StatePath<Value>> {
  const submission = connectSubmission(snapshot, send);
  const confirming = snapshot.matches('confirmingLoss');
  return {
    ...submission,
    answer: snapshot.context.answer,
    rewardedAnswer: snapshot.context.rewardedAnswer,
    confirming,
    choicesDisabled: submission.submitting || confirming,
    error: submission.failed ? snapshot.context.error : null,
    confirmChange: () => send({ type: 'change.confirm' }),
    cancelChange: () => send({ type: 'change.cancel' }),
  };
}
