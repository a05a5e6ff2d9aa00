import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import {
  dragProgress,
  type SliderInput,
  sliderFailureText,
  sliderMachine,
} from '../../machines/dialogs/slider.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { sliderLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { DETAILS_SESSION, renderRewardDetails } from '../app/reward-details-harness.tsx';
import { reward } from '../app/rewards-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type SliderSnapshot = SnapshotFrom<typeof sliderMachine>;

const SLIDER_REWARD = reward({
  rwId: 9,
  rwType: 'SLIDER',
  radName: 'Départ tardif',
  radDescription: 'Gardez votre chambre jusqu’à 14 h.',
  isClaimed: 1,
  rwCost: 50,
});
/** The track is 400 px wide in these tests: 100 % is a 300 px drag (75 %). */
const TRACK_WIDTH = 400;

const afterEvent = (state: 'holding' | 'succeeded') => sliderMachine.states[state]?.after[0]?.eventType ?? '';
const HOLD_DONE = afterEvent('holding');
const SUCCESS_CLOSE = afterEvent('succeeded');

const serverRefusal = new ApiError(409, 'already_used', 'This reward has already been used');
const networkFailure = new ApiError(0, 'network_error', 'Failed to fetch');
const serverFailure = new ApiError(500, 'internal', 'Internal Server Error');
/** What the guest reads for each failure: by code, never the server's (English, developer) message. */
const FAILURE_TEXTS = new Map<unknown, string>([
  [serverRefusal, 'Cette récompense a déjà été utilisée.'],
  [networkFailure, 'Connexion impossible. Vérifiez votre connexion, puis réessayez.'],
  [serverFailure, "Erreur lors de l'utilisation de la récompense."],
]);
const events: AnyEventObject[] = [
  { type: 'slider.staffOpen' },
  { type: 'slider.staffCancel' },
  { type: 'slider.drag', progress: 50 },
  { type: 'slider.drag', progress: 100 },
  { type: 'slider.release' },
  { type: 'slider.step', progress: 100 },
  { type: 'slider.confirm' },
  { type: 'slider.holdStart' },
  { type: 'slider.holdCancel' },
  { type: HOLD_DONE },
  { type: 'xstate.done.actor.markSliderUsed', output: { success: 'OK' } },
  ...[...FAILURE_TEXTS.keys()].map((error) => ({ type: 'xstate.error.actor.markSliderUsed', error })),
  { type: SUCCESS_CLOSE },
];

// The graph walks the swipe alone: its report to the claim that runs it goes nowhere here.
const logic = sliderMachine.provide({ actions: { announceUsed: () => {} } }) as unknown as ActorLogic<
  SliderSnapshot,
  AnyEventObject,
  SliderInput
>;

function modelFor(input: SliderInput) {
  return new TestModel(logic, {
    input,
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const thumb = () => screen.getByRole('slider', { name: 'Valider la récompense (personnel)' });
const holdButton = () => screen.getByRole('button', { name: 'Valider sans glisser' });
const staffButton = () => screen.getByRole('button', { name: 'Personnel : valider' });
/** The staff's deliberate step that opens the swipe. */
const openStaffStep = () => fireEvent.click(staffButton());
const sliderRoot = () => document.querySelector('[data-scope="slider"]');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: TRACK_WIDTH,
    height: 56,
  } as DOMRect);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A pointer drag of the thumb by `progress` % of its travel (from where the thumb is). */
function drag(progress: number) {
  fireEvent.pointerDown(thumb(), { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(thumb(), { clientX: (progress / 100) * 0.75 * TRACK_WIDTH, pointerId: 1 });
}

const SCENARIOS = [
  { name: 'staff swipe', profileUUID: DETAILS_SESSION.profileUUID },
  { name: 'no profileUUID in storage', profileUUID: null },
];

describe('slider machine: model paths drive the staff swipe', () => {
  for (const scenario of SCENARIOS) {
    const input = { sUUID: DETAILS_SESSION.sUUID, profileUUID: scenario.profileUUID, rwId: SLIDER_REWARD.rwId };
    for (const path of modelFor(input).getShortestPaths()) {
      it(modelPathTitle(path, scenario.name), async () => {
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const controlled = controlledActors(['markSliderUsed']);
        const slider = controlled.provideTo(sliderLogic);
        // The swipe runs as the claim's child: its use and its end reach the list the claim reports to.
        const { onClaimChanged: onChanged, onClaimClosed: onClose } = renderRewardDetails(
          SLIDER_REWARD,
          0,
          { slider },
          { profileUUID: scenario.profileUUID ?? '' },
        );
        let validations = 0;
        let lastFailure: unknown = null;

        await path.test({
          states: {
            // issue 25: the guest's view leads with what to do; no swipe, no irreversible warning until staff step in.
            waiting: async () => {
              await waitFor(() => expect(sliderRoot()).toHaveAttribute('data-state', 'waiting'));
              const dialog = screen.getByRole('dialog', { name: 'Départ tardif' });
              const instruction = within(dialog).getByText(
                'Présentez cet écran à la réception au moment de votre départ.',
              );
              expect(
                instruction.compareDocumentPosition(staffButton()) & Node.DOCUMENT_POSITION_FOLLOWING,
              ).toBeTruthy();
              expect(within(dialog).getByText(SLIDER_REWARD.radDescription)).toBeVisible();
              expect(screen.queryByRole('slider')).toBeNull();
              expect(screen.queryByRole('button', { name: 'Valider sans glisser' })).toBeNull();
              expect(within(dialog).queryByText(/irréversible/)).toBeNull();
              expect(controlled.calls).toHaveLength(validations);
            },
            idle: async (snapshot) => {
              await waitFor(() => expect(sliderRoot()).toHaveAttribute('data-state', 'idle'));
              const dialog = screen.getByRole('dialog', { name: 'Départ tardif' });
              // The title once (the dialog's), the keyboard instructions as the thumb's description.
              expect(within(dialog).getAllByText('Départ tardif')).toHaveLength(1);
              expect(thumb()).toHaveAccessibleDescription(
                "Au clavier : avancez avec les flèches jusqu'à 100 %, puis Entrée ou Fin pour valider.",
              );
              expect(within(dialog).getByText("Réservé au personnel de l'hôtel")).toBeVisible();
              expect(within(dialog).getByText(/irréversible/)).toBeVisible();
              expect(thumb()).toHaveAttribute('aria-valuenow', String(snapshot.context.progress));
              if (snapshot.context.error === null) expect(screen.queryByRole('alert')).toBeNull();
              else expect(screen.getByRole('alert')).toHaveTextContent(FAILURE_TEXTS.get(lastFailure) ?? '?');
              expect(controlled.calls).toHaveLength(validations);
              expect(onChanged).not.toHaveBeenCalled();
            },
            holding: async () => {
              await waitFor(() => expect(holdButton()).toHaveAttribute('data-state', 'holding'));
              expect(screen.getByText('Maintenez appuyé 2 secondes…')).toBeVisible();
              expect(controlled.calls).toHaveLength(validations);
            },
            validating: async () => {
              await waitFor(() => expect(sliderRoot()).toHaveAttribute('data-state', 'validating'));
              expect(screen.getByText('Validation en cours…')).toBeVisible();
              expect(controlled.calls).toHaveLength(validations);
              expect(controlled.calls.at(-1)?.input).toEqual({ ...DETAILS_SESSION, rwId: SLIDER_REWARD.rwId });
            },
            succeeded: async () => {
              await waitFor(() => expect(sliderRoot()).toHaveAttribute('data-state', 'succeeded'));
              expect(screen.getByText('Récompense validée !')).toBeVisible();
              expect(screen.queryByRole('slider')).toBeNull();
              expect(onChanged).toHaveBeenCalledTimes(1);
              expect(onClose).not.toHaveBeenCalled();
            },
            closed: async () => {
              await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
            },
          },
          events: {
            'slider.staffOpen': async () => {
              await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(staffButton());
            },
            'slider.staffCancel': async () => {
              await user.click(screen.getByRole('button', { name: 'Annuler' }));
            },
            'slider.drag': async (step) => {
              const { progress } = eventOf<{ progress: number }>(step);
              if (progress >= 100 && scenario.profileUUID) validations += 1;
              drag(progress);
            },
            'slider.release': async () => {
              fireEvent.pointerUp(thumb(), { pointerId: 1 });
              act(() => thumb().blur());
            },
            'slider.step': async () => {
              act(() => thumb().focus());
              await user.keyboard('{PageUp}{PageUp}{ArrowRight}{PageUp}{PageUp}');
            },
            'slider.confirm': async () => {
              if (scenario.profileUUID) validations += 1;
              act(() => thumb().focus());
              await user.keyboard('{End}');
            },
            'slider.holdStart': async () => {
              fireEvent.pointerDown(holdButton());
            },
            'slider.holdCancel': async () => {
              fireEvent.pointerUp(holdButton());
            },
            [HOLD_DONE]: async () => {
              if (scenario.profileUUID) validations += 1;
              await act(() => vi.advanceTimersByTimeAsync(2000));
            },
            'xstate.done.actor.markSliderUsed': async (step) => {
              await act(async () => controlled.resolve('markSliderUsed', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.markSliderUsed': async (step) => {
              lastFailure = eventOf<{ error: unknown }>(step).error;
              await act(async () => controlled.reject('markSliderUsed', lastFailure));
            },
            [SUCCESS_CLOSE]: async () => {
              await act(() => vi.advanceTimersByTimeAsync(3000));
            },
          },
        });
      });
    }
  }
});

describe('slider gestures', () => {
  it('validates once: more drags, End and holds while validating send nothing more', async () => {
    localStorage.setItem('profileUUID', DETAILS_SESSION.profileUUID);
    const controlled = controlledActors(['markSliderUsed']);
    renderRewardDetails(SLIDER_REWARD, 0, { slider: controlled.provideTo(sliderLogic) });
    openStaffStep();
    drag(100);
    drag(100);
    fireEvent.keyDown(thumb(), { key: 'End' });
    fireEvent.pointerDown(holdButton());
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(controlled.calls).toHaveLength(1);
  });

  it('reports the use and the close to the list through the claim, not through the view', async () => {
    const controlled = controlledActors(['markSliderUsed']);
    const slider = controlled.provideTo(sliderLogic);
    const { onClaimChanged, onClaimClosed, onClose } = renderRewardDetails(SLIDER_REWARD, 0, { slider });
    openStaffStep();
    drag(100);
    await act(async () => controlled.resolve('markSliderUsed', { success: 'OK' }));
    expect(onClaimChanged).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(onClaimClosed).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('End or Enter below 100 % does not validate; releasing a partial drag resets to 0', async () => {
    localStorage.setItem('profileUUID', DETAILS_SESSION.profileUUID);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const controlled = controlledActors(['markSliderUsed']);
    renderRewardDetails(SLIDER_REWARD, 0, { slider: controlled.provideTo(sliderLogic) });
    openStaffStep();
    act(() => thumb().focus());
    await user.keyboard('{ArrowRight}{ArrowUp}{PageUp}');
    expect(thumb()).toHaveAttribute('aria-valuenow', '45');
    await user.keyboard('{End}{Enter}{ArrowDown}');
    expect(thumb()).toHaveAttribute('aria-valuenow', '35');
    expect(controlled.calls).toHaveLength(0);
    // A drag continues from where the keyboard left the thumb.
    drag(20);
    expect(thumb()).toHaveAttribute('aria-valuenow', '55');
    fireEvent.pointerUp(thumb(), { pointerId: 1 });
    expect(thumb()).toHaveAttribute('aria-valuenow', '0');
  });

  it('releasing the hold before 2 s cancels it', async () => {
    localStorage.setItem('profileUUID', DETAILS_SESSION.profileUUID);
    const controlled = controlledActors(['markSliderUsed']);
    renderRewardDetails(SLIDER_REWARD, 0, { slider: controlled.provideTo(sliderLogic) });
    openStaffStep();
    fireEvent.pointerDown(holdButton());
    await act(() => vi.advanceTimersByTimeAsync(1900));
    fireEvent.pointerLeave(holdButton());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(controlled.calls).toHaveLength(0);
    expect(holdButton()).toHaveAttribute('data-state', 'idle');
  });

  it('completes at 75 % of the track width and closes 3 s after success', () => {
    expect(dragProgress(300, 400)).toBe(100);
    expect(dragProgress(150, 400)).toBe(50);
    expect(dragProgress(-20, 400)).toBe(0);
    expect(dragProgress(900, 400)).toBe(100);
    expect(dragProgress(150, 400, 30)).toBe(80);
    expect(dragProgress(-60, 400, 30)).toBe(10);
    expect(sliderMachine.implementations.delays.sliderSuccessClose).toBe(3000);
    expect(sliderMachine.implementations.delays.sliderHoldConfirm).toBe(2000);
  });

  it('chooses the failure text by code, never the server message', () => {
    const expired = sliderFailureText(new ApiError(409, 'reward_expired', 'past its validity'));
    expect(expired.message).toBe('Cette récompense a expiré : elle ne peut plus être utilisée.');
    expect(sliderFailureText(new ApiError(502, 'http_error', '502 Bad Gateway')).message).toBe(
      "Erreur lors de l'utilisation de la récompense.",
    );
    expect(sliderFailureText(new Error('x')).message).toBe("Erreur lors de l'utilisation de la récompense.");
  });

  it('aborts silently without sUUID', () => {
    const actor = createActor(sliderMachine, { input: { sUUID: null, profileUUID: 'p', rwId: 1 } }).start();
    actor.send({ type: 'slider.staffOpen' });
    actor.send({ type: 'slider.drag', progress: 100 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.progress).toBe(0);
  });
});
