import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { type DemoResetInput, demoResetMachine } from '../../machines/demoReset.machine.ts';
import { demoResetOverlayMachine } from '../../machines/demoResetOverlay.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type OverlaySnapshot = SnapshotFrom<typeof demoResetOverlayMachine>;

const events: AnyEventObject[] = [
  { type: 'demoReset.open' },
  { type: 'xstate.done.actor.demoReset', output: { reset: false } },
  { type: 'xstate.done.actor.demoReset', output: { reset: true } },
];

const model = new TestModel(
  demoResetOverlayMachine as unknown as ActorLogic<OverlaySnapshot, AnyEventObject, DemoResetInput>,
  {
    input: { sUUID: STAY_ID, profileUUID: PROFILE_ID },
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    // Told apart by the event that led there, so a path ends with every transition.
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  },
);

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const panel = () => document.querySelector('[data-scope="demo-reset"]');
const question = () => screen.queryByRole('dialog', { name: 'Réinitialiser la démo ?' });
const ACTIONS = [makeAction({ actId: 1, aadName: 'Serviettes', actType: 'YESNO' })];
const SERVER_REFUSAL = new ApiError(403, 'not_a_demo_stay', 'Only the stays of a demo hotel can be reset');

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
    hotel: makeHotel({ isDemo: true }),
    withShell: true,
    logic: { demoReset: controlled.provideTo(demoResetMachine) },
  });
  page.actions.resolve('loadActions', ACTIONS);
  await screen.findByRole('article', { name: 'Serviettes' });
  return { ...page, controlled };
}

describe("demo reset overlay machine: model paths drive the demo bar's reset panel and its question", () => {
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
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
