import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, SnapshotFrom } from 'xstate';
import type { Stay } from '../../contract/schemas.ts';
import { type FinishedStayInput, finishedStayMachine } from '../../machines/finishedStay.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { FinishedPage } from '../../src/views/finished/FinishedPage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';

const baseStay = makeStay({ greenMiles: 140, remainingDays: 2, endDate: '2026-11-23' });
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
  | { type: 'xstate.error.actor.loadStay'; error: unknown };

// The model sends the invoked check's done/error events, which the machine's (empty) event type does not list.
const modelLogic = finishedStayMachine as unknown as ActorLogic<
  SnapshotFrom<typeof finishedStayMachine>,
  FinishedStayModelEvent,
  FinishedStayInput
>;

const events: FinishedStayModelEvent[] = [
  ...[...STAYS.keys()].map((output) => ({ type: 'xstate.done.actor.loadStay' as const, output })),
  { type: 'xstate.error.actor.loadStay', error: new ApiError(404, 'not_found', 'Stay not found') },
];

function describeEvent(event: FinishedStayModelEvent): string {
  return event.type === 'xstate.done.actor.loadStay' ? `stay ${STAYS.get(event.output)}` : 'check failed';
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
    input: { sUUID: STAY_ID, profileUUID },
    // The check settles only while it runs.
    events: (snapshot) => (snapshot.matches('checking') ? events : []),
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  });
  const url = `${prefix}/stay/${STAY_ID}/finished`;

  for (const path of model.getShortestPaths()) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event as FinishedStayModelEvent));
    it(`${steps.join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`, async () => {
      if (profileUUID) localStorage.setItem('profileUUID', profileUUID);
      localStorage.setItem('sUUID', STAY_ID);
      localStorage.setItem('currentStayUUID', STAY_ID);
      const controlled = controlledActors(['loadStay']);
      const logic = finishedStayMachine.provide({ actors: controlled.actors as never });
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
            expect(root()).toHaveAttribute('data-state', 'finished');
            const badges = within(screen.getByRole('list', { name: 'Vos badges' })).getAllByRole('listitem');
            expect(badges[0]).toHaveTextContent(`${stay.greenMiles} points gagnés`);
            expect(badges).toHaveLength(4);
            expect(screen.queryByRole('status')).not.toBeInTheDocument();
            expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
            expect(localStorage.getItem('sUUID')).toBeNull();
            expect(localStorage.getItem('currentStayUUID')).toBeNull();
            expect(localStorage.getItem('profileUUID')).toBe(PROFILE_ID);
            expect(pathname()).toBe(url);
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
        },
      });
    });
  }
});
