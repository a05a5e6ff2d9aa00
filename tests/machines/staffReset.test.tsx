import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, PromiseActorLogic } from 'xstate';
import type { StaffSessionReply } from '../../contract/schemas.ts';
import { staffResetMachine } from '../../machines/staffReset.machine.ts';
import { staffResetOverlayMachine } from '../../machines/staffResetOverlay.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { transitionsModel } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const PIN = '731946';
/** A sign-in by PIN alone answers the account whose PIN it is, one that may reset a stay; the dialog uses its token. */
const SESSION: StaffSessionReply = {
  token: 'staff-token',
  expiresAt: '2026-11-23T10:15:00.000Z',
  account: { id: 2, name: 'Amina', role: 'frontDesk' },
};

const events: AnyEventObject[] = [
  { type: 'staffPin.submit', pin: PIN },
  { type: 'staffReset.cancel' },
  { type: 'xstate.done.actor.openStaffSession', output: SESSION },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(403, 'staff_pin_invalid', 'Wrong staff PIN') },
  {
    type: 'xstate.error.actor.openStaffSession',
    error: new ApiError(429, 'staff_pin_rate_limited', 'Too many wrong staff PINs', { retryAfterSeconds: 250 }),
  },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.done.actor.terminateStay', output: makeStay({ status: 'finished', remainingDays: 0 }) },
  { type: 'xstate.error.actor.terminateStay', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
];

const model = transitionsModel(staffResetMachine, { sUUID: STAY_ID, profileUUID: PROFILE_ID, hId: 1 }, events);

const LONG_PRESS_ENDED = 'xstate.after.staffResetLongPress.staffResetOverlay.pressing';

const overlayEvents: AnyEventObject[] = [
  { type: 'title.pressStart' },
  { type: 'title.pressEnd' },
  { type: LONG_PRESS_ENDED },
  { type: 'xstate.done.actor.prepareStaffReset' },
  { type: 'xstate.error.actor.prepareStaffReset', error: new TypeError('Failed to fetch dynamically imported module') },
  { type: 'xstate.done.actor.staffReset', output: { terminated: false } },
  { type: 'xstate.done.actor.staffReset', output: { terminated: true } },
];

const overlayModel = transitionsModel(
  staffResetOverlayMachine,
  { sUUID: STAY_ID, profileUUID: PROFILE_ID, hId: 1 },
  overlayEvents,
);

const FAILURE_TEXTS = {
  wrongPin: 'Mot de passe incorrect',
  // 250 s rounded up to minutes.
  rateLimited: 'Trop de tentatives. Réessayez dans 5 min.',
  failed: 'Une erreur est survenue',
} as const;

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

/**
 * The loaded actions page whose staff reset calls the test settles (and the PIN dialog's code loading, when given);
 * the stay is remembered in storage.
 */
async function renderPage(prepareStaffReset?: PromiseActorLogic<void, void>) {
  localStorage.setItem('welcomeShown', 'true');
  localStorage.setItem('sUUID', STAY_ID);
  localStorage.setItem('currentStayUUID', STAY_ID);
  const controlled = controlledActors(['openStaffSession', 'terminateStay']);
  const page = await renderLoadedActionsPage({
    logic: { staffReset: controlled.provideTo(staffResetMachine), prepareStaffReset },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...page, user, controlled };
}

/** A 1 s press on the header title: the root spawns the PIN dialog (the machine's start). */
async function longPressTitle() {
  fireEvent.pointerDown(title() as HTMLElement, { button: 0 });
  await act(() => vi.advanceTimersByTimeAsync(1000));
  fireEvent.pointerUp(title() as HTMLElement);
}

describe('staff reset machine: model paths drive the PIN dialog, opened by a long press on the header title', () => {
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      const { user, controlled, router } = await renderPage();
      expect(dialog()).toBeNull();
      await longPressTitle();
      await path.test({
        states: {
          askingPin: async (snapshot) => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' });
            const field = within(shown).getByLabelText('Mot de passe');
            expect(field).toHaveAttribute('type', 'password');
            expect(field).toHaveValue('');
            await waitFor(() => expect(field).toHaveFocus());
            expect(within(shown).getByRole('button', { name: 'Valider' })).toBeDisabled();
            const { failure } = snapshot.context;
            if (failure === null) expect(within(shown).queryByRole('alert')).toBeNull();
            else expect(within(shown).getByRole('alert')).toHaveTextContent(FAILURE_TEXTS[failure]);
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
          },
          checkingPin: async () => {
            const shown = dialog();
            expect(shown).not.toBeNull();
            await waitFor(() => expect(screen.getByRole('button', { name: 'Vérification…' })).toBeDisabled());
            expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({ name: 'openStaffSession', input: { hId: 1, pin: PIN } });
          },
          terminating: async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Fin du séjour…' })).toBeDisabled());
            expect(controlled.calls.at(-1)).toEqual({
              name: 'terminateStay',
              input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, staffToken: SESSION.token },
            });
          },
          cancelled: async () => {
            await waitFor(() => expect(dialog()).toBeNull());
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
            expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}`);
            // It opens again.
            await longPressTitle();
            expect(await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' })).toBeInTheDocument();
          },
          terminated: async () => {
            await waitFor(() => expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}/finished`));
            expect(localStorage.getItem('sUUID')).toBeNull();
            expect(localStorage.getItem('currentStayUUID')).toBeNull();
            expect(localStorage.getItem('profileUUID')).toBe(PROFILE_ID);
          },
        },
        events: {
          'staffPin.submit': async (step) => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' });
            await user.type(within(shown).getByLabelText('Mot de passe'), eventOf<{ pin: string }>(step).pin);
            await user.click(within(shown).getByRole('button', { name: 'Valider' }));
          },
          'staffReset.cancel': async () => {
            await user.click(screen.getByRole('button', { name: 'Annuler' }));
          },
          'xstate.done.actor.openStaffSession': async (step) => {
            await act(async () => controlled.resolve('openStaffSession', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.openStaffSession': async (step) => {
            await act(async () => controlled.reject('openStaffSession', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.terminateStay': async (step) => {
            await act(async () => controlled.resolve('terminateStay', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.terminateStay': async (step) => {
            await act(async () => controlled.reject('terminateStay', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    });
  }
});

describe('staff reset gestures', () => {
  it('a short press or click on the title opens nothing', async () => {
    const { user } = await renderPage();
    fireEvent.pointerDown(title() as HTMLElement, { button: 0 });
    await act(() => vi.advanceTimersByTimeAsync(900));
    fireEvent.pointerUp(title() as HTMLElement);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await user.click(title() as HTMLElement);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(dialog()).toBeNull();
  });

  it('leaving the title ends the press', async () => {
    await renderPage();
    fireEvent.pointerDown(title() as HTMLElement, { button: 0 });
    fireEvent.pointerLeave(title() as HTMLElement);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(dialog()).toBeNull();
  });

  it.each(['{Enter>}', '{ >}'])(
    'the keyboard: the focusable title held with %s for 1 s opens the dialog',
    async (hold) => {
      const { user } = await renderPage();
      const opener = title() as HTMLElement;
      expect(opener).toHaveAttribute('role', 'button');
      expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
      await user.tab();
      expect(opener).toHaveFocus();
      await user.keyboard(hold);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' })).toBeInTheDocument();
    },
  );

  it('the keyboard: a short Enter press opens nothing', async () => {
    const { user } = await renderPage();
    await user.tab();
    await user.keyboard('{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(dialog()).toBeNull();
  });

  it('Escape closes the dialog and gives the focus back to the title', async () => {
    const { user } = await renderPage();
    await user.tab();
    await user.keyboard('{Enter>}');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await user.keyboard('{/Enter}');
    await screen.findByRole('dialog', { name: 'Réinitialiser le séjour' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
    expect(title()).toHaveFocus();
  });
});

describe('staff reset overlay machine: model paths drive the header title and the PIN dialog it opens', () => {
  for (const path of overlayModel.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const code = controlledActors(['prepareStaffReset']);
      const { user, controlled, router } = await renderPage(code.actorAs<void, void>('prepareStaffReset'));
      const stillOnTheStay = () => {
        expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
        expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}`);
      };
      await path.test({
        states: {
          closed: async (snapshot) => {
            await waitFor(() => expect(dialog()).toBeNull());
            expect(code.isPending('prepareStaffReset')).toBe(false);
            stillOnTheStay();
            expect(snapshot.children.staffReset).toBeUndefined();
          },
          pressing: async () => {
            // Not yet a second: nothing loads, nothing opens.
            expect(code.isPending('prepareStaffReset')).toBe(false);
            expect(dialog()).toBeNull();
          },
          preparing: async () => {
            await waitFor(() => expect(code.isPending('prepareStaffReset')).toBe(true));
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
            await act(async () => code.resolve('prepareStaffReset', undefined));
          },
          'xstate.error.actor.prepareStaffReset': async (step) => {
            const { error } = eventOf<{ error: unknown }>(step);
            await act(async () => code.reject('prepareStaffReset', error));
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
            await act(async () => controlled.resolve('openStaffSession', SESSION));
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
