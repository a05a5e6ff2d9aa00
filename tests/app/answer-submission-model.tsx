import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyActorRef, AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { SubmittedActionType } from '../../contract/action-types.ts';
import type { AnswerSubmissionContext, SubmissionInput } from '../../machines/dialogs/submission.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';
import {
  expectFailureAlert,
  modalDialog,
  RETRY,
  renderActionModal,
  retryStep,
  SUBMISSION_FAILURES,
  SUBMITTED,
  startModalFlow,
  submitAnswerSteps,
} from './action-modal-harness.tsx';
import { controlledActors } from './controlled-actors.ts';

type Snapshot<Answer> = SnapshotFrom<AnyStateMachine> & { context: AnswerSubmissionContext<Answer> };

export interface AnswerModalCase<Answer> {
  /** A machine of machines/dialogs/submission.ts `createAnswerSubmissionMachine`. */
  machine: AnyStateMachine;
  scope: string;
  input: SubmissionInput;
  /** The action type the answers are sent as. */
  type: SubmittedActionType;
  /** The answers the model tries (each an `answer.submit`). */
  answers: Answer[];
  /** The modal under test, drawing `flow` (the actor of `machine` the launch would run). */
  render(flow: AnyActorRef): ReactNode;
  /** The guest's way of sending `answer`. */
  submit(user: UserEvent, answer: Answer): Promise<void>;
  /** The body the modal sends for `answer`. */
  bodyOf(answer: Answer): object;
  /** The red alert of this kind (docs/behaviour.md#error-texts). */
  failureText: string;
  /** The status while sending (default 'Envoi en cours...'). */
  sendingText?: string;
  /** What the modal shows while the guest may answer (first time, after a failure). */
  expectChoosing(snapshot: Snapshot<Answer>): void;
  /** What the modal shows while sending and once sent (no answer possible). */
  expectBusy(snapshot: Snapshot<Answer>): void;
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

/**
 * The model-based test of an answer-submission modal: every simple path of its machine (answers, success, failure,
 * not enough GreenMiles, answering again) is played on the real modal, and each state is checked on screen.
 */
export function describeAnswerSubmissionModal<Answer>(title: string, modal: AnswerModalCase<Answer>) {
  const events: AnyEventObject[] = [
    ...modal.answers.map((answer) => ({ type: 'answer.submit', answer })),
    { type: 'xstate.done.actor.submitAnswer', output: SUBMITTED },
    ...SUBMISSION_FAILURES,
    RETRY,
  ];
  const model = new TestModel(
    modal.machine as unknown as ActorLogic<Snapshot<Answer>, AnyEventObject, SubmissionInput>,
    {
      input: modal.input,
      events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );
  const dialogState = (state: string) =>
    waitFor(() => expect(modalDialog(modal.scope)).toHaveAttribute('data-state', state));

  describe(title, () => {
    for (const path of model.getSimplePaths()) {
      it(modelPathTitle(path), async () => {
        const controlled = controlledActors(['submitAnswer']);
        const flow = startModalFlow(modal.machine, modal.input, controlled.actors);
        const { user } = await renderActionModal(modal.render(flow));

        await path.test({
          states: {
            'choosing.idle': async (snapshot) => {
              await dialogState('choosing.idle');
              modal.expectChoosing(snapshot);
              expect(screen.queryByRole('alert')).toBeNull();
              expect(screen.queryByRole('status')).toBeNull();
            },
            'choosing.failed': async (snapshot) => {
              await dialogState('choosing.failed');
              expectFailureAlert(modal.failureText, snapshot.context.error);
              modal.expectChoosing(snapshot);
            },
            'choosing.notEnoughPoints': async (snapshot) => {
              await dialogState('choosing.notEnoughPoints');
              expect(screen.getByRole('alert')).toHaveAttribute('data-scope', 'insufficient-points');
              expect(screen.getByRole('alert')).toHaveTextContent('Nombre de GreenMiles insuffisant');
              modal.expectChoosing(snapshot);
            },
            submitting: async (snapshot) => {
              await dialogState('submitting');
              expect(screen.getByRole('status')).toHaveTextContent(modal.sendingText ?? 'Envoi en cours...');
              expect(screen.queryByRole('alert')).toBeNull();
              modal.expectBusy(snapshot);
              expect(controlled.calls.at(-1)?.input).toEqual({
                actId: modal.input.actId,
                type: modal.type,
                body: modal.bodyOf(snapshot.context.answer as Answer),
              });
              expect(flow.getSnapshot().status).toBe('active');
            },
            submitted: async (snapshot) => {
              await dialogState('submitted');
              // The reply is the flow's output: the launch reports it to the stay page's root.
              expect(flow.getSnapshot()).toMatchObject({ status: 'done', output: SUBMITTED });
              expect(screen.getByRole('status')).toHaveTextContent(SUBMITTED.message);
              modal.expectBusy(snapshot);
            },
          },
          events: {
            'answer.submit': async (step) => {
              await modal.submit(user, eventOf<{ answer: Answer }>(step).answer);
            },
            ...submitAnswerSteps(controlled),
            ...retryStep(user),
          },
        });
      });
    }
  });
}

/** The identity fields every submission body carries, for `input`. */
export function identityBody(input: SubmissionInput) {
  return { uuid: input.uuid, sUUID: input.sUUID, lang: input.lang };
}
