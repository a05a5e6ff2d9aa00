import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { startingTemperature } from '../../contract/answer-rules.ts';
import { type HeatingInput, heatingMachine } from '../../machines/dialogs/heating.machine.ts';
import HeatingModal from '../../src/views/actions/modals/HeatingModal.tsx';
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
} from '../app/action-modal-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const END_DATE = '2026-11-25';
const INPUT: HeatingInput = {
  actId: 4,
  uuid: PROFILE_ID,
  sUUID: STAY_ID,
  lang: 'fr',
  endDate: END_DATE,
  temperature: 22,
  earned: false,
};
/** Reopened after 20 °C earned tonight: a setting outside 18–22 °C asks before the points go (issue 25). */
const EARNED_INPUT: HeatingInput = { ...INPUT, temperature: 20, earned: true };

/**
 * docs/behaviour.md#heating, written out: the status of each temperature the model visits, which the label, the dial's
 * colour (data-status) and the advice (the ideal line marked reached) all follow.
 */
const EXPECTED: Record<number, { status: string; label: string }> = {
  16: { status: 'tooLow', label: 'Trop bas' },
  17: { status: 'tooLow', label: 'Trop bas' },
  18: { status: 'optimal', label: 'Correct' },
  19: { status: 'ideal', label: 'Idéal' },
  20: { status: 'ideal', label: 'Idéal' },
  21: { status: 'ideal', label: 'Idéal' },
  22: { status: 'optimal', label: 'Correct' },
  23: { status: 'tooHigh', label: 'Trop haut' },
  24: { status: 'tooHigh', label: 'Trop haut' },
};

type HeatingSnapshot = SnapshotFrom<typeof heatingMachine>;

const events: AnyEventObject[] = [
  { type: 'temperature.raise' },
  { type: 'temperature.lower' },
  { type: 'temperature.submit' },
  { type: 'change.confirm' },
  { type: 'change.cancel' },
  { type: 'xstate.done.actor.submitAnswer', output: SUBMITTED },
  ...SUBMISSION_FAILURES,
  ...CHANGE_FAILURES,
  RETRY,
];

// The model walks the temperatures of EXPECTED (every status); the scale's bounds have their own tests.
const modelOf = (input: HeatingInput) =>
  new TestModel(heatingMachine as unknown as ActorLogic<HeatingSnapshot, AnyEventObject, HeatingInput>, {
    input,
    events: (snapshot) =>
      events.filter(
        (event) =>
          canTake(snapshot, event) &&
          !(event.type === 'temperature.raise' && snapshot.context.temperature >= 24) &&
          !(event.type === 'temperature.lower' && snapshot.context.temperature <= 16),
      ),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });

const dial = () => within(modalDialog('heating'));
const spinbutton = () => dial().getByRole('spinbutton', { name: 'Température' });
const raiseButton = () => dial().getByRole('button', { name: 'Augmenter la température' });
const lowerButton = () => dial().getByRole('button', { name: 'Baisser la température' });
const submitButton = () => dial().getByRole('button', { name: 'Valider' });
const dialogState = (state: string) =>
  waitFor(() => expect(modalDialog('heating')).toHaveAttribute('data-state', state));

function expectDial(temperature: number, adjusting: boolean) {
  const expected = EXPECTED[temperature];
  expect(spinbutton()).toHaveAttribute('aria-valuenow', String(temperature));
  expect(spinbutton()).toHaveTextContent(`${temperature} °C`);
  const dialElement = modalDialog('heating').querySelector('[data-part="dial"]');
  expect(dialElement).toHaveAttribute('data-status', expected?.status);
  expect(dial().getByText(expected?.label ?? '', { selector: '[data-part="status"]' })).toBeVisible();
  expect(dial().getByText('Idéal : entre 19 et 21 °C').closest('li')).toHaveAttribute(
    'data-state',
    expected?.status === 'ideal' ? 'reached' : 'advised',
  );
  // The gauge is drawn to the full scale of 30.
  const fill = modalDialog('heating').querySelector('[data-part="gauge-fill"]');
  expect(fill?.getAttribute('stroke-dasharray')).toBe(`${(temperature / 30) * 100} 100`);
  for (const button of [raiseButton(), lowerButton(), submitButton()]) {
    if (adjusting) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
  expect(dial().getByText('Idéal : entre 19 et 21 °C')).toBeVisible();
  expect(dial().getByText("1 °C de moins, c'est jusqu'à 7 % d'énergie économisée")).toBeVisible();
}

describe.each([
  { title: 'a first setting', input: INPUT },
  { title: 'a change after 20 °C earned', input: EARNED_INPUT },
])('heating machine drives the heating modal: $title', ({ input }) => {
  for (const path of modelOf(input).getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['submitAnswer']);
      const flow = startModalFlow(heatingMachine, input, controlled.actors);
      const { user } = await renderActionModal(
        <HeatingModal
          action={makeAction({
            actId: 4,
            actType: 'HEATING',
            aadName: 'Chauffage',
            aadQuestion: 'À quelle température avez-vous réglé votre chambre ?',
            actReward: 30,
            ...(input.earned ? { alreadyCompleted: true, temperature: input.temperature } : {}),
          })}
          flow={flow}
          onClose={vi.fn()}
        />,
      );

      await path.test({
        states: {
          'adjusting.idle': async (snapshot) => {
            await dialogState('adjusting.idle');
            // The hotel's question heads the dial.
            expect(dial().getByText('À quelle température avez-vous réglé votre chambre ?')).toBeVisible();
            expectDial(snapshot.context.temperature, true);
            expect(screen.queryByRole('alert')).toBeNull();
          },
          'adjusting.failed': async (snapshot) => {
            await dialogState('adjusting.failed');
            expectFailureAlert('Une erreur est survenue', snapshot.context.error);
            expectDial(snapshot.context.temperature, true);
          },
          'adjusting.notEnoughPoints': async (snapshot) => {
            await dialogState('adjusting.notEnoughPoints');
            expect(screen.getByRole('alert')).toHaveAttribute('data-scope', 'insufficient-points');
            expect(screen.getByRole('alert')).toHaveTextContent('Nombre de GreenMiles insuffisant');
            // The spec's 'You don't have enough GreenMiles to change your answer'.
            expect(screen.getByRole('alert')).toHaveTextContent(
              "Vous n'avez pas assez de GreenMiles pour changer votre réponse.",
            );
            expectDial(snapshot.context.temperature, true);
          },
          // Only after 20 °C earned, and only for a setting outside 18–22 °C: the points would go.
          confirmingLoss: async (snapshot) => {
            await dialogState('confirmingLoss');
            expect(snapshot.context.temperature < 18 || snapshot.context.temperature > 22).toBe(true);
            const warning = screen.getByRole('alert');
            expect(warning).toHaveTextContent('En changeant votre réponse, les 30 GreenMiles gagnés seront retirés.');
            // The warning takes the focus in an effect after it renders.
            await waitFor(() => expect(warning).toHaveFocus());
            expect(within(warning).getByRole('button', { name: 'Confirmer le changement' })).toBeEnabled();
            expectDial(snapshot.context.temperature, false);
            expect(controlled.calls).toEqual([]);
          },
          submitting: async (snapshot) => {
            await dialogState('submitting');
            expect(screen.getByRole('status')).toHaveTextContent('Envoi en cours...');
            expectDial(snapshot.context.temperature, false);
            expect(controlled.calls.at(-1)?.input).toEqual({
              actId: 4,
              type: 'HEATING',
              body: {
                uuid: PROFILE_ID,
                sUUID: STAY_ID,
                lang: 'fr',
                temperature: snapshot.context.temperature,
                endDate: END_DATE,
              },
            });
          },
          submitted: async (snapshot) => {
            await dialogState('submitted');
            // The reply is the flow's output: the launch reports it to the stay page's root.
            expect(flow.getSnapshot()).toMatchObject({ status: 'done', output: SUBMITTED });
            expectDial(snapshot.context.temperature, false);
          },
        },
        events: {
          // Half the steps by button, half by keyboard on the temperature.
          'temperature.raise': async () => {
            if (path.steps.length % 2) await user.click(raiseButton());
            else fireEvent.keyDown(spinbutton(), { key: 'ArrowUp' });
          },
          'temperature.lower': async () => {
            if (path.steps.length % 2) await user.click(lowerButton());
            else fireEvent.keyDown(spinbutton(), { key: 'ArrowDown' });
          },
          'temperature.submit': async () => {
            await user.click(submitButton());
          },
          'change.confirm': async () => {
            await user.click(screen.getByRole('button', { name: 'Confirmer le changement' }));
          },
          'change.cancel': async () => {
            await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Annuler' }));
          },
          ...submitAnswerSteps(controlled),
          ...retryStep(user),
        },
      });
    });
  }
});

describe('heating scale', () => {
  it('starts at 22 by default, else at the action temperature kept on the scale', () => {
    expect([null, 19, 20.6, 35, 4].map(startingTemperature)).toEqual([22, 19, 21, 30, 10]);
  });

  it.each([
    { start: 30, blocked: 'Augmenter la température', key: 'ArrowUp' },
    { start: 10, blocked: 'Baisser la température', key: 'ArrowDown' },
  ])('stops at $start', async ({ start, blocked, key }) => {
    await renderActionModal(
      <HeatingModal
        action={makeAction({ actId: 4, actType: 'HEATING', temperature: start })}
        flow={startModalFlow(heatingMachine, { ...INPUT, endDate: null, temperature: start }, {})}
        onClose={vi.fn()}
      />,
    );
    expect(dial().getByRole('button', { name: blocked })).toBeDisabled();
    fireEvent.keyDown(spinbutton(), { key });
    expect(spinbutton()).toHaveAttribute('aria-valuenow', String(start));
    expect(spinbutton()).toHaveAttribute('aria-valuemin', '10');
    expect(spinbutton()).toHaveAttribute('aria-valuemax', '30');
  });
});

describe('heating answered', () => {
  it.each([
    { temperature: 26, onOffer: true },
    { temperature: 20, onOffer: false },
  ])(
    'reopened at $temperature °C: the answer on record, the points on offer only when it did not earn',
    async ({ temperature, onOffer }) => {
      const action = makeAction({ actId: 4, actType: 'HEATING', actReward: 30, alreadyCompleted: true, temperature });
      await renderActionModal(
        <HeatingModal
          action={action}
          flow={startModalFlow(heatingMachine, { ...INPUT, temperature: startingTemperature(temperature) }, {})}
          onClose={vi.fn()}
        />,
      );
      expect(spinbutton()).toHaveAttribute('aria-valuenow', String(temperature));
      expect(dial().getByText(`Votre réponse : ${temperature} °C`)).toBeVisible();
      if (onOffer) {
        expect(dial().getByText('+30 GreenMiles')).toBeVisible();
        expect(dial().getByText(/^Ces points restent à gagner/)).toBeVisible();
      } else {
        expect(dial().queryByText('+30 GreenMiles')).toBeNull();
      }
    },
  );
});

describe('heating change after earning', () => {
  it("'Annuler' keeps the points: nothing is sent, the setting can be changed again", async () => {
    const controlled = controlledActors(['submitAnswer']);
    const flow = startModalFlow(heatingMachine, EARNED_INPUT, controlled.actors);
    const { user } = await renderActionModal(
      <HeatingModal
        action={makeAction({ actId: 4, actType: 'HEATING', actReward: 30, alreadyCompleted: true, temperature: 20 })}
        flow={flow}
        onClose={vi.fn()}
      />,
    );
    for (const _ of [21, 22, 23]) await user.click(raiseButton());
    await user.click(submitButton());
    await dialogState('confirmingLoss');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Annuler' }));
    await dialogState('adjusting.idle');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(controlled.calls).toEqual([]);
    // Back inside 18–22 °C nothing is at stake: it goes at once.
    await user.click(lowerButton());
    await user.click(submitButton());
    await dialogState('submitting');
    expect(controlled.calls.at(-1)?.input).toMatchObject({ body: { temperature: 22 } });
  });
});
