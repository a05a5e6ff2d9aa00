import { assign, type DoneActorEvent, type ErrorActorEvent, sendTo, setup } from 'xstate';
import type { CleaningDay } from '../contract/calendar-days.ts';
import { errorStatusOf } from '../contract/errors.ts';
import type {
  HotelReply,
  StaffAccountSummary,
  StaffSessionCurrentReply,
  StaffSessionReply,
} from '../contract/schemas.ts';
import { roleMay, type StaffPermission, type StaffRole } from '../contract/staff-roles.ts';
import { contentEditorMachine } from './contentEditor.machine.ts';
import { contentHistoryMachine } from './contentHistory.machine.ts';
import { staffCleaningCheckMachine } from './staffCleaningCheck.machine.ts';
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
 *
 * loadingHotel (GET /api/green/hotels/{hId}: its name; hotelMissing when there is none, hotelFailed ⇄ retry)
 *   ▶ signedOut ⇄ signingIn (a name and its PIN, POST /api/staff/sessions) ▶ signedIn
 *   ▶ with a session kept by the browser tab: refreshingAccount (GET /api/staff/sessions/current: the role may have
 *     changed) ▶ signedIn (accountFailed ⇄ retry; a session the server no longer knows ▶ signedOut).
 *
 * signedIn shows the tabs the account's role may open (STAFF_TABS, contract/staff-roles.ts), each a state running
 * its section machines with the session's token. A section refused for who is signed in (machines/staffRefusal.ts)
 * sends `staffSession.expired` (▶ signedOut, the PIN asked again) or `staffRole.forbidden` (▶ refreshingAccount: the
 * tabs of the role as it is now). 'Se déconnecter' ▶ signingOut (DELETE /api/staff/sessions/current; its answer or
 * failure ▶ signedOut); 'Se déconnecter partout' ▶ signingOutEverywhere (DELETE /api/staff/sessions/mine ▶
 * signedOut; a failure keeps the person signed in and says so, since their other devices may still be open).
 */

export interface StaffSession {
  token: string;
  expiresAt: string;
  /** Who signed in, as the server last said: the role decides the tabs. */
  account: StaffAccountSummary;
}

export interface StaffConsoleInput {
  hId: number;
  /** The tab's session of this hotel, still valid when the page opened; null to ask for a name and PIN. */
  storedSession: StaffSession | null;
  /**
   * The names that signed in on this device for this hotel, the latest first: the sign-in offers them. Never read from
   * the server, which does not list its staff to a signed-out page.
   */
  knownNames: readonly string[];
}

/** Why the sign-in form shows a message: a refused PIN or name, too many attempts, a failed call, a session that ran out. */
export type StaffSignInFailure = StaffPinFailure | 'expired';

export interface StaffConsoleContext {
  hId: number;
  hotel: HotelReply | null;
  session: StaffSession | null;
  knownNames: readonly string[];
  failure: StaffSignInFailure | null;
  retryAfterSeconds: number | null;
  /** The last 'Se déconnecter partout' ended every session (said on the sign-in form) or failed (said signed in). */
  signOutEverywhere: 'done' | 'failed' | null;
}

/**
 * The staff page's tabs, in the order shown, and the permissions that open each (any one of them; `roleMay` in
 * contract/staff-roles.ts says who has which). Each tab is a state of that name under `signedIn` that runs its
 * sections; the tab events and the first tab opened are made from this list.
 *
 * To add a tab: an entry here, its state under `signedIn` (invoking its section machines with `sectionInputOf`), its
 * label and panel in src/views/staff/console/StaffConsolePage.tsx (`TAB_VIEWS`).
 */
export const STAFF_TABS = [
  { name: 'today', permissions: ['codes', 'housekeeping'] },
  { name: 'impact', permissions: ['impact'] },
  { name: 'content', permissions: ['content'] },
  { name: 'history', permissions: ['content'] },
  { name: 'people', permissions: ['accounts'] },
  { name: 'trail', permissions: ['audit'] },
] as const satisfies readonly { name: string; permissions: readonly StaffPermission[] }[];

export type StaffTabName = (typeof STAFF_TABS)[number]['name'];

/** The tabs a role opens, in the order shown. */
export function tabsOfRole(role: StaffRole): StaffTabName[] {
  return STAFF_TABS.filter((tab) => tab.permissions.some((permission) => roleMay(role, permission))).map(
    (tab) => tab.name,
  );
}

/** How many names a device remembers per hotel: a front desk's shift, not a staff list. */
export const KNOWN_NAMES_KEPT = 6;

/** The names to offer after `name` signed in: it first, once (any case), the oldest dropped past KNOWN_NAMES_KEPT. */
export function namesAfterSignIn(names: readonly string[], name: string): string[] {
  const key = name.toLocaleLowerCase();
  return [name, ...names.filter((known) => known.toLocaleLowerCase() !== key)].slice(0, KNOWN_NAMES_KEPT);
}

export type StaffConsoleEvent =
  | { type: 'staffSignIn.submit'; name: string; pin: string }
  | { type: 'staffConsole.signOut' }
  | { type: 'staffConsole.signOutEverywhere' }
  | { type: 'staffConsole.retry' }
  | { type: 'staffConsole.show'; tab: StaffTabName }
  /** From a section: the server no longer knows the session (401). */
  | { type: 'staffSession.expired' }
  /** From a section: the account's role may not (403 staff_role_forbidden), so it changed meanwhile. */
  | { type: 'staffRole.forbidden' }
  /** From the code check: the server answered a hand-over (the code is used now or was in between): the uses reload. */
  | { type: 'staffCode.redeemed' }
  /** From the cleaning reports: the server answered a report on a skipped cleaning: the list reloads. */
  | { type: 'staffCleaning.reported' }
  /** From 11:00 hotel-local, 'Aujourd'hui' / 'Demain' above the skip-cleaning list: that day's list loads. */
  | { type: 'housekeeping.showDay'; day: CleaningDay };

export interface SignInInput {
  hId: number;
  name: string;
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

function sessionOf({ context }: { context: StaffConsoleContext }): StaffSession {
  if (!context.session) throw new Error('This call needs the session');
  return context.session;
}

/** The guard of a call whose session the server no longer knows (401), given the call's error. */
const sessionRefused = {
  type: 'sessionRefused',
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
} as const;

export const staffConsoleMachine = setup({
  types: {
    input: {} as StaffConsoleInput,
    context: {} as StaffConsoleContext,
    events: {} as StaffConsoleEvent,
    children: {} as {
      staffHousekeeping: 'staffHousekeeping' | 'staffHousekeepingTomorrow';
      staffCleaningCheck: 'staffCleaningCheck';
      staffCodeCheck: 'staffCodeCheck';
      staffRedemptions: 'staffRedemptions';
    },
  },
  actors: {
    // The 'Aujourd'hui' tab's sections (docs/behaviour.md#today-tab).
    /** The skip-cleaning list of today, and of the day guests' answers now speak of (tomorrow from 11:00). */
    staffHousekeeping: staffHousekeepingMachine,
    staffHousekeepingTomorrow: staffHousekeepingMachine,
    staffCleaningCheck: staffCleaningCheckMachine,
    staffCodeCheck: staffCodeCheckMachine,
    staffRedemptions: staffRedemptionsMachine,
    loadHotel: viewProvidedActor<HotelReply, { hId: number }>('loadHotel'),
    openStaffSession: viewProvidedActor<StaffSessionReply, SignInInput>('openStaffSession'),
    /** Who the session is now: a manager may have changed the role since it opened. */
    loadCurrentSession: viewProvidedActor<StaffSessionCurrentReply, StaffSession>('loadCurrentSession'),
    /** Ends the session on the server: the token is refused from then on, not only forgotten by the tab. */
    endStaffSession: viewProvidedActor<void, StaffSession>('endStaffSession'),
    /** Ends every session of the account, on every device. */
    endAllStaffSessions: viewProvidedActor<void, StaffSession>('endAllStaffSessions'),
    /** The 'Impact' tab's figures (machines/staffImpact.machine.ts); the view provides its calls. */
    staffImpact: staffImpactMachine,
    /** The managers' tabs: 'People' (machines/staffPeople.machine.ts) and 'Trail' (machines/staffTrail.machine.ts). */
    staffPeople: staffPeopleMachine,
    staffTrail: staffTrailMachine,
    /** The content's saved versions (machines/contentHistory.machine.ts), for managers. */
    contentHistory: contentHistoryMachine,
    /** The managers' 'Programme' tab: the hotel's content as one draft (machines/contentEditor.machine.ts). */
    contentEditor: contentEditorMachine,
  },
  actions: {
    /** Keeps the session for the tab (sessionStorage), so a reload stays signed in until it expires. */
    rememberSession: viewProvidedAction<StaffSession>('rememberSession'),
    forgetSession: viewProvidedAction('forgetSession'),
    /** Keeps the names to offer on this device (localStorage, per hotel). */
    rememberNames: viewProvidedAction<readonly string[]>('rememberNames'),
    holdHotel: assign({ hotel: (_, hotel: HotelReply) => hotel }),
    holdSession: assign({
      session: (_, session: StaffSession) => session,
      failure: null,
      retryAfterSeconds: null,
      signOutEverywhere: null,
    }),
    holdAccount: assign({
      session: ({ context }, current: StaffSessionCurrentReply) =>
        context.session && { ...context.session, expiresAt: current.expiresAt, account: current.account },
    }),
    holdKnownName: assign({ knownNames: ({ context }, name: string) => namesAfterSignIn(context.knownNames, name) }),
    holdSignInFailure: assign((_, error: unknown) => staffPinRefusalOf(error)),
    dropSession: assign({ session: null }),
    noteExpiry: assign({ failure: 'expired' as const, retryAfterSeconds: null }),
    clearFailure: assign({ failure: null, retryAfterSeconds: null, signOutEverywhere: null }),
    clearSignOutEverywhere: assign({ signOutEverywhere: null }),
    noteSignedOutEverywhere: assign({ signOutEverywhere: 'done' as const }),
    noteSignOutEverywhereFailed: assign({ signOutEverywhere: 'failed' as const }),
    refreshUses: sendTo('staffRedemptions', { type: 'list.refresh' } satisfies StaffListEvent),
    refreshHousekeeping: sendTo('staffHousekeeping', { type: 'list.refresh' } satisfies StaffListEvent),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    asksToday: (_, day: CleaningDay) => day === 'today',
    hasNameAndPin: (_, { name, pin }: { name: string; pin: string }) => name.trim().length > 0 && pin.length > 0,
    isMissing: (_, error: unknown) => errorStatusOf(error) === 404,
    sessionRefused: (_, error: unknown) => errorStatusOf(error) === 401,
    /** The account's role may do this (contract/staff-roles.ts). */
    may: ({ context }, permission: StaffPermission) =>
      context.session !== null && roleMay(context.session.account.role, permission),
    mayOpenTab: ({ context }, tab: StaffTabName) =>
      context.session !== null && tabsOfRole(context.session.account.role).includes(tab),
    /** The tab asked for is this one, and the role may open it. */
    showsTab: ({ context }, { tab, asked }: { tab: StaffTabName; asked: StaffTabName }) =>
      tab === asked && context.session !== null && tabsOfRole(context.session.account.role).includes(tab),
  },
}).createMachine({
  id: 'staffConsole',
  context: ({ input }) => ({
    hId: input.hId,
    hotel: null,
    session: input.storedSession,
    knownNames: input.knownNames,
    failure: null,
    retryAfterSeconds: null,
    signOutEverywhere: null,
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
            target: 'refreshingAccount',
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
    /** The kept session's account as it is now, before any tab shows. */
    refreshingAccount: {
      tags: ['loading'],
      invoke: {
        id: 'loadCurrentSession',
        src: 'loadCurrentSession',
        input: sessionOf,
        onDone: {
          target: 'signedIn',
          actions: [
            {
              type: 'holdAccount',
              params: ({ event }: { event: DoneActorEvent<StaffSessionCurrentReply> }) => event.output,
            },
            { type: 'rememberSession', params: sessionOf },
          ],
        },
        onError: [
          { guard: sessionRefused, target: 'signedOut', actions: ['dropSession', 'forgetSession', 'noteExpiry'] },
          { target: 'accountFailed' },
        ],
      },
    },
    accountFailed: {
      on: { 'staffConsole.retry': 'refreshingAccount' },
    },
    signedOut: {
      on: {
        'staffSignIn.submit': {
          guard: { type: 'hasNameAndPin', params: ({ event }) => event },
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
          name: event.type === 'staffSignIn.submit' ? event.name.trim() : '',
          pin: event.type === 'staffSignIn.submit' ? event.pin : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'holdSession', params: ({ event }: { event: DoneActorEvent<StaffSessionReply> }) => event.output },
            { type: 'rememberSession', params: ({ event }) => event.output },
            // The name as the account spells it, not as typed.
            { type: 'holdKnownName', params: ({ event }) => event.output.account.name },
            { type: 'rememberNames', params: ({ context }) => context.knownNames },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'holdSignInFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    /** The tab has forgotten the session; the server ends it. Failed or not, the sign-in form comes back. */
    signingOut: {
      invoke: {
        id: 'endStaffSession',
        src: 'endStaffSession',
        input: sessionOf,
        onDone: { target: 'signedOut', actions: 'dropSession' },
        onError: { target: 'signedOut', actions: 'dropSession' },
      },
    },
    /** The tab keeps the session until the server has ended them all: on a failure, the person can try again. */
    signingOutEverywhere: {
      invoke: {
        id: 'endAllStaffSessions',
        src: 'endAllStaffSessions',
        input: sessionOf,
        onDone: { target: 'signedOut', actions: ['dropSession', 'forgetSession', 'noteSignedOutEverywhere'] },
        onError: [
          { guard: sessionRefused, target: 'signedOut', actions: ['dropSession', 'forgetSession', 'noteExpiry'] },
          { target: 'signedIn', actions: 'noteSignOutEverywhereFailed' },
        ],
      },
    },
    signedIn: {
      initial: 'openingTab',
      on: {
        'staffConsole.signOut': { target: 'signingOut', actions: 'forgetSession' },
        'staffConsole.signOutEverywhere': {
          target: 'signingOutEverywhere',
          actions: 'clearSignOutEverywhere',
        },
        'staffSession.expired': { target: 'signedOut', actions: ['dropSession', 'forgetSession', 'noteExpiry'] },
        'staffRole.forbidden': 'refreshingAccount',
        'staffConsole.show': STAFF_TABS.map(({ name }) => ({
          guard: {
            type: 'showsTab' as const,
            params: ({ event }: { event: { tab: StaffTabName } }) => ({ tab: name, asked: event.tab }),
          },
          target: `.${name}`,
        })),
      },
      states: {
        /** The first tab the role may open. */
        openingTab: {
          always: STAFF_TABS.map(({ name }) => ({
            guard: { type: 'mayOpenTab' as const, params: name },
            target: name,
          })),
        },
        /** The day's work (docs/behaviour.md#today-tab): each part shown to the roles that may use it. */
        today: {
          type: 'parallel',
          on: {
            'staffCode.redeemed': { actions: 'refreshUses' },
            'staffCleaning.reported': { actions: 'refreshHousekeeping' },
          },
          states: {
            desk: {
              initial: 'opening',
              states: {
                opening: {
                  always: [{ guard: { type: 'may', params: 'codes' }, target: 'open' }, { target: 'closed' }],
                },
                open: {
                  invoke: [
                    { id: 'staffCodeCheck', src: 'staffCodeCheck', input: sectionInputOf },
                    { id: 'staffRedemptions', src: 'staffRedemptions', input: sectionInputOf },
                  ],
                },
                closed: {},
              },
            },
            rooms: {
              initial: 'opening',
              states: {
                opening: {
                  always: [{ guard: { type: 'may', params: 'housekeeping' }, target: 'open' }, { target: 'closed' }],
                },
                // Today's list first; from 11:00 staff may show tomorrow's (docs/behaviour.md#housekeeping-list).
                // The day chosen restarts the list alone: a report being sent keeps its answer.
                open: {
                  invoke: { id: 'staffCleaningCheck', src: 'staffCleaningCheck', input: sectionInputOf },
                  initial: 'today',
                  on: {
                    'housekeeping.showDay': [
                      { guard: { type: 'asksToday', params: ({ event }) => event.day }, target: '.today' },
                      { target: '.tomorrow' },
                    ],
                  },
                  states: {
                    today: {
                      invoke: { id: 'staffHousekeeping', src: 'staffHousekeeping', input: sectionInputOf },
                    },
                    tomorrow: {
                      invoke: { id: 'staffHousekeeping', src: 'staffHousekeepingTomorrow', input: sectionInputOf },
                    },
                  },
                },
                closed: {},
              },
            },
          },
        },
        impact: {
          invoke: { id: 'staffImpact', src: 'staffImpact', input: sectionInputOf },
        },
        content: {
          invoke: { id: 'contentEditor', src: 'contentEditor', input: sectionInputOf },
        },
        people: {
          invoke: { id: 'staffPeople', src: 'staffPeople', input: sectionInputOf },
        },
        trail: {
          invoke: { id: 'staffTrail', src: 'staffTrail', input: sectionInputOf },
        },
        history: {
          invoke: { id: 'contentHistory', src: 'contentHistory', input: sectionInputOf },
        },
      },
    },
  },
});
