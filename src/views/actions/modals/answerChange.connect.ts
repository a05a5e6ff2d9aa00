import type { AnswerChangeContext, ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
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
  /** The server's message of the last failed submission, when it sent one. */
  errorMessage: string | null;
  confirmChange(): void;
  cancelChange(): void;
}

/** The props every change-with-rollback modal renders (yes/no, Luniclean). */
export function connectAnswerChange<Answer, Value>(
  snapshot: AnswerChangeSnapshot<Answer, Value>,
  send: (event: ChangeConfirmationEvent) => void,
): AnswerChangeProps<Answer, StatePath<Value>> {
  const submission = connectSubmission(snapshot);
  const confirming = snapshot.matches('confirmingLoss');
  return {
    ...submission,
    answer: snapshot.context.answer,
    rewardedAnswer: snapshot.context.rewardedAnswer,
    confirming,
    choicesDisabled: submission.submitting || confirming,
    errorMessage: snapshot.context.errorMessage,
    confirmChange: () => send({ type: 'change.confirm' }),
    cancelChange: () => send({ type: 'change.cancel' }),
  };
}
