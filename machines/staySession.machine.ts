import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { HotelReply, Stay } from '../contract/schemas.ts';

/**
 * The stay session shared by the actions and rewards pages (SPEC.md §2, §8): loads the stay and its hotel,
 * then sends the guest where the stay belongs (demo or not, finished or not) and remembers the stay.
 */

export type StayPageName = 'actions' | 'rewards';

export interface StaySessionInput {
  sUUID: string;
  /** The guest identity from browser storage; null when this device never created a profile. */
  profileUUID: string | null;
  /** Whether the current address starts with /demo. */
  isDemoPath: boolean;
  active: StayPageName;
}

export interface StaySessionContext extends StaySessionInput {
  stay: Stay | null;
  /** Null when the hotel call failed: no demo flag, default points name (SPEC.md §8). */
  hotel: HotelReply | null;
  error: MessageDescriptor | null;
}

export interface LoadStayInput {
  sUUID: string;
  profileUUID: string;
}

export interface LoadHotelInput {
  hId: number;
  profileUUID: string;
}

export type StaySessionEvent = { type: 'stay.retry' } | { type: 'stay.refresh' };

export const STAY_INFO_MISSING = msg`Impossible de récupérer les informations de séjour.`;

/** SPEC.md §2 and the /rewards row: remainingDays <= 0 means finished; null is an active stay without end date. */
export function isStayFinished(stay: Stay): boolean {
  return stay.remainingDays !== null && stay.remainingDays <= 0;
}

export const staySessionMachine = setup({
  types: {
    input: {} as StaySessionInput,
    context: {} as StaySessionContext,
    events: {} as StaySessionEvent,
  },
  actors: {
    loadStay: fromPromise<Stay, LoadStayInput>(() => Promise.reject(new Error('loadStay is provided by the view'))),
    loadHotel: fromPromise<HotelReply, LoadHotelInput>(() =>
      Promise.reject(new Error('loadHotel is provided by the view')),
    ),
  },
  guards: {
    hasProfile: ({ context }) => context.profileUUID !== null && context.profileUUID !== '',
    isDemoHotelOutsideDemo: ({ context }) => context.hotel?.hotel.isDemo === true && !context.isDemoPath,
    isLiveHotelInsideDemo: ({ context }) => context.hotel?.hotel.isDemo !== true && context.isDemoPath,
    isStayFinished: ({ context }) => context.stay !== null && isStayFinished(context.stay),
  },
  actions: {
    storeStay: assign({ stay: (_, stay: Stay) => stay }),
    storeHotel: assign({ hotel: (_, hotel: HotelReply) => hotel }),
    forgetHotel: assign({ hotel: null }),
    clearError: assign({ error: null }),
    reportStayInfoMissing: assign({ error: STAY_INFO_MISSING }),
    // Browser effects, provided by the view (navigation, storage).
    redirectToDemo: () => {},
    redirectOutOfDemo: () => {},
    redirectToFinished: () => {},
    rememberStay: () => {},
  },
}).createMachine({
  id: 'staySession',
  context: ({ input }) => ({ ...input, stay: null, hotel: null, error: null }),
  initial: 'checkingProfile',
  states: {
    checkingProfile: {
      always: [
        { guard: 'hasProfile', target: 'loadingStay' },
        { target: 'profileMissing', actions: 'reportStayInfoMissing' },
      ],
    },
    profileMissing: {
      // Nothing to retry: without a profile this device cannot read the stay.
      type: 'final',
    },
    loadingStay: {
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadStay',
        src: 'loadStay',
        input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' }),
        onDone: { target: 'loadingHotel', actions: { type: 'storeStay', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'reportStayInfoMissing' },
      },
    },
    loadingHotel: {
      tags: 'loading',
      invoke: {
        id: 'loadHotel',
        src: 'loadHotel',
        input: ({ context }) => ({ hId: context.stay?.hId ?? 0, profileUUID: context.profileUUID ?? '' }),
        onDone: { target: 'routing', actions: { type: 'storeHotel', params: ({ event }) => event.output } },
        onError: { target: 'routing', actions: 'forgetHotel' },
      },
    },
    routing: {
      always: [
        { guard: 'isDemoHotelOutsideDemo', target: 'redirectingToDemo' },
        { guard: 'isLiveHotelInsideDemo', target: 'redirectingOutOfDemo' },
        { guard: 'isStayFinished', target: 'redirectingToFinished' },
        { target: 'ready', actions: 'rememberStay' },
      ],
    },
    // The redirects leave this page; the view remounts the session for the new address.
    redirectingToDemo: { tags: 'loading', entry: 'redirectToDemo', type: 'final' },
    redirectingOutOfDemo: { tags: 'loading', entry: 'redirectOutOfDemo', type: 'final' },
    redirectingToFinished: { tags: 'loading', entry: 'redirectToFinished', type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'stay.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'loadStay',
            src: 'loadStay',
            input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' }),
            // The refreshed stay may have ended meanwhile: route again.
            onDone: {
              target: '#staySession.routing',
              actions: { type: 'storeStay', params: ({ event }) => event.output },
            },
            // A failed refresh keeps the stay on screen; the next refresh tries again.
            onError: { target: 'idle' },
          },
        },
      },
    },
    failed: {
      on: { 'stay.retry': 'loadingStay' },
    },
  },
});
