import { type BoundFunctions, type queries, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type ActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  type SnapshotFrom,
} from 'xstate';
import type { SubmissionRequest } from '../../contract/schemas.ts';
import type { AnswerChangeContext } from '../../machines/answerChange.ts';
import type { SubmissionInput } from '../../machines/dialogs/submission.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';
import {
  CHANGE_FAILURES,
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

type Snapshot<Context> = SnapshotFrom<AnyStateMachine> & { context: Context };
type InDialog = BoundFunctions<typeof queries>;

export interface AnswerChangeModalCase<Context extends AnswerChangeContext<unknown>, Input extends SubmissionInput> {
  /** A machine of machines/answerChange.ts `answerChangeSetup`. */
  machine: AnyStateMachine;
  scope: string;
  input: Input;
  /** The flow's choice events. */
  choices: AnyEventObject[];
  /** Whether the screen offers `choice` in this state (all by default). */
  offers?(snapshot: Snapshot<Context>, choice: AnyEventObject): boolean;
  /** The modal under test, drawing `flow` (the actor of `machine` the launch would run). */
  render(flow: AnyActorRef): ReactNode;
  /** The guest's way of making `choice`. */
  choose(user: UserEvent, choice: AnyEventObject, inDialog: InDialog): Promise<void>;
  /** The request the modal sends for the pending answer. */
  requestOf(context: Context): SubmissionRequest;
  /** The answer block as the context says, its buttons enabled or not. */
  expectChoices(context: Context, inDialog: InDialog, enabled: boolean): void;
  /** The warning before a change that loses the points. */
  lossWarning: string;
  /** The red alert's text of a failure the server did not word ('Une erreur est survenue' by default). */
  failureText?: string;
  /** The notice of a refusal for missing points. */
  notEnoughTexts: string[];
  /** What shows while the answer is sent, besides the disabled choices. */
  expectSubmitting(context: Context, inDialog: InDialog): void;
}

/**
 * The model-based test of a change-with-rollback modal: the shortest path to every state of its machine (choices,
 * confirmation or cancel of a loss, success, refusal for missing points, other failure) is played on the real modal,
 * and each state is checked on screen: the answer shown (the previous one back after a refusal), the buttons, the
 * warning, the notice or the server's message, the request sent.
 */
export function describeAnswerChangeModal<Context extends AnswerChangeContext<unknown>, Input extends SubmissionInput>(
  title: string,
  modal: AnswerChangeModalCase<Context, Input>,
) {
  const events: AnyEventObject[] = [
    ...modal.choices,
    { type: 'change.confirm' },
    { type: 'change.cancel' },
    { type: 'xstate.done.actor.submitAnswer', output: SUBMITTED },
    ...SUBMISSION_FAILURES,
    ...CHANGE_FAILURES,
    RETRY,
  ];
  const model = new TestModel(modal.machine as unknown as ActorLogic<Snapshot<Context>, AnyEventObject, Input>, {
    input: modal.input,
    events: (snapshot) =>
      events.filter(
        (event) =>
          canTake(snapshot, event) && (!modal.choices.includes(event) || (modal.offers?.(snapshot, event) ?? true)),
      ),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
  const fromState = createActor(modal.machine, { input: modal.input }).getSnapshot() as Snapshot<Context>;

  describe(title, () => {
    for (const path of model.getShortestPaths({ fromState })) {
      it(modelPathTitle(path), async () => {
        const controlled = controlledActors(['submitAnswer']);
        const flow = startModalFlow(modal.machine, modal.input, controlled.actors);
        const { user } = await renderActionModal(modal.render(flow));
        const dialog = () => modalDialog(modal.scope);
        const inDialog = () => within(dialog());
        const dialogState = (state: string) => waitFor(() => expect(dialog()).toHaveAttribute('data-state', state));

        await path.test({
          states: {
            'ready.idle': async ({ context }) => {
              await dialogState('ready.idle');
              modal.expectChoices(context, inDialog(), true);
              expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
            },
            'ready.notEnoughPoints': async ({ context }) => {
              await dialogState('ready.notEnoughPoints');
              // The previous answer is back.
              modal.expectChoices(context, inDialog(), true);
              const notice = inDialog().getByRole('alert');
              for (const text of modal.notEnoughTexts) expect(notice).toHaveTextContent(text);
            },
            'ready.failed': async ({ context }) => {
              await dialogState('ready.failed');
              modal.expectChoices(context, inDialog(), true);
              expectFailureAlert(modal.failureText ?? 'Une erreur est survenue', context.error);
            },
            confirmingLoss: async ({ context }) => {
              await dialogState('confirmingLoss');
              modal.expectChoices(context, inDialog(), false);
              const warning = inDialog().getByRole('alert');
              expect(warning).toHaveTextContent(modal.lossWarning);
              // The warning takes the focus (issue 25: it appeared below the fold, the focus fell to the page).
              await waitFor(() => expect(warning).toHaveFocus());
            },
            submitting: async ({ context }) => {
              await dialogState('submitting');
              modal.expectChoices(context, inDialog(), false);
              modal.expectSubmitting(context, inDialog());
              expect(controlled.calls.at(-1)?.input).toEqual(modal.requestOf(context));
              expect(flow.getSnapshot().status).toBe('active');
            },
            submitted: async () => {
              // The reply is the flow's output: the launch reports it to the stay page's root.
              await waitFor(() => expect(flow.getSnapshot()).toMatchObject({ status: 'done', output: SUBMITTED }));
            },
          },
          events: {
            ...Object.fromEntries(
              modal.choices.map((choice) => [
                choice.type,
                async (step: { event: unknown }) => modal.choose(user, step.event as AnyEventObject, inDialog()),
              ]),
            ),
            'change.confirm': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Confirmer le changement' }));
            },
            'change.cancel': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Annuler' }));
            },
            ...submitAnswerSteps(controlled),
            ...retryStep(user),
          },
        });
      });
    }
  });
}
