import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, SnapshotFrom } from 'xstate';
import type { Reward, Stay } from '../../contract/schemas.ts';
import { type FinishedStayInput, finishedStayMachine } from '../../machines/finishedStay.machine.ts';
import { displayedCode } from '../../machines/rewardClaim.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { FinishedPage } from '../../src/views/finished/FinishedPage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';
import { matchesPath } from '../support/graph-model.ts';

// Rewards spent part of what the stay earned: the page tells the earned total (issue 15).
const baseStay = makeStay({ greenMiles: 40, earnedGreenMiles: 140, remainingDays: 2, endDate: '2026-11-23' });
const STAYS = new Map<Stay, string>([
  [baseStay, 'ends in 2 days'],
  [{ ...baseStay, remainingDays: null, endDate: null }, 'no end date'],
  [{ ...baseStay, status: 'finished', remainingDays: 0 }, 'ended today'],
  [
    { ...baseStay, status: 'finished', remainingDays: -3, profile: { firstName: 'Alice', lastName: 'Martin' } },
    'ended',
  ],
]);

type FinishedStayModelEvent =
  | { type: 'xstate.done.actor.loadStay'; output: Stay }
  | { type: 'xstate.error.actor.loadStay'; error: unknown }
  | { type: 'xstate.done.actor.loadRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.loadRewards'; error: unknown }
  | { type: 'rewards.retry' };

/** The stay's rewards: a claimed code, a donation, a used discount, and one never claimed. */
const REWARDS: Reward[] = [
  reward({ rwId: 1, rwType: 'CODE', radName: 'Café offert', isClaimed: 1, code: 'A7K', validUntil: '2027-11-20' }),
  reward({ rwId: 2, rwType: 'EAU', radName: "Don de 50 litres d'eau", isClaimed: 1 }),
  reward({ rwId: 3, rwType: 'SLIDER', radName: '-10 % au bar', isClaimed: 1, isUsed: 1 }),
  reward({ rwId: 4, rwType: 'CODE', radName: 'Visite guidée', isClaimed: 0 }),
];

// The model sends the invoked calls' done/error events, which the machine's event type does not list.
const modelLogic = finishedStayMachine as unknown as ActorLogic<
  SnapshotFrom<typeof finishedStayMachine>,
  FinishedStayModelEvent,
  FinishedStayInput
>;

const events: FinishedStayModelEvent[] = [
  ...[...STAYS.keys()].map((output) => ({ type: 'xstate.done.actor.loadStay' as const, output })),
  { type: 'xstate.error.actor.loadStay', error: new ApiError(404, 'not_found', 'Stay not found') },
];
const RETRY: FinishedStayModelEvent = { type: 'rewards.retry' };
const rewardEvents: FinishedStayModelEvent[] = [
  { type: 'xstate.done.actor.loadRewards', output: REWARDS },
  { type: 'xstate.done.actor.loadRewards', output: [] },
  { type: 'xstate.error.actor.loadRewards', error: new ApiError(0, 'network_error', 'Failed to fetch') },
];

function describeEvent(event: FinishedStayModelEvent): string {
  if (event.type === 'xstate.done.actor.loadStay') return `stay ${STAYS.get(event.output)}`;
  if (event.type === 'xstate.done.actor.loadRewards') return `${event.output.length} rewards`;
  if (event.type === 'xstate.error.actor.loadRewards') return 'rewards failed';
  return event.type === 'rewards.retry' ? 'retry' : 'check failed';
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

const cases = [
  { name: 'finished page', prefix: '', profileUUID: PROFILE_ID },
  { name: 'demo finished page', prefix: '/demo', profileUUID: PROFILE_ID },
  { name: 'finished page on a device without profile', prefix: '', profileUUID: null },
  { name: 'demo finished page on a device without profile', prefix: '/demo', profileUUID: null },
];

describe.each(cases)('finishedStay on the $name', ({ prefix, profileUUID }) => {
  const model = new TestModel(modelLogic, {
    input: { sUUID: STAY_ID, profileUUID, language: 'fr' },
    // The calls settle only while they run; 'Réessayer' only after a failure.
    events: (snapshot) => {
      if (snapshot.matches('checking')) return events;
      if (snapshot.matches({ finished: 'loadingRewards' })) return rewardEvents;
      return snapshot.matches({ finished: 'rewardsFailed' }) ? [RETRY] : [];
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
  const url = `${prefix}/stay/${STAY_ID}/finished`;

  for (const path of model.getShortestPaths()) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event as FinishedStayModelEvent));
    it(`${steps.join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`, async () => {
      if (profileUUID) localStorage.setItem('profileUUID', profileUUID);
      localStorage.setItem('sUUID', STAY_ID);
      localStorage.setItem('currentStayUUID', STAY_ID);
      const controlled = controlledActors(['loadStay', 'loadRewards']);
      const logic = controlled.provideTo(finishedStayMachine);
      const { router } = renderStayRoutes(url, {
        finished: ({ sUUID }) => <FinishedPage sUUID={sUUID} logic={logic} />,
      });
      const pathname = () => router.state.location.pathname;
      const root = () => document.querySelector('[data-scope="finished-stay"]');

      await path.test({
        states: {
          checking: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'checking'));
            expect(screen.getByRole('status')).toHaveTextContent('Vérification de votre séjour…');
            // The invoked call starts right after the state renders: wait for it rather than race it.
            await waitFor(() =>
              expect(controlled.calls).toEqual([
                { name: 'loadStay', input: { sUUID: STAY_ID, profileUUID: PROFILE_ID } },
              ]),
            );
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
          },
          finished: async (snapshot) => {
            const { stay } = snapshot.context;
            if (!stay) throw new Error('finished without a stay');
            const title = stay.profile.firstName ? `Merci ${stay.profile.firstName} !` : 'Merci pour votre séjour !';
            expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
            expect(root()?.getAttribute('data-state')).toMatch(/^finished/);
            const badges = within(screen.getByRole('list', { name: 'Vos badges' })).getAllByRole('listitem');
            expect(badges[0]).toHaveTextContent(`${stay.earnedGreenMiles} points gagnés`);
            expect(badges).toHaveLength(4);
            expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
            expect(localStorage.getItem('sUUID')).toBeNull();
            expect(localStorage.getItem('currentStayUUID')).toBeNull();
            expect(localStorage.getItem('profileUUID')).toBe(PROFILE_ID);
            expect(pathname()).toBe(url);
          },
          'finished.loadingRewards': async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'finished.loadingRewards'));
            expect(screen.getByRole('status')).toHaveTextContent('Chargement des récompenses…');
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadRewards',
              input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'fr' },
            });
          },
          'finished.shown': async (snapshot) => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'finished.shown'));
            const section = screen.getByRole('region', { name: 'Vos récompenses' });
            if (snapshot.context.claimedRewards.length === 0) {
              expect(section).toHaveTextContent('Aucune récompense réclamée pendant ce séjour.');
              return;
            }
            // Read-only: the claimed ones only, with what the guest may still need; no button.
            const items = within(section).getAllByRole('listitem');
            expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
              'Café offert',
              "Don de 50 litres d'eau",
              '-10 % au bar',
            ]);
            // The code as the rewards page shows it.
            expect(items[0]).toHaveTextContent(displayedCode('Hôtel Les Tilleuls', 'A7K'));
            expect(items[0]).toHaveTextContent("Valable jusqu'au 20 novembre 2027");
            expect(items[1]).toHaveTextContent("50 litres d'eau donnés");
            expect(items[2]).toHaveTextContent('Utilisée');
            expect(within(section).queryByRole('button')).toBeNull();
          },
          'finished.rewardsFailed': async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Impossible de récupérer les récompenses.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
          },
          redirectingToStay: async () => {
            expect(await screen.findByText('actions page')).toBeInTheDocument();
            expect(pathname()).toBe(`${prefix}/stay/${STAY_ID}`);
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
            expect(localStorage.getItem('currentStayUUID')).toBe(STAY_ID);
          },
          redirectingHome: async () => {
            expect(await screen.findByText('welcome page')).toBeInTheDocument();
            expect(pathname()).toBe(prefix || '/');
            if (!profileUUID) expect(controlled.calls).toEqual([]);
          },
        },
        events: {
          'xstate.done.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.resolve('loadStay', eventOf<{ output: Stay }>(step).output);
          },
          'xstate.error.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.reject('loadStay', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.done.actor.loadRewards': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            controlled.resolve('loadRewards', eventOf<{ output: Reward[] }>(step).output);
          },
          'xstate.error.actor.loadRewards': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            controlled.reject('loadRewards', eventOf<{ error: unknown }>(step).error);
          },
          'rewards.retry': async () => {
            await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
          },
        },
      });
    });
  }
});
