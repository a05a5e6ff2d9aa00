import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { SubmissionReply } from '../../../../contract/schemas.ts';
import type {
  AnswerSubmissionEvent,
  AnswerSubmissionMachine,
  SubmissionRetryEvent,
  SubmissionTag,
} from '../../../../machines/dialogs/submission.ts';
import { dataStateOf, type StatePath } from '../../binding/dataState.ts';

/** What the snapshot of every flow of the submission family (machines/dialogs/submission.ts) offers its view. */
export interface SubmissionSnapshot<Value> {
  value: Value;
  context: { reply: SubmissionReply | null };
  hasTag(tag: SubmissionTag): boolean;
}

export interface SubmissionProps<State> {
  /** The flow's state, for the dialog's data-state. */
  state: State;
  /** The answer is on its way. */
  submitting: boolean;
  /** The server replied that the guest lacks GreenMiles. */
  notEnoughPoints: boolean;
  /** The last send failed for another reason. */
  failed: boolean;
  /** The reply of the sent answer (its message shows until the host closes the modal). */
  reply: SubmissionReply | null;
  /** 'Réessayer' of a failure: sends the same answer again. */
  retry(): void;
}

/** The props every submission modal renders from its flow's snapshot. */
export function connectSubmission<Value>(
  snapshot: SubmissionSnapshot<Value>,
  send: (event: SubmissionRetryEvent) => void,
): SubmissionProps<StatePath<Value>> {
  return {
    state: dataStateOf(snapshot),
    submitting: snapshot.hasTag('submitting'),
    notEnoughPoints: snapshot.hasTag('notEnoughPoints'),
    failed: snapshot.hasTag('failed'),
    reply: snapshot.context.reply,
    retry: () => send({ type: 'submission.retry' }),
  };
}

/** The outcome of a flow whose failures show a red alert of their own (answer-once flows, heating, quiz). */
export interface SubmissionOutcomeProps<State> extends SubmissionProps<State> {
  /** The red alert's text while the last send has failed. */
  error: MessageDescriptor | null;
}

export function connectSubmissionOutcome<Value>(
  snapshot: SubmissionSnapshot<Value> & { context: { error: MessageDescriptor | null } },
  send: (event: SubmissionRetryEvent) => void,
): SubmissionOutcomeProps<StatePath<Value>> {
  const submission = connectSubmission(snapshot, send);
  return { ...submission, error: submission.failed ? snapshot.context.error : null };
}

type AnswerSubmissionSnapshot<Answer> = SnapshotFrom<AnswerSubmissionMachine<Answer>>;

export interface AnswerSubmissionProps<Answer>
  extends SubmissionOutcomeProps<StatePath<AnswerSubmissionSnapshot<Answer>['value']>> {
  /** The answer sent last (shown as chosen). */
  chosen: Answer | null;
  /** The guest may answer (first time, or again after a failure). */
  canAnswer: boolean;
  submit(answer: Answer): void;
}

/** The props of an answer-once modal (review, custom, Lunishower, claim). */
export function connectAnswerSubmission<Answer>(
  snapshot: AnswerSubmissionSnapshot<Answer>,
  send: (event: AnswerSubmissionEvent<Answer> | SubmissionRetryEvent) => void,
): AnswerSubmissionProps<Answer> {
  return {
    ...connectSubmissionOutcome(snapshot, send),
    chosen: snapshot.context.answer,
    canAnswer: snapshot.matches('choosing'),
    submit: (answer) => send({ type: 'answer.submit', answer }),
  };
}
