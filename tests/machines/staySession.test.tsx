import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { HotelReply } from '../../contract/schemas.ts';
import { NETWORK_FAILURE } from '../../machines/failureTexts.ts';
import { rewardsListMachine } from '../../machines/rewardsList.machine.ts';
import { isStayFinished, type StaySessionInput, staySessionMachine } from '../../machines/staySession.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { handedOverStay, handOverStay } from '../../src/storage/stay-handover.ts';
import { StayPage, useStaySession } from '../../src/views/stay/StaySession.tsx';
import { useStayChild } from '../../src/views/stay/stayActor.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';
import { stayTreeLogic } from '../app/stay-tree.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const S = STAY_ID;
const PROFILE = PROFILE_ID;

const roomStay = makeStay();
const namedStay = makeStay({ greenMiles: 95, profile: { firstName: 'Alice', lastName: 'Martin' } });
const finishedStay = makeStay({ status: 'finished', remainingDays: 0 });

function hotelReply(isDemo: boolean): HotelReply {
  return makeHotel({ isDemo, hGreenMilesName: isDemo ? 'GreenMiles' : 'Feuilles' });
}

type StaySnapshot = SnapshotFrom<typeof staySessionMachine>;

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStay', output: roomStay },
  { type: 'xstate.done.actor.loadStay', output: namedStay },
  { type: 'xstate.done.actor.loadStay', output: finishedStay },
  { type: 'xstate.error.actor.loadStay', error: new ApiError(404, 'not_found', 'Stay not found') },
  { type: 'xstate.error.actor.loadStay', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.loadStay', error: new ApiError(500, 'internal_error', 'Database down') },
  { type: 'xstate.done.actor.loadHotel', output: hotelReply(false) },
  { type: 'xstate.done.actor.loadHotel', output: hotelReply(true) },
  { type: 'xstate.error.actor.loadHotel', error: new ApiError(500, 'x', 'y') },
  { type: 'stay.retry' },
  { type: 'stay.refresh' },
];

/** Before the stay is known, the header still offers the language menu (issue 15). */
function expectFrameHeader() {
  expect(within(screen.getByRole('banner')).getByRole('button', { name: /Langue/ })).toBeVisible();
}

/** A page inside the stay frame: shows what useStaySession() gives, and refreshes the session as the root would. */
function SessionProbe() {
  const session = useStaySession();
  const sessionActor = useStayChild('session');
  return (
    <section aria-label="page">
      <p>{`points ${session.stay.greenMiles} profile ${session.profileUUID} language ${session.language}`}</p>
      <button type="button" onClick={() => sessionActor.send({ type: 'stay.refresh' })}>
        refresh
      </button>
    </section>
  );
}

const cases: Array<{ name: string; active: 'actions' | 'rewards'; input: Omit<StaySessionInput, 'sUUID'> }> = [
  { name: 'actions page', active: 'actions', input: { profileUUID: PROFILE, isDemoPath: false } },
  { name: 'demo actions page', active: 'actions', input: { profileUUID: PROFILE, isDemoPath: true } },
  { name: 'rewards page', active: 'rewards', input: { profileUUID: PROFILE, isDemoPath: false } },
  { name: 'demo rewards page', active: 'rewards', input: { profileUUID: PROFILE, isDemoPath: true } },
  { name: 'device without profile', active: 'actions', input: { profileUUID: null, isDemoPath: false } },
  // docs/frontend.md#qr-scan-to-actions: the QR scan's stay creation answered the stay and its hotel.
  {
    name: 'actions page seeded by the QR scan',
    active: 'actions',
    input: { profileUUID: PROFILE, isDemoPath: false, seed: { stay: roomStay, hotel: hotelReply(false) } },
  },
  {
    name: 'actions page seeded by a demo hotel QR scan',
    active: 'actions',
    input: { profileUUID: PROFILE, isDemoPath: false, seed: { stay: roomStay, hotel: hotelReply(true) } },
  },
];

describe.each(cases)('staySession on the $name', ({ active, input }) => {
  const model = new TestModel(
    staySessionMachine as unknown as ActorLogic<StaySnapshot, AnyEventObject, StaySessionInput>,
    {
      input: { sUUID: S, ...input },
      // Only events the current state handles: an unhandled actor error would otherwise fail the machine.
      events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );
  const prefix = input.isDemoPath ? '/demo' : '';
  const url = active === 'actions' ? `${prefix}/stay/${S}` : `${prefix}/rewards/${S}`;

  for (const path of model.getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      if (input.profileUUID) localStorage.setItem('profileUUID', input.profileUUID);
      // The entry page hands the creation's answer over (src/views/entry/entry.logic.ts).
      handOverStay(input.seed ? { ...input.seed, actions: [], lang: 'fr' } : null);
      const controlled = controlledActors(['loadStay', 'loadHotel']);
      const logic = stayTreeLogic({
        staySession: controlled.provideTo(staySessionMachine),
        rewardsList: rewardsListMachine,
      });
      const page = (sUUID: string, active: 'actions' | 'rewards') => (
        <StayPage sUUID={sUUID} active={active} logic={logic}>
          <SessionProbe />
        </StayPage>
      );
      const { router, user } = renderStayRoutes(url, {
        actions: ({ sUUID }) => page(sUUID, 'actions'),
        rewards: ({ sUUID }) => page(sUUID, 'rewards'),
      });
      const root = () => document.querySelector('[data-scope="stay-session"]');
      const pathname = () => router.state.location.pathname;

      await path.test({
        states: {
          loadingStay: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loadingStay'));
            expect(screen.getByRole('status', { name: 'Chargement du séjour…' })).toBeInTheDocument();
            expect(screen.queryByRole('region', { name: 'page' })).not.toBeInTheDocument();
            // The actor starts after the first render: wait for its call.
            await waitFor(() =>
              expect(controlled.calls.at(-1)).toEqual({ name: 'loadStay', input: { sUUID: S, profileUUID: PROFILE } }),
            );
          },
          loadingHotel: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loadingHotel'));
            expect(screen.getByRole('status', { name: 'Chargement du séjour…' })).toBeInTheDocument();
            await waitFor(() =>
              expect(controlled.calls.at(-1)).toEqual({ name: 'loadHotel', input: { hId: 1, profileUUID: PROFILE } }),
            );
          },
          failed: async (snapshot) => {
            const alert = await screen.findByRole('alert');
            const { error } = (snapshot as StaySnapshot).context;
            // By code: the network text, else the stay's; never the reply's or the library's text.
            expect(alert).toHaveTextContent(
              error === NETWORK_FAILURE
                ? 'Connexion impossible'
                : 'Impossible de récupérer les informations de séjour.',
            );
            expect(alert).not.toHaveTextContent(/Failed to fetch|Database down/);
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
            expect(root()).toHaveAttribute('data-state', 'failed');
            expectFrameHeader();
          },
          unknown: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Scannez le QR code de votre chambre');
            // Retrying cannot find it: no button.
            expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
            expect(root()).toHaveAttribute('data-state', 'unknown');
            expectFrameHeader();
          },
          profileMissing: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Scannez le QR code de votre chambre');
            expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
            expect(controlled.calls).toEqual([]);
            expectFrameHeader();
          },
          redirectingToDemo: async () => {
            await waitFor(() => expect(pathname()).toBe(`/demo/stay/${S}`));
            // The /demo page starts with the seed too: still nothing loaded.
            if (input.seed) {
              await screen.findByRole('region', { name: 'page' });
              expect(controlled.calls).toEqual([]);
            }
          },
          redirectingOutOfDemo: async () => {
            await waitFor(() => expect(pathname()).toBe(`/stay/${S}`));
          },
          redirectingToFinished: async () => {
            await waitFor(() => expect(pathname()).toBe(`${prefix}/stay/${S}/finished`));
            expect(screen.getByText('finished page')).toBeInTheDocument();
          },
          ready: async (snapshot) => {
            const { stay, hotel } = (snapshot as StaySnapshot).context;
            if (!stay) throw new Error('ready without a stay');
            const region = await screen.findByRole('region', { name: 'page' });
            expect(region).toHaveTextContent(`points ${stay.greenMiles} profile ${PROFILE} language fr`);
            const title = stay.profile.firstName ? 'Alice Martin' : 'Chambre 101';
            expect(screen.getByRole('banner')).toHaveTextContent(title);
            const pointsName = hotel?.hotel.hGreenMilesName ?? 'GreenMiles';
            const badge = screen.getByRole('link', { name: `${stay.greenMiles} ${pointsName}, voir mes récompenses` });
            expect(badge).toHaveAttribute('href', `${prefix}/rewards/${S}`);
            const actionsTab = screen.getByRole('link', { name: /Mes actions/ });
            const rewardsTab = screen.getByRole('link', { name: /Mes récompenses/ });
            expect(actionsTab).toHaveAttribute('href', `${prefix}/stay/${S}`);
            expect(rewardsTab).toHaveAttribute('href', `${prefix}/rewards/${S}`);
            const [current, other] = active === 'actions' ? [actionsTab, rewardsTab] : [rewardsTab, actionsTab];
            expect(current).toHaveAttribute('aria-current', 'page');
            expect(other).not.toHaveAttribute('aria-current');
            expect(localStorage.getItem('sUUID')).toBe(S);
            expect(localStorage.getItem('currentStayUUID')).toBe(S);
            expect(pathname()).toBe(url);
            // Seeded: the hotel is never loaded, the stay only by a refresh; the seed serves once.
            if (input.seed) expect(controlled.calls.filter((call) => call.name === 'loadHotel')).toEqual([]);
            expect(handedOverStay(S)).toBeNull();
          },
          'ready.refreshing': async () => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            expect(screen.getByRole('region', { name: 'page' })).toBeInTheDocument();
          },
        },
        events: {
          'xstate.done.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.resolve('loadStay', (step.event as AnyEventObject).output);
          },
          'xstate.error.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.reject('loadStay', (step.event as AnyEventObject).error);
          },
          'xstate.done.actor.loadHotel': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadHotel')).toBe(true));
            controlled.resolve('loadHotel', (step.event as AnyEventObject).output);
          },
          'xstate.error.actor.loadHotel': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadHotel')).toBe(true));
            controlled.reject('loadHotel', (step.event as AnyEventObject).error);
          },
          'stay.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'stay.refresh': async () => {
            await user.click(screen.getByRole('button', { name: 'refresh' }));
          },
        },
      });
    });
  }
});

describe('isStayFinished', () => {
  it('treats remainingDays <= 0 as finished and null as an open stay', () => {
    expect(isStayFinished({ ...roomStay, remainingDays: 0 })).toBe(true);
    expect(isStayFinished({ ...roomStay, remainingDays: -2 })).toBe(true);
    expect(isStayFinished({ ...roomStay, remainingDays: 1 })).toBe(false);
    expect(isStayFinished({ ...roomStay, remainingDays: null })).toBe(false);
  });
});
