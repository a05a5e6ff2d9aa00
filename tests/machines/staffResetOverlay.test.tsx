import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { StaffResetInput } from '../../machines/staffReset.machine.ts';
import { staffResetMachine } from '../../machines/staffReset.machine.ts';
import { staffResetOverlayMachine } from '../../machines/staffResetOverlay.machine.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type OverlaySnapshot = SnapshotFrom<typeof staffResetOverlayMachine>;

const PIN = '731946';
const LONG_PRESS_ENDED = 'xstate.after.staffResetLongPress.staffResetOverlay.pressing';

const events: AnyEventObject[] = [
  { type: 'title.pressStart' },
  { type: 'title.pressEnd' },
  { type: LONG_PRESS_ENDED },
  { type: 'xstate.done.actor.prepareStaffReset' },
  { type: 'xstate.error.actor.prepareStaffReset', error: new TypeError('Failed to fetch dynamically imported module') },
  { type: 'xstate.done.actor.staffReset', output: { terminated: false } },
  { type: 'xstate.done.actor.staffReset', output: { terminated: true } },
];

const model = new TestModel(
  staffResetOverlayMachine as unknown as ActorLogic<OverlaySnapshot, AnyEventObject, StaffResetInput>,
  {
    input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, hId: 1 },
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    // Told apart by the event that led there, so a path ends with every transition.
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  },
);

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const title = () => document.querySelector<HTMLElement>('[data-scope="stay-header"] [data-part="title"]');
const dialog = () => screen.queryByRole('dialog', { name: 'Réinitialiser le séjour' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The loaded actions page whose overlay's code loading and PIN dialog calls the test settles. */
async function renderPage() {
  localStorage.setItem('welcomeShown', 'true');
  localStorage.setItem('sUUID', STAY_ID);
  localStorage.setItem('currentStayUUID', STAY_ID);
  const controlled = controlledActors(['prepareStaffReset', 'openStaffSession', 'terminateStay']);
  const page = await renderLoadedActionsPage({
    logic: {
      prepareStaffReset: controlled.actorAs<void, void>('prepareStaffReset'),
      staffReset: controlled.provideTo(staffResetMachine),
    },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...page, user, controlled };
}

describe('staff reset overlay machine: model paths drive the header title and the PIN dialog it opens', () => {
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, controlled, router } = await renderPage();
      const stillOnTheStay = () => {
        expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
        expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}`);
      };
      await path.test({
        states: {
          closed: async (snapshot) => {
            await waitFor(() => expect(dialog()).toBeNull());
            expect(controlled.isPending('prepareStaffReset')).toBe(false);
            stillOnTheStay();
            expect(snapshot.children.staffReset).toBeUndefined();
          },
          pressing: async () => {
            // Not yet a second: nothing loads, nothing opens.
            expect(controlled.isPending('prepareStaffReset')).toBe(false);
            expect(dialog()).toBeNull();
          },
          preparing: async () => {
            await waitFor(() => expect(controlled.isPending('prepareStaffReset')).toBe(true));
            expect(dialog()).toBeNull();
          },
          open: async () => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' });
            expect(within(shown).getByLabelText('Mot de passe')).toHaveValue('');
            stillOnTheStay();
          },
          terminated: async () => {
            await waitFor(() => expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}/finished`));
            expect(localStorage.getItem('sUUID')).toBeNull();
            expect(localStorage.getItem('currentStayUUID')).toBeNull();
          },
        },
        events: {
          'title.pressStart': async () => {
            fireEvent.pointerDown(title() as HTMLElement, { button: 0 });
          },
          'title.pressEnd': async () => {
            fireEvent.pointerUp(title() as HTMLElement);
          },
          [LONG_PRESS_ENDED]: async () => {
            await act(() => vi.advanceTimersByTimeAsync(1000));
            // The press ends after the second, as a finger lifts: the dialog stays.
            fireEvent.pointerUp(title() as HTMLElement);
          },
          'xstate.done.actor.prepareStaffReset': async () => {
            await act(async () => controlled.resolve('prepareStaffReset', undefined));
          },
          'xstate.error.actor.prepareStaffReset': async (step) => {
            const { error } = eventOf<{ error: unknown }>(step);
            await act(async () => controlled.reject('prepareStaffReset', error));
            // A code that did not load is logged; the page stays, the title can be pressed again.
            expect(logged).toHaveBeenCalledWith('A flow of the stay page failed', error);
          },
          'xstate.done.actor.staffReset': async (step) => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' });
            if (!eventOf<{ output: { terminated: boolean } }>(step).output.terminated) {
              await user.click(within(shown).getByRole('button', { name: 'Annuler' }));
              return;
            }
            await user.type(within(shown).getByLabelText('Mot de passe'), PIN);
            await user.click(within(shown).getByRole('button', { name: 'Valider' }));
            await act(async () =>
              controlled.resolve('openStaffSession', { token: 'staff-token', expiresAt: '2026-11-23T10:15:00.000Z' }),
            );
            await waitFor(() => expect(controlled.isPending('terminateStay')).toBe(true));
            await act(async () =>
              controlled.resolve('terminateStay', makeStay({ status: 'finished', remainingDays: 0 })),
            );
          },
        },
      });
    });
  }
});
