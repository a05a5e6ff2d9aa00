import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { toastMachine } from '../../machines/toast.machine.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { makeHotel, STAY_ID } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** The real machine with a short timer, so the automatic hiding runs in real time. */
const quickToast = toastMachine.provide({ delays: { toastAutoHide: 300 } });

const events: AnyEventObject[] = [
  { type: 'toast.show', content: { kind: 'proofSuccess', points: 20 } },
  { type: 'toast.dismiss' },
  { type: 'xstate.after.toastAutoHide.toast.visible' },
];

const model = new TestModel(toastMachine as unknown as ActorLogic<ToastSnapshot, AnyEventObject, undefined>, {
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

const [show, dismiss, autoHide] = events as [AnyEventObject, AnyEventObject, AnyEventObject];

/** Hiding returns to the initial state, which path generation merges away: name those journeys. */
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([show, dismiss, show]),
  ...model.getPathsFromEvents([show, autoHide]),
];

describe('proof_success toast on the actions page', () => {
  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      localStorage.setItem('welcomeShown', 'true');
      const { user, router } = await renderLoadedActionsPage({
        hotel: makeHotel({ hGreenMilesName: 'Feuilles' }),
        logic: { proofToast: quickToast },
      });
      const region = () => document.querySelector('[data-scope="toast-region"]');

      await path.test({
        states: {
          hidden: async () => {
            await waitFor(() => expect(region()).toHaveAttribute('data-state', 'hidden'));
            expect(screen.queryByText(/Bravo/)).not.toBeInTheDocument();
          },
          visible: async () => {
            const message = await screen.findByText('Bravo ! Vous avez gagné 20 Feuilles !');
            const toast = message.closest('[role="status"]') as HTMLElement;
            expect(within(toast).getByText('+20')).toBeInTheDocument();
            expect(region()).toHaveAttribute('data-state', 'visible');
            // The query is removed from the address, replacing the history entry.
            await waitFor(() => expect(router.state.location.search).toEqual({}));
            expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}`);
          },
        },
        events: {
          'toast.show': async () => {
            await router.navigate({ href: `/stay/${STAY_ID}?proof_success=20` });
          },
          'toast.dismiss': async () => {
            await user.click(screen.getByRole('button', { name: 'Fermer' }));
          },
          'xstate.after.toastAutoHide.toast.visible': async () => {
            await waitFor(() => expect(screen.queryByText(/Bravo/)).not.toBeInTheDocument());
          },
        },
      });
    });
  }

  it('shows the toast for a page opened with ?proof_success=N', async () => {
    localStorage.setItem('welcomeShown', 'true');
    const { router } = await renderLoadedActionsPage({ url: `/stay/${STAY_ID}?proof_success=35` });
    expect(await screen.findByText('Bravo ! Vous avez gagné 35 GreenMiles !')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('hides after the 3000 ms toast delay by default', () => {
    expect(toastMachine.implementations.delays.toastAutoHide).toBe(3000);
  });
});
