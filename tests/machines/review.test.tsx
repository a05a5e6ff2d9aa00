import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { reviewMachine } from '../../machines/review.machine.ts';
import type { SubmissionInput } from '../../machines/submission.ts';
import ReviewModal from '../../src/views/actions/modals/ReviewModal.tsx';
import { modalDialog, NOT_ENOUGH, renderActionModal, SERVER_FAILURE, SUBMITTED } from '../app/action-modal-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const ACTION = makeAction({ actId: 7, actType: 'REVIEW', aadName: 'Votre avis', aadDescription: 'Dites-nous tout.' });
const END_DATE = '2026-11-24';
const INPUT: SubmissionInput = { actId: 7, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: END_DATE };

/** SPEC.md §5: the emoji order maps to ratings 1 to 4; the label is each button's name (the emoji is hidden). */
const LABELS = ['Pas satisfait', 'Neutre', "J'encourage", 'Ça compte pour moi'];

const events: AnyEventObject[] = [
  { type: 'answer.submit', answer: 3 },
  { type: 'answer.submit', answer: 1 },
  { type: 'xstate.done.actor.submitAnswer', output: SUBMITTED },
  { type: 'xstate.error.actor.submitAnswer', error: SERVER_FAILURE },
  { type: 'xstate.error.actor.submitAnswer', error: NOT_ENOUGH },
];

type Snapshot = SnapshotFrom<typeof reviewMachine>;
const model = new TestModel(reviewMachine as unknown as ActorLogic<Snapshot, AnyEventObject, SubmissionInput>, {
  input: INPUT,
  events: (snapshot) => events.filter((event) => snapshot.can(event as never)),
  stateMatcher: (snapshot, key) => snapshot.matches(key as never),
});

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const levelButtons = () => LABELS.map((name) => within(modalDialog('review')).getByRole('button', { name }));

function expectChoosing(snapshot: Snapshot) {
  const buttons = levelButtons();
  for (const [index, button] of buttons.entries()) {
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-pressed', String(snapshot.context.answer === index + 1));
  }
  expect(screen.queryByText('Envoi en cours...')).toBeNull();
}

describe('review machine drives the review modal', () => {
  for (const path of model.getSimplePaths()) {
    it(path.description, async () => {
      const controlled = controlledActors(['submitAnswer']);
      const onSubmitted = vi.fn();
      const { user } = await renderActionModal(
        <ReviewModal
          action={ACTION}
          endDate={END_DATE}
          nights={null}
          onSubmitted={onSubmitted}
          onClose={vi.fn()}
          logic={reviewMachine.provide({ actors: controlled.actors as never })}
        />,
      );

      await path.test({
        states: {
          'choosing.idle': async (snapshot) => {
            const dialog = modalDialog('review');
            expect(dialog).toHaveAttribute('data-state', 'choosing.idle');
            expect(within(dialog).getByRole('heading', { name: 'Votre avis' })).toBeInTheDocument();
            expect(within(dialog).getByText('Dites-nous tout.')).toBeInTheDocument();
            expect(within(dialog).getByText('+15 GreenMiles')).toBeInTheDocument();
            expectChoosing(snapshot);
            expect(screen.queryByRole('alert')).toBeNull();
          },
          'choosing.failed': async (snapshot) => {
            await waitFor(() => expect(modalDialog('review')).toHaveAttribute('data-state', 'choosing.failed'));
            expect(screen.getByRole('alert')).toHaveTextContent("Erreur lors de l'envoi de l'évaluation.");
            expectChoosing(snapshot);
          },
          'choosing.notEnoughPoints': async (snapshot) => {
            await waitFor(() =>
              expect(modalDialog('review')).toHaveAttribute('data-state', 'choosing.notEnoughPoints'),
            );
            expect(screen.getByRole('alert')).toHaveTextContent('Nombre de GreenMiles insuffisant');
            expectChoosing(snapshot);
          },
          submitting: async (snapshot) => {
            await waitFor(() => expect(modalDialog('review')).toHaveAttribute('data-state', 'submitting'));
            expect(screen.getByRole('status')).toHaveTextContent('Envoi en cours...');
            for (const button of levelButtons()) expect(button).toBeDisabled();
            expect(controlled.calls.at(-1)?.input).toEqual({
              actId: 7,
              body: {
                uuid: PROFILE_ID,
                sUUID: STAY_ID,
                lang: 'fr',
                rating: snapshot.context.answer,
                endDate: END_DATE,
              },
            });
            expect(screen.queryByRole('alert')).toBeNull();
          },
          submitted: async () => {
            await waitFor(() => expect(modalDialog('review')).toHaveAttribute('data-state', 'submitted'));
            expect(onSubmitted).toHaveBeenCalledExactlyOnceWith(SUBMITTED);
            expect(screen.getByRole('status')).toHaveTextContent('Merci pour votre avis !');
            for (const button of levelButtons()) expect(button).toBeDisabled();
          },
        },
        events: {
          'answer.submit': async (step) => {
            const { answer } = eventOf<{ answer: number }>(step);
            await user.click(levelButtons()[answer - 1] as HTMLElement);
          },
          'xstate.done.actor.submitAnswer': async (step) => {
            controlled.resolve('submitAnswer', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.submitAnswer': async (step) => {
            controlled.reject('submitAnswer', eventOf<{ error: unknown }>(step).error);
          },
        },
      });
    });
  }
});
