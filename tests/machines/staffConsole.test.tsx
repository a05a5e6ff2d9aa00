import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { StaffCodeCheckReply, StaffCodeRedeemReply } from '../../contract/schemas.ts';
import { type StaffConsoleInput, type StaffSession, staffConsoleMachine } from '../../machines/staffConsole.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { storedStaffSession } from '../../src/views/staff/console/staffConsole.logic.ts';
import { renderStaffConsole, STAFF_HOTEL_ID, STAFF_SESSION, STAFF_SESSION_KEY } from '../app/staff-console-harness.tsx';
import { makeHotel } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type StaffConsoleSnapshot = SnapshotFrom<typeof staffConsoleMachine>;

const HOTEL_ID = STAFF_HOTEL_ID;
const PIN = '731904';
const SESSION: StaffSession = STAFF_SESSION;
const SESSION_KEY = STAFF_SESSION_KEY;

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadHotel', output: makeHotel() },
  { type: 'xstate.error.actor.loadHotel', error: new ApiError(404, 'not_found', 'Hotel not found') },
  { type: 'xstate.error.actor.loadHotel', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffConsole.retry' },
  { type: 'staffPin.submit', pin: PIN },
  { type: 'xstate.done.actor.openStaffSession', output: SESSION },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(403, 'staff_pin_invalid', 'Wrong staff PIN') },
  {
    type: 'xstate.error.actor.openStaffSession',
    error: new ApiError(429, 'staff_pin_rate_limited', 'Too many wrong staff PINs', { retryAfterSeconds: 250 }),
  },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffConsole.showImpact' },
  { type: 'staffConsole.showToday' },
  { type: 'staffConsole.showPeople' },
  { type: 'staffConsole.showTrail' },
  { type: 'staffConsole.signOut' },
  { type: 'xstate.done.actor.endStaffSession' },
  { type: 'xstate.error.actor.endStaffSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffSession.expired' },
  { type: 'staffCode.redeemed' },
];

const NO_USES = { date: '2026-11-24', redemptions: [] };
const CHECKED: StaffCodeCheckReply = {
  code: 'TIL-K7M2QX9P',
  rwId: 1,
  rwType: 'CODE',
  rewardName: 'Un café offert au bar',
  roomNumber: '101',
  claimedAt: '2026-11-24T07:00:00.000Z',
  validUntil: null,
  expired: false,
  usedAt: null,
  usedBy: null,
};
const REDEEMED: StaffCodeRedeemReply = {
  ...CHECKED,
  redeemedNow: true,
  usedAt: '2026-11-24T09:00:00.000Z',
  usedBy: 'staff',
};

const FAILURE_TEXTS = {
  wrongPin: 'Mot de passe incorrect',
  // 250 s rounded up to minutes.
  rateLimited: 'Trop de tentatives. Réessayez dans 5 min.',
  failed: 'Une erreur est survenue',
  expired: 'Votre session a expiré. Saisissez à nouveau le mot de passe.',
} as const;

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

function modelFor(input: StaffConsoleInput) {
  return new TestModel(
    staffConsoleMachine as unknown as ActorLogic<StaffConsoleSnapshot, AnyEventObject, StaffConsoleInput>,
    {
      input,
      // A section of the open 'Aujourd'hui' tab reports the expired session (the impact tab has no call yet).
      events: (snapshot) =>
        events.filter(
          (event) =>
            canTake(snapshot, event) &&
            (!event.type.startsWith('staff') ||
              event.type.startsWith('staffConsole.') ||
              event.type.startsWith('staffPin.') ||
              snapshot.matches({ signedIn: 'today' })),
        ),
      // Told apart by the event that led there, so a path ends with every transition.
      serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );
}

function renderPage() {
  const harness = renderStaffConsole();
  return { ...harness, controlled: harness.root };
}

const title = () => screen.getByRole('heading', { level: 1 });

for (const storedSession of [null, SESSION]) {
  describe(`staff console machine (${storedSession ? 'a session kept by the tab' : 'no session'}): model paths drive the staff page`, () => {
    for (const path of modelFor({ hId: HOTEL_ID, storedSession }).getShortestPaths({ allowDuplicatePaths: true })) {
      it(modelPathTitle(path), async () => {
        sessionStorage.clear();
        if (storedSession) sessionStorage.setItem(SESSION_KEY, JSON.stringify(storedSession));
        // The page reads the tab's session itself: what the model's input says is what storage holds.
        expect(storedStaffSession(HOTEL_ID)).toEqual(storedSession);
        const { controlled, housekeeping, uses, codeCheck, user } = renderPage();
        await path.test({
          states: {
            loadingHotel: async () => {
              expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
              await waitFor(() =>
                expect(controlled.calls.at(-1)).toEqual({ name: 'loadHotel', input: { hId: HOTEL_ID } }),
              );
            },
            hotelMissing: async () => {
              const alert = await screen.findByRole('alert');
              expect(alert).toHaveTextContent('Hôtel introuvable.');
              expect(within(alert).queryByRole('button')).toBeNull();
              expect(screen.queryByLabelText('Mot de passe')).toBeNull();
            },
            hotelFailed: async () => {
              const alert = await screen.findByRole('alert');
              expect(alert).toHaveTextContent('Une erreur est survenue');
              expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
              expect(screen.queryByLabelText('Mot de passe')).toBeNull();
            },
            signedOut: async (snapshot) => {
              const field = await screen.findByLabelText('Mot de passe');
              expect(field).toHaveAttribute('type', 'password');
              await waitFor(() => expect(field).toHaveFocus());
              expect(field).toHaveValue('');
              expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
              expect(title()).toHaveTextContent('Espace personnel — Hôtel Les Tilleuls');
              expect(screen.queryByRole('tablist')).toBeNull();
              expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
              const { failure } = snapshot.context;
              if (failure === null) expect(screen.queryByRole('alert')).toBeNull();
              else expect(screen.getByRole('alert')).toHaveTextContent(FAILURE_TEXTS[failure]);
              expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
            },
            signingIn: async () => {
              await waitFor(() => expect(screen.getByRole('button', { name: 'Vérification…' })).toBeDisabled());
              expect(screen.getByLabelText('Mot de passe')).toBeDisabled();
              expect(controlled.calls.at(-1)).toEqual({ name: 'openStaffSession', input: { hId: HOTEL_ID, pin: PIN } });
            },
            // The tab forgot the session at once; the server is asked to end it.
            signingOut: async () => {
              expect(await screen.findByRole('status')).toHaveTextContent('Déconnexion…');
              expect(screen.queryByRole('tablist')).toBeNull();
              expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
              expect(controlled.calls.at(-1)).toEqual({ name: 'endStaffSession', input: SESSION });
              expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
            },
            signedIn: async () => {
              expect(await screen.findByRole('tablist')).toBeInTheDocument();
              expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeEnabled();
              expect(screen.queryByLabelText('Mot de passe')).toBeNull();
              expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(SESSION);
            },
            'signedIn.today': async () => {
              expect(await screen.findByRole('tab', { name: "Aujourd'hui" })).toHaveAttribute('aria-selected', 'true');
              expect(screen.getByRole('tab', { name: 'Impact' })).toHaveAttribute('aria-selected', 'false');
              expect(screen.getByRole('tabpanel', { name: "Aujourd'hui" })).toBeInTheDocument();
            },
            'signedIn.impact': async () => {
              expect(await screen.findByRole('tab', { name: 'Impact' })).toHaveAttribute('aria-selected', 'true');
              expect(screen.getByRole('tab', { name: 'Impact' })).toHaveFocus();
              expect(screen.getByRole('tabpanel', { name: 'Impact' })).toBeInTheDocument();
            },
            // The managers' tabs start their sections (their calls are the sections' own tests).
            'signedIn.people': async () => {
              expect(await screen.findByRole('tab', { name: 'Personnes' })).toHaveAttribute('aria-selected', 'true');
              expect(
                within(screen.getByRole('tabpanel', { name: 'Personnes' })).getByRole('heading', { level: 2 }),
              ).toHaveTextContent('Personnes');
            },
            'signedIn.trail': async () => {
              expect(await screen.findByRole('tab', { name: 'Journal' })).toHaveAttribute('aria-selected', 'true');
              expect(
                within(screen.getByRole('tabpanel', { name: 'Journal' })).getByRole('heading', { level: 2 }),
              ).toHaveTextContent('Journal des actions');
            },
          },
          events: {
            'xstate.done.actor.loadHotel': async (step) => {
              await act(async () => controlled.resolve('loadHotel', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.loadHotel': async (step) => {
              await act(async () => controlled.reject('loadHotel', eventOf<{ error: unknown }>(step).error));
            },
            'staffConsole.retry': async () => {
              await user.click(screen.getByRole('button', { name: 'Réessayer' }));
            },
            'staffPin.submit': async (step) => {
              await user.type(screen.getByLabelText('Mot de passe'), eventOf<{ pin: string }>(step).pin);
              await user.click(screen.getByRole('button', { name: 'Se connecter' }));
            },
            'xstate.done.actor.openStaffSession': async (step) => {
              await act(async () => controlled.resolve('openStaffSession', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.openStaffSession': async (step) => {
              await act(async () => controlled.reject('openStaffSession', eventOf<{ error: unknown }>(step).error));
            },
            // The tabs follow the arrow keys (automatic activation), and a click.
            'staffConsole.showImpact': async () => {
              screen.getByRole('tab', { name: "Aujourd'hui" }).focus();
              await user.keyboard('{ArrowRight}');
            },
            'staffConsole.showToday': async () => {
              await user.click(screen.getByRole('tab', { name: "Aujourd'hui" }));
            },
            'staffConsole.showPeople': async () => {
              await user.click(screen.getByRole('tab', { name: 'Personnes' }));
            },
            'staffConsole.showTrail': async () => {
              await user.click(screen.getByRole('tab', { name: 'Journal' }));
            },
            'staffConsole.signOut': async () => {
              await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
            },
            'xstate.done.actor.endStaffSession': async () => {
              await act(async () => controlled.resolve('endStaffSession', undefined));
            },
            'xstate.error.actor.endStaffSession': async (step) => {
              await act(async () => controlled.reject('endStaffSession', eventOf<{ error: unknown }>(step).error));
            },
            // A code checked changes nothing; handed over, the day's uses reload.
            'staffCode.redeemed': async () => {
              if (uses.isPending('loadList')) await act(async () => uses.resolve('loadList', NO_USES));
              const loads = uses.calls.length;
              await user.type(screen.getByLabelText('Code de récompense'), 'TIL-K7M2QX9P{Enter}');
              await act(async () => codeCheck.resolve('checkCode', CHECKED));
              expect(uses.calls.length).toBe(loads);
              await user.click(await screen.findByRole('button', { name: 'Remettre la récompense' }));
              await act(async () => codeCheck.resolve('redeemCode', REDEEMED));
              await waitFor(() => expect(uses.calls.length).toBeGreaterThan(loads));
            },
            // The skip-cleaning list's call is refused: the session ran out on the server.
            'staffSession.expired': async () => {
              await act(async () =>
                housekeeping.reject(
                  'loadList',
                  new ApiError(401, 'staff_session_invalid', 'The staff session expired'),
                ),
              );
            },
          },
        });
      });
    }
  });
}
