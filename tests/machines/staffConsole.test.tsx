import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type {
  StaffCodeCheckReply,
  StaffCodeRedeemReply,
  StaffSessionCurrentReply,
  StaffSessionReply,
} from '../../contract/schemas.ts';
import { roleMay } from '../../contract/staff-roles.ts';
import {
  type StaffConsoleInput,
  type StaffTabName,
  staffConsoleMachine,
  tabsOfRole,
} from '../../machines/staffConsole.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { storedStaffNames, storedStaffSession } from '../../src/views/staff/console/staffConsole.logic.ts';
import {
  renderStaffConsole,
  STAFF_HOTEL_ID,
  STAFF_NAMES_KEY,
  STAFF_SESSION,
  STAFF_SESSION_KEY,
} from '../app/staff-console-harness.tsx';
import { makeHotel } from '../app/stay-fixtures.ts';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type StaffConsoleSnapshot = SnapshotFrom<typeof staffConsoleMachine>;

const HOTEL_ID = STAFF_HOTEL_ID;
const PIN = '731904';
/** Amina signs in at the front desk; the kept session is the first manager's (STAFF_SESSION). */
const AMINA: StaffSessionReply = {
  token: 'amina-token',
  expiresAt: '2099-01-01T10:15:00.000Z',
  account: { id: 2, name: 'Amina', role: 'frontDesk' },
};

/** What GET /api/staff/sessions/current may say of an account: its role as it was, or changed by a manager. */
const CURRENT: StaffSessionCurrentReply[] = [
  { expiresAt: STAFF_SESSION.expiresAt, account: STAFF_SESSION.account },
  { expiresAt: STAFF_SESSION.expiresAt, account: { ...STAFF_SESSION.account, role: 'housekeeping' } },
  { expiresAt: AMINA.expiresAt, account: { ...AMINA.account, role: 'housekeeping' } },
];

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadHotel', output: makeHotel() },
  { type: 'xstate.error.actor.loadHotel', error: new ApiError(404, 'not_found', 'Hotel not found') },
  { type: 'xstate.error.actor.loadHotel', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffConsole.retry' },
  { type: 'staffSignIn.submit', name: 'Amina', pin: PIN },
  { type: 'xstate.done.actor.openStaffSession', output: AMINA },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(403, 'staff_pin_invalid', 'Wrong staff PIN') },
  {
    type: 'xstate.error.actor.openStaffSession',
    error: new ApiError(429, 'staff_pin_rate_limited', 'Too many wrong staff PINs', { retryAfterSeconds: 250 }),
  },
  { type: 'xstate.error.actor.openStaffSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  ...CURRENT.map((output) => ({ type: 'xstate.done.actor.loadCurrentSession', output })),
  {
    type: 'xstate.error.actor.loadCurrentSession',
    error: new ApiError(401, 'staff_session_invalid', 'The staff session expired'),
  },
  { type: 'xstate.error.actor.loadCurrentSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffConsole.show', tab: 'impact' },
  { type: 'staffConsole.show', tab: 'today' },
  { type: 'staffConsole.signOut' },
  { type: 'xstate.done.actor.endStaffSession' },
  { type: 'xstate.error.actor.endStaffSession', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'staffConsole.signOutEverywhere' },
  { type: 'xstate.done.actor.endAllStaffSessions' },
  { type: 'xstate.error.actor.endAllStaffSessions', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  {
    type: 'xstate.error.actor.endAllStaffSessions',
    error: new ApiError(401, 'staff_session_invalid', 'The staff session expired'),
  },
  { type: 'staffSession.expired' },
  { type: 'staffRole.forbidden' },
  { type: 'staffCode.redeemed' },
  { type: 'housekeeping.showDay', day: 'tomorrow' },
  { type: 'housekeeping.showDay', day: 'today' },
];

/** 15:00 at the hotel (Europe/Paris): past 11:00, the skip-cleaning list offers today's and tomorrow's. */
const AFTER_ELEVEN = new Date('2026-11-24T14:00:00.000Z');

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

const TAB_LABELS: Record<StaffTabName, string> = {
  today: "Aujourd'hui",
  impact: 'Impact',
  content: 'Programme',
  people: 'Personnes',
  trail: 'Journal',
  history: 'Historique',
};
const ROLE_LABELS = { manager: 'Responsable', frontDesk: 'Réception', housekeeping: 'Étages' } as const;

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

/** Whether the model offers `event` from this snapshot: the page's way to it must exist on screen. */
function offered(snapshot: StaffConsoleSnapshot, event: AnyEventObject): boolean {
  if (!canTake(snapshot, event)) return false;
  const account = snapshot.context.session?.account;
  switch (event.type) {
    // The server speaks of the session's own account.
    case 'xstate.done.actor.loadCurrentSession':
      return (event.output as StaffSessionCurrentReply).account.id === account?.id;
    // A tab not open yet (the open one is no step).
    case 'staffConsole.show':
      return !matchesPath(snapshot, `signedIn.${String(event.tab)}`);
    // Today's skip-cleaning list, which every role sees, is refused (tomorrow's is the same list machine).
    case 'staffSession.expired':
    case 'staffRole.forbidden':
      return snapshot.matches({ signedIn: { today: { rooms: { open: 'today' } } } });
    // The day not shown yet.
    case 'housekeeping.showDay':
      return !snapshot.matches({
        signedIn: { today: { rooms: { open: event.day === 'tomorrow' ? 'tomorrow' : 'today' } } },
      });
    case 'staffCode.redeemed':
      return snapshot.matches({ signedIn: { today: { desk: 'open' } } });
    default:
      return true;
  }
}

function modelFor(input: StaffConsoleInput) {
  return new TestModel(
    staffConsoleMachine as unknown as ActorLogic<StaffConsoleSnapshot, AnyEventObject, StaffConsoleInput>,
    {
      input,
      events: (snapshot) => events.filter((event) => offered(snapshot, event)),
      // Told apart by the event that led there, so a path ends with every transition.
      serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${eventKey(event)}` : ''),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );
}

const title = () => screen.getByRole('heading', { level: 1 });
const person = () => document.querySelector<HTMLElement>('[data-part="person"]');

const INPUTS: { name: string; input: StaffConsoleInput }[] = [
  { name: 'a new device', input: { hId: HOTEL_ID, storedSession: null, knownNames: [] } },
  {
    name: 'names that signed in on this device',
    input: { hId: HOTEL_ID, storedSession: null, knownNames: ['Karim', 'Amina'] },
  },
  {
    name: "a manager's session kept by the tab",
    input: { hId: HOTEL_ID, storedSession: STAFF_SESSION, knownNames: ['Manager'] },
  },
];

beforeEach(() => {
  // Only the clock is fixed: the page's timers keep real time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AFTER_ELEVEN);
});

afterEach(() => {
  vi.useRealTimers();
});

for (const { name, input } of INPUTS) {
  describe(`staff console machine (${name}): model paths drive the staff page`, () => {
    for (const path of modelFor(input).getShortestPaths({ allowDuplicatePaths: true })) {
      it(modelPathTitle(path), async () => {
        sessionStorage.clear();
        localStorage.clear();
        if (input.storedSession) sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(input.storedSession));
        if (input.knownNames.length > 0) localStorage.setItem(STAFF_NAMES_KEY, JSON.stringify(input.knownNames));
        // The page reads the browser's storage itself: what the model's input says is what storage holds.
        expect(storedStaffSession(HOTEL_ID)).toEqual(input.storedSession);
        expect(storedStaffNames(HOTEL_ID)).toEqual(input.knownNames);
        const { root: controlled, housekeeping, housekeepingTomorrow, uses, codeCheck, user } = renderStaffConsole();
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
            // The kept session is asked who it is now before any tab shows.
            refreshingAccount: async (snapshot) => {
              expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
              expect(controlled.calls.at(-1)).toEqual({ name: 'loadCurrentSession', input: snapshot.context.session });
              expect(screen.queryByRole('tablist')).toBeNull();
              expect(person()).toBeNull();
            },
            accountFailed: async () => {
              const alert = await screen.findByRole('alert');
              expect(alert).toHaveTextContent('Une erreur est survenue');
              expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
              expect(person()).toBeNull();
            },
            signedOut: async (snapshot) => {
              const { knownNames, failure, signOutEverywhere } = snapshot.context;
              const pin = await screen.findByLabelText('Mot de passe');
              expect(pin).toHaveAttribute('type', 'password');
              expect(pin).toHaveValue('');
              expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
              expect(title()).toHaveTextContent('Espace personnel — Hôtel Les Tilleuls');
              expect(screen.queryByRole('tablist')).toBeNull();
              expect(person()).toBeNull();
              // The names offered are those of this device only, the latest first, then 'Autre nom'.
              if (knownNames.length === 0) {
                expect(screen.queryByRole('radio')).toBeNull();
                const name = screen.getByLabelText('Votre nom');
                await waitFor(() => expect((name as HTMLInputElement).value === '' ? name : pin).toHaveFocus());
              } else {
                const group = screen.getByRole('group', { name: 'Qui êtes-vous ?' });
                expect(
                  within(group)
                    .getAllByRole('radio')
                    .map((radio) => radio.getAttribute('value')),
                ).toEqual([...knownNames, '']);
                expect(within(group).getByRole('radio', { name: 'Autre nom' })).toBeInTheDocument();
                await waitFor(() => expect(pin).toHaveFocus());
              }
              expect(storedStaffNames(HOTEL_ID)).toEqual(knownNames);
              const alert = screen.queryByRole('alert');
              if (failure === null) expect(alert).toBeNull();
              else expect(alert).toHaveTextContent(FAILURE_TEXTS[failure]);
              const notice = screen.queryByText('Vous êtes déconnecté de tous vos appareils.');
              if (signOutEverywhere === 'done') expect(notice).toHaveAttribute('role', 'status');
              else expect(notice).toBeNull();
              expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
            },
            signingIn: async () => {
              await waitFor(() => expect(screen.getByRole('button', { name: 'Vérification…' })).toBeDisabled());
              expect(screen.getByLabelText('Mot de passe')).toBeDisabled();
              expect(controlled.calls.at(-1)).toEqual({
                name: 'openStaffSession',
                input: { hId: HOTEL_ID, name: 'Amina', pin: PIN },
              });
            },
            // The tab forgot the session at once; the server is asked to end it.
            signingOut: async (snapshot) => {
              expect(await screen.findByRole('status')).toHaveTextContent('Déconnexion…');
              expect(screen.queryByRole('tablist')).toBeNull();
              expect(person()).toBeNull();
              expect(controlled.calls.at(-1)).toEqual({ name: 'endStaffSession', input: snapshot.context.session });
              expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
            },
            // Every device of the person: the tab keeps its session until the server has ended them all.
            signingOutEverywhere: async (snapshot) => {
              expect(await screen.findByRole('status')).toHaveTextContent('Déconnexion…');
              expect(person()).toBeNull();
              expect(controlled.calls.at(-1)).toEqual({
                name: 'endAllStaffSessions',
                input: snapshot.context.session,
              });
              expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null')).toEqual(snapshot.context.session);
            },
            signedIn: async (snapshot) => {
              const { session, signOutEverywhere } = snapshot.context;
              if (!session) throw new Error('Signed in without a session');
              const { name, role } = session.account;
              // Who is signed in, and the two ways out.
              await waitFor(() => expect(person()).not.toBeNull());
              const header = person() as HTMLElement;
              expect(header.querySelector('[data-part="name"]')).toHaveTextContent(name);
              expect(header.querySelector('[data-part="role"]')).toHaveTextContent(ROLE_LABELS[role]);
              expect(within(header).getByRole('button', { name: 'Se déconnecter' })).toBeEnabled();
              expect(within(header).getByRole('button', { name: 'Se déconnecter partout' })).toBeEnabled();
              const failed = within(header).queryByRole('alert');
              if (signOutEverywhere === 'failed')
                expect(failed).toHaveTextContent('La déconnexion des autres appareils a échoué. Réessayez.');
              else expect(failed).toBeNull();
              expect(screen.queryByLabelText('Mot de passe')).toBeNull();
              expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null')).toEqual(session);
              // Tabs only where the role opens more than one (a manager: the day, the impact figures, the programme,
              // people, trail).
              if (tabsOfRole(role).length > 1) {
                expect(
                  within(await screen.findByRole('tablist'))
                    .getAllByRole('tab')
                    .map((tab) => tab.textContent),
                ).toEqual(tabsOfRole(role).map((tab) => TAB_LABELS[tab]));
              } else {
                expect(screen.queryByRole('tablist')).toBeNull();
              }
            },
            // The day's parts the role may use: housekeeping sees the skip-cleaning list alone.
            'signedIn.today': async (snapshot) => {
              const role = snapshot.context.session?.account.role ?? 'housekeeping';
              expect(await screen.findByRole('heading', { level: 2, name: "Aujourd'hui" })).toBeInTheDocument();
              if (roleMay(role, 'impact')) {
                expect(screen.getByRole('tab', { name: "Aujourd'hui" })).toHaveAttribute('aria-selected', 'true');
                expect(screen.getByRole('tabpanel', { name: "Aujourd'hui" })).toBeInTheDocument();
              }
              const rooms = screen.getByRole('region', { name: /^Chambres sans ménage/ });
              // Today's list first; 'Demain' loads tomorrow's in its place.
              const tomorrow = snapshot.matches({ signedIn: { today: { rooms: { open: 'tomorrow' } } } });
              const days = within(rooms).getByRole('group', { name: 'Jour de la liste' });
              expect(within(days).getByRole('radio', { name: "Aujourd'hui" })).toHaveProperty('checked', !tomorrow);
              expect(within(days).getByRole('radio', { name: 'Demain' })).toHaveProperty('checked', tomorrow);
              await waitFor(() =>
                expect((tomorrow ? housekeepingTomorrow : housekeeping).isPending('loadList')).toBe(true),
              );
              const desk = roleMay(role, 'codes');
              expect(screen.queryByRole('region', { name: 'Vérifier un code de récompense' }) !== null).toBe(desk);
              expect(screen.queryByRole('region', { name: "Récompenses utilisées aujourd'hui" }) !== null).toBe(desk);
            },
            'signedIn.impact': async () => {
              expect(await screen.findByRole('tab', { name: 'Impact' })).toHaveAttribute('aria-selected', 'true');
              expect(screen.getByRole('tab', { name: 'Impact' })).toHaveFocus();
              expect(screen.getByRole('tabpanel', { name: 'Impact' })).toBeInTheDocument();
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
            // A name this device remembers is chosen; any other is typed.
            'staffSignIn.submit': async (step) => {
              const { name, pin } = eventOf<{ name: string; pin: string }>(step);
              const remembered = screen.queryByRole('radio', { name });
              if (remembered) await user.click(remembered);
              else {
                const other = screen.queryByRole('radio', { name: 'Autre nom' });
                if (other) await user.click(other);
                const field = screen.getByLabelText('Votre nom');
                await user.clear(field);
                await user.type(field, name);
              }
              await user.type(screen.getByLabelText('Mot de passe'), pin);
              await user.click(screen.getByRole('button', { name: 'Se connecter' }));
            },
            'xstate.done.actor.openStaffSession': async (step) => {
              await act(async () => controlled.resolve('openStaffSession', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.openStaffSession': async (step) => {
              await act(async () => controlled.reject('openStaffSession', eventOf<{ error: unknown }>(step).error));
            },
            'xstate.done.actor.loadCurrentSession': async (step) => {
              await act(async () =>
                controlled.resolve('loadCurrentSession', eventOf<{ output: unknown }>(step).output),
              );
            },
            'xstate.error.actor.loadCurrentSession': async (step) => {
              await act(async () => controlled.reject('loadCurrentSession', eventOf<{ error: unknown }>(step).error));
            },
            // The tabs follow the arrow keys (automatic activation), and a click.
            'staffConsole.show': async (step) => {
              const { tab } = eventOf<{ tab: string }>(step);
              if (tab === 'impact') {
                screen.getByRole('tab', { name: "Aujourd'hui" }).focus();
                await user.keyboard('{ArrowRight}');
              } else {
                await user.click(screen.getByRole('tab', { name: "Aujourd'hui" }));
              }
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
            'staffConsole.signOutEverywhere': async () => {
              await user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
            },
            'xstate.done.actor.endAllStaffSessions': async () => {
              await act(async () => controlled.resolve('endAllStaffSessions', undefined));
            },
            'xstate.error.actor.endAllStaffSessions': async (step) => {
              await act(async () => controlled.reject('endAllStaffSessions', eventOf<{ error: unknown }>(step).error));
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
            'housekeeping.showDay': async (step) => {
              const { day } = eventOf<{ day: string }>(step);
              const loads = (day === 'today' ? housekeeping : housekeepingTomorrow).calls.length;
              await user.click(screen.getByRole('radio', { name: day === 'today' ? "Aujourd'hui" : 'Demain' }));
              expect((day === 'today' ? housekeeping : housekeepingTomorrow).calls.length).toBe(loads + 1);
            },
            // The skip-cleaning list's call is refused: the session ran out on the server…
            'staffSession.expired': async () => {
              await act(async () =>
                housekeeping.reject(
                  'loadList',
                  new ApiError(401, 'staff_session_invalid', 'The staff session expired'),
                ),
              );
            },
            // …or a manager changed the person's role meanwhile.
            'staffRole.forbidden': async () => {
              await act(async () =>
                housekeeping.reject(
                  'loadList',
                  new ApiError(403, 'staff_role_forbidden', 'This staff role may not do this'),
                ),
              );
            },
          },
        });
      });
    }
  });
}
