import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { demoResetMachine } from '../../machines/demoReset.machine.ts';
import { demoResetOverlayMachine } from '../../machines/demoResetOverlay.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { transitionsModel } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const SERVER_REFUSAL = new ApiError(403, 'not_a_demo_stay', 'Only the stays of a demo hotel can be reset');
const events: AnyEventObject[] = [
  { type: 'demoReset.confirm' },
  { type: 'demoReset.cancel' },
  { type: 'xstate.done.actor.resetDemoStay', output: makeStay({ greenMiles: 0 }) },
  { type: 'xstate.error.actor.resetDemoStay', error: SERVER_REFUSAL },
  { type: 'xstate.error.actor.resetDemoStay', error: new ApiError(0, 'network_error', 'Failed to fetch') },
];

const model = transitionsModel(demoResetMachine, { sUUID: STAY_ID, profileUUID: PROFILE_ID }, events);

const overlayEvents: AnyEventObject[] = [
  { type: 'demoReset.open' },
  { type: 'xstate.done.actor.demoReset', output: { reset: false } },
  { type: 'xstate.done.actor.demoReset', output: { reset: true } },
];

const overlayModel = transitionsModel(
  demoResetOverlayMachine,
  { sUUID: STAY_ID, profileUUID: PROFILE_ID },
  overlayEvents,
);

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const panel = () => document.querySelector('[data-scope="demo-reset"]');
const question = () => screen.queryByRole('dialog', { name: 'Réinitialiser la démo ?' });
const DEMO_HOTEL = makeHotel({ isDemo: true });
const ACTIONS = [makeAction({ actId: 1, aadName: 'Serviettes', actType: 'YESNO' })];

// The layout asks for the window width (jsdom has no matchMedia): a phone, full screen with the demo bar on top.
const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

/** The loaded demo actions page inside the app's layout, whose demo reset call the test settles. */
async function renderDemoPage() {
  localStorage.setItem('welcomeShown', 'true');
  const controlled = controlledActors(['resetDemoStay']);
  const page = await renderLoadedActionsPage({
    url: `/demo/stay/${STAY_ID}`,
    hotel: DEMO_HOTEL,
    withShell: true,
    logic: { demoReset: controlled.provideTo(demoResetMachine) },
  });
  page.actions.resolve('loadActions', ACTIONS);
  await screen.findByRole('article', { name: 'Serviettes' });
  return { ...page, controlled };
}

describe('demo reset machine: model paths drive the demo layout’s reset panel', () => {
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      const { user, controlled, session, actions, router } = await renderDemoPage();
      // The panel's button asks the root, which spawns the question: the machine's start.
      const bar = document.querySelector('[data-part="demo-bar"]') as HTMLElement;
      const open = await within(bar).findByRole('button', { name: 'Réinitialiser la démo' });
      expect(panel()).toHaveAttribute('data-state', 'idle');
      expect(question()).toBeNull();
      await user.click(open);
      await path.test({
        states: {
          confirming: async (snapshot) => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
            expect(
              within(shown).getByText(
                'Les réponses, les points et les récompenses de ce séjour de démonstration seront effacés.',
              ),
            ).toBeVisible();
            expect(within(shown).getByRole('button', { name: 'Réinitialiser' })).toBeEnabled();
            const { failure } = snapshot.context;
            if (failure === null) expect(within(shown).queryByRole('alert')).toBeNull();
            else
              expect(within(shown).getByRole('alert')).toHaveTextContent(
                failure.kind === 'network'
                  ? 'Erreur réseau lors du reset démo'
                  : `Echec du reset: ${SERVER_REFUSAL.message}`,
              );
            expect(localStorage.getItem('welcomeShown')).toBe('true');
          },
          resetting: async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Réinitialisation…' })).toBeDisabled());
            expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'resetDemoStay',
              input: { sUUID: STAY_ID, profileUUID: PROFILE_ID },
            });
          },
          cancelled: async () => {
            await waitFor(() => expect(question()).toBeNull());
            expect(panel()).toHaveAttribute('data-state', 'idle');
            expect(localStorage.getItem('welcomeShown')).toBe('true');
            expect(actions.isPending('loadActions')).toBe(false);
            // It can be asked again.
            await user.click(screen.getByRole('button', { name: 'Réinitialiser la démo' }));
            expect(await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' })).toBeInTheDocument();
          },
          reset: async () => {
            // The page starts again on the reset stay: the stay and the actions load again, the popup comes back.
            await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
            await waitFor(() => expect(actions.isPending('loadActions')).toBe(true));
            expect(localStorage.getItem('welcomeShown')).toBeNull();
            expect(router.state.location.pathname).toBe(`/demo/stay/${STAY_ID}`);
            expect(question()).toBeNull();
            await act(async () => actions.resolve('loadActions', ACTIONS));
            expect(await screen.findByRole('dialog', { name: 'Bienvenue sur GreenMiles !' })).toBeInTheDocument();
            expect(panel()).toHaveAttribute('data-state', 'idle');
          },
        },
        events: {
          'demoReset.confirm': async () => {
            await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
          },
          'demoReset.cancel': async () => {
            await user.click(screen.getByRole('button', { name: 'Annuler' }));
          },
          'xstate.done.actor.resetDemoStay': async (step) => {
            await act(async () => controlled.resolve('resetDemoStay', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.resetDemoStay': async (step) => {
            await act(async () => controlled.reject('resetDemoStay', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    });
  }
});

describe('demo reset panel', () => {
  it('is not drawn outside /demo', async () => {
    const page = await renderLoadedActionsPage({ withShell: true });
    page.actions.resolve('loadActions', ACTIONS);
    await screen.findByRole('article', { name: 'Serviettes' });
    expect(document.querySelector('[data-part="demo-bar"]')).toBeNull();
    expect(panel()).toBeNull();
  });

  it('Escape closes the question', async () => {
    const { user } = await renderDemoPage();
    await user.click(await screen.findByRole('button', { name: 'Réinitialiser la démo' }));
    await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).toBeNull());
    expect(panel()).toHaveAttribute('data-state', 'idle');
  });
});

describe("demo reset overlay machine: model paths drive the demo bar's reset panel and its question", () => {
  for (const path of overlayModel.getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      const { user, controlled, session, actions, router } = await renderDemoPage();
      const bar = document.querySelector('[data-part="demo-bar"]') as HTMLElement;
      await path.test({
        states: {
          closed: async () => {
            await within(bar).findByRole('button', { name: 'Réinitialiser la démo' });
            await waitFor(() => expect(question()).toBeNull());
            expect(panel()).toHaveAttribute('data-state', 'idle');
            expect(localStorage.getItem('welcomeShown')).toBe('true');
            expect(actions.isPending('loadActions')).toBe(false);
          },
          open: async () => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
            expect(panel()).toHaveAttribute('data-state', 'asking');
            expect(within(shown).queryByRole('alert')).toBeNull();
            expect(within(shown).getByRole('button', { name: 'Réinitialiser' })).toBeEnabled();
          },
          reset: async () => {
            // The page starts again on the reset stay.
            await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
            await waitFor(() => expect(actions.isPending('loadActions')).toBe(true));
            expect(localStorage.getItem('welcomeShown')).toBeNull();
            expect(router.state.location.pathname).toBe(`/demo/stay/${STAY_ID}`);
            expect(question()).toBeNull();
          },
        },
        events: {
          'demoReset.open': async () => {
            await user.click(await within(bar).findByRole('button', { name: 'Réinitialiser la démo' }));
          },
          'xstate.done.actor.demoReset': async (step) => {
            const shown = await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
            if (!eventOf<{ output: { reset: boolean } }>(step).output.reset) {
              await user.click(within(shown).getByRole('button', { name: 'Annuler' }));
              return;
            }
            await user.click(within(shown).getByRole('button', { name: 'Réinitialiser' }));
            await act(async () => controlled.resolve('resetDemoStay', makeStay({ greenMiles: 0 })));
          },
        },
      });
    });
  }
});

describe('demo reset overlay', () => {
  it('a second ask replaces the question: the refusal of the first one goes', async () => {
    const { user, controlled } = await renderDemoPage();
    const bar = document.querySelector('[data-part="demo-bar"]') as HTMLElement;
    const ask = async () => user.click(await within(bar).findByRole('button', { name: 'Réinitialiser la démo' }));
    await ask();
    const first = await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
    await user.click(within(first).getByRole('button', { name: 'Réinitialiser' }));
    await act(async () => controlled.reject('resetDemoStay', SERVER_REFUSAL));
    expect(await within(first).findByRole('alert')).toHaveTextContent(`Echec du reset: ${SERVER_REFUSAL.message}`);
    await ask();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const second = await screen.findByRole('dialog', { name: 'Réinitialiser la démo ?' });
    expect(within(second).getByRole('button', { name: 'Réinitialiser' })).toBeEnabled();
    expect(panel()).toHaveAttribute('data-state', 'asking');
  });
});
