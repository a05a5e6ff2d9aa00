import { assign, type DoneActorEvent, type ErrorActorEvent, sendTo, setup } from 'xstate';
import { errorStatusOf } from '../contract/errors.ts';
import type { HotelReply, StaffSessionReply } from '../contract/schemas.ts';
import { staffCodeCheckMachine } from './staffCodeCheck.machine.ts';
import { staffHousekeepingMachine } from './staffHousekeeping.machine.ts';
import { staffImpactMachine } from './staffImpact.machine.ts';
import type { StaffListEvent } from './staffList.ts';
import { staffPeopleMachine } from './staffPeople.machine.ts';
import { type StaffPinFailure, staffPinRefusalOf } from './staffPin.ts';
import { staffRedemptionsMachine } from './staffRedemptions.machine.ts';
import { staffTrailMachine } from './staffTrail.machine.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The staff page of one hotel, `/staff/{hId}` (docs/behaviour.md#staff-page), and the root of its actor system:
 * loadingHotel (GET /api/green/hotels/{hId}: its name; hotelMissing when there is none, hotelFailed ⇄ retry) ▶ signedOut ⇄ signingIn (the staff PIN,
 * POST /api/staff/sessions) ▶ signedIn, whose sections (`today`, `impact`) run the section machines with the
 * session's token; 'Se déconnecter' ▶ signingOut (DELETE /api/staff/sessions/current: the server ends the session;
 * its answer or failure ▶ signedOut). A section whose call is refused for an expired session sends
 * `staffSession.expired`: the page asks for the PIN again. A session kept by the browser tab (`storedSession`) starts signed in.
 * `today` runs the code check, the day's uses and the skip-cleaning list (docs/behaviour.md#today-tab); a reward
 * handed over (`staffCode.redeemed`) reloads the uses. `people` and `trail` are the managers' tabs (the staff
 * accounts, the audit trail).
 */

export interface StaffSession {
  token: string;
  expiresAt: string;
}

export interface StaffConsoleInput {
  hId: number;
  /** The tab's session of this hotel, still valid when the page opened; null to ask for the PIN. */
  storedSession: StaffSession | null;
}

/** Why the PIN form shows a message: a refused PIN, too many attempts, a failed call, or a session that ran out. */
export type StaffSignInFailure = StaffPinFailure | 'expired';

export interface StaffConsoleContext {
  hId: number;
  hotel: HotelReply | null;
  session: StaffSession | null;
  failure: StaffSignInFailure | null;
  retryAfterSeconds: number | null;
}

export type StaffConsoleEvent =
  | { type: 'staffPin.submit'; pin: string }
  | { type: 'staffConsole.signOut' }
  | { type: 'staffConsole.retry' }
  | { type: 'staffConsole.showToday' }
  | { type: 'staffConsole.showImpact' }
  | { type: 'staffConsole.showPeople' }
  | { type: 'staffConsole.showTrail' }
  /** From a section: the server refused the session (401). */
  | { type: 'staffSession.expired' }
  /** From the code check: the server answered a hand-over (the code is used now or was in between): the uses reload. */
  | { type: 'staffCode.redeemed' };

export interface SignInInput {
  hId: number;
  pin: string;
}

/** What every section machine gets: the hotel and the session's token for its calls. */
export interface StaffSectionInput {
  hId: number;
  token: string;
  /** The hotel's time zone: the days a section speaks of are hotel-local. */
  timeZone: string;
}

/** The input of a section machine: only ever run signed in. */
export function sectionInputOf({ context }: { context: StaffConsoleContext }): StaffSectionInput {
  if (!context.session || !context.hotel) throw new Error('A staff section runs signed in, its hotel loaded');
  return { hId: context.hId, token: context.session.token, timeZone: context.hotel.hotel.timeZone };
}

export const staffConsoleMachine = setup({
  types: {
    input: {} as StaffConsoleInput,
    context: {} as StaffConsoleContext,
    events: {} as StaffConsoleEvent,
    children: {} as {
      staffHousekeeping: 'staffHousekeeping';
      staffCodeCheck: 'staffCodeCheck';
      staffRedemptions: 'staffRedemptions';
    },
  },
  actors: {
    // The 'Aujourd'hui' tab's sections (docs/behaviour.md#staff-page).
    staffHousekeeping: staffHousekeepingMachine,
    staffCodeCheck: staffCodeCheckMachine,
    staffRedemptions: staffRedemptionsMachine,
    loadHotel: viewProvidedActor<HotelReply, { hId: number }>('loadHotel'),
    openStaffSession: viewProvidedActor<StaffSessionReply, SignInInput>('openStaffSession'),
    /** Ends the session on the server: the token is refused from then on, not only forgotten by the tab. */
    endStaffSession: viewProvidedActor<void, StaffSession>('endStaffSession'),
    /** The 'Impact' tab's figures (machines/staffImpact.machine.ts); the view provides its calls. */
    staffImpact: staffImpactMachine,
    /** The managers' tabs: 'People' (machines/staffPeople.machine.ts) and 'Trail' (machines/staffTrail.machine.ts). */
    staffPeople: staffPeopleMachine,
    staffTrail: staffTrailMachine,
  },
  actions: {
    /** Keeps the session for the tab (sessionStorage), so a reload stays signed in until it expires. */
    rememberSession: viewProvidedAction<StaffSession>('rememberSession'),
    forgetSession: viewProvidedAction('forgetSession'),
    holdHotel: assign({ hotel: (_, hotel: HotelReply) => hotel }),
    holdSession: assign({
      session: (_, session: StaffSession) => session,
      failure: null,
      retryAfterSeconds: null,
    }),
    holdSignInFailure: assign((_, error: unknown) => staffPinRefusalOf(error)),
    dropSession: assign({ session: null }),
    noteExpiry: assign({ failure: 'expired' as const, retryAfterSeconds: null }),
    clearFailure: assign({ failure: null, retryAfterSeconds: null }),
    refreshUses: sendTo('staffRedemptions', { type: 'list.refresh' } satisfies StaffListEvent),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    hasPin: (_, pin: string) => pin.length > 0,
    isMissing: (_, error: unknown) => errorStatusOf(error) === 404,
  },
}).createMachine({
  id: 'staffConsole',
  context: ({ input }) => ({
    hId: input.hId,
    hotel: null,
    session: input.storedSession,
    failure: null,
    retryAfterSeconds: null,
  }),
  initial: 'loadingHotel',
  states: {
    loadingHotel: {
      tags: ['loading'],
      invoke: {
        id: 'loadHotel',
        src: 'loadHotel',
        input: ({ context }) => ({ hId: context.hId }),
        onDone: [
          {
            guard: 'hasSession',
            target: 'signedIn',
            actions: { type: 'holdHotel', params: ({ event }) => event.output },
          },
          { target: 'signedOut', actions: { type: 'holdHotel', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'hotelMissing',
          },
          { target: 'hotelFailed' },
        ],
      },
    },
    /** No such hotel: nothing to retry (a typo in the address). */
    hotelMissing: { type: 'final' },
    hotelFailed: {
      on: { 'staffConsole.retry': 'loadingHotel' },
    },
    signedOut: {
      on: {
        'staffPin.submit': {
          guard: { type: 'hasPin', params: ({ event }) => event.pin },
          target: 'signingIn',
          actions: 'clearFailure',
        },
      },
    },
    signingIn: {
      tags: ['submitting'],
      invoke: {
        id: 'openStaffSession',
        src: 'openStaffSession',
        input: ({ context, event }) => ({
          hId: context.hId,
          pin: event.type === 'staffPin.submit' ? event.pin : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'holdSession', params: ({ event }: { event: DoneActorEvent<StaffSessionReply> }) => event.output },
            { type: 'rememberSession', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'holdSignInFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    /** The tab has forgotten the session; the server ends it. Failed or not, the PIN form comes back. */
    signingOut: {
      invoke: {
        id: 'endStaffSession',
        src: 'endStaffSession',
        input: ({ context }) => {
          if (!context.session) throw new Error('Signing out needs the session');
          return context.session;
        },
        onDone: { target: 'signedOut', actions: 'dropSession' },
        onError: { target: 'signedOut', actions: 'dropSession' },
      },
    },
    signedIn: {
      initial: 'today',
      on: {
        'staffConsole.signOut': { target: 'signingOut', actions: 'forgetSession' },
        'staffSession.expired': { target: 'signedOut', actions: ['dropSession', 'forgetSession', 'noteExpiry'] },
        'staffConsole.showPeople': '.people',
        'staffConsole.showTrail': '.trail',
      },
      states: {
        today: {
          on: { 'staffConsole.showImpact': 'impact', 'staffCode.redeemed': { actions: 'refreshUses' } },
          invoke: [
            { id: 'staffHousekeeping', src: 'staffHousekeeping', input: sectionInputOf },
            { id: 'staffCodeCheck', src: 'staffCodeCheck', input: sectionInputOf },
            { id: 'staffRedemptions', src: 'staffRedemptions', input: sectionInputOf },
          ],
        },
        impact: {
          invoke: { id: 'staffImpact', src: 'staffImpact', input: sectionInputOf },
          on: { 'staffConsole.showToday': 'today' },
        },
        people: {
          invoke: { id: 'staffPeople', src: 'staffPeople', input: sectionInputOf },
          on: { 'staffConsole.showToday': 'today', 'staffConsole.showImpact': 'impact' },
        },
        trail: {
          invoke: { id: 'staffTrail', src: 'staffTrail', input: sectionInputOf },
          on: { 'staffConsole.showToday': 'today', 'staffConsole.showImpact': 'impact' },
        },
      },
    },
  },
});
