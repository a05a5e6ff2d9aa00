import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type { HotelReply, Stay } from '../contract/schemas.ts';
import { failureTextOf } from './failureTexts.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The stay session shared by the actions and rewards pages (docs/behaviour.md#stay-session): loads the stay and its hotel, then
 * either stays `ready` or ends with the address the stay belongs to (demo or not, finished); the stay page's root
 * machine (stay.machine.ts) performs that navigation.
 */

export interface StaySessionInput {
  sUUID: string;
  /** The guest identity from browser storage; null when this device never created a profile. */
  profileUUID: string | null;
  /** Whether the current address starts with /demo. */
  isDemoPath: boolean;
  /**
   * The stay and its hotel as the QR scan's stay creation answered them a moment ago: the session starts with them
   * instead of loading them (docs/frontend.md#qr-scan-to-actions). Absent or null: loaded.
   */
  seed?: SessionSeed | null;
}

export interface SessionSeed {
  stay: Stay;
  hotel: HotelReply;
}

/** Where the guest must go instead of this page: the session's output when it ends. */
export type StayDestination = 'demo' | 'live' | 'finished';

export interface StaySessionOutput {
  destination: StayDestination;
}

export interface StaySessionContext extends StaySessionInput {
  stay: Stay | null;
  /** Null when the hotel call failed: no demo flag, default points name (docs/behaviour.md#stay-session). */
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

/**
 * docs/behaviour.md#error-texts: the stay does not exist for this device (unknown address, or a device without the
 * guest's profile); retrying cannot help, a new scan can.
 */
export const STAY_UNKNOWN = msg`Impossible de récupérer les informations de séjour. Scannez le QR code de votre chambre pour retrouver vos gestes.`;

/** docs/behaviour.md#stay-redirects: remainingDays <= 0 means finished; null is an active stay without end date. */
export function isStayFinished(stay: Stay): boolean {
  return stay.remainingDays !== null && stay.remainingDays <= 0;
}

/** The failure of the stay's load, for `params` of its guard and action. */
function loadErrorOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

export const staySessionMachine = setup({
  types: {
    input: {} as StaySessionInput,
    context: {} as StaySessionContext,
    events: {} as StaySessionEvent,
    output: {} as StaySessionOutput,
  },
  actors: {
    loadStay: viewProvidedActor<Stay, LoadStayInput>('loadStay'),
    loadHotel: viewProvidedActor<HotelReply, LoadHotelInput>('loadHotel'),
  },
  guards: {
    hasProfile: ({ context }) => context.profileUUID !== null && context.profileUUID !== '',
    isSeeded: ({ context }) => context.seed != null && context.stay !== null,
    isDemoHotelOutsideDemo: ({ context }) => context.hotel?.hotel.isDemo === true && !context.isDemoPath,
    isLiveHotelInsideDemo: ({ context }) => context.hotel?.hotel.isDemo !== true && context.isDemoPath,
    isStayFinished: ({ context }) => context.stay !== null && isStayFinished(context.stay),
    isNotFound: (_, error: unknown) => errorCodeOf(error) === 'not_found',
  },
  actions: {
    storeStay: assign({ stay: (_, stay: Stay) => stay }),
    storeHotel: assign({ hotel: (_, hotel: HotelReply) => hotel }),
    forgetHotel: assign({ hotel: null }),
    clearError: assign({ error: null }),
    reportStayUnknown: assign({ error: STAY_UNKNOWN }),
    reportLoadFailure: assign({ error: (_, error: unknown) => failureTextOf(error, STAY_INFO_MISSING) }),
  },
}).createMachine({
  id: 'staySession',
  context: ({ input }) => ({ ...input, stay: input.seed?.stay ?? null, hotel: input.seed?.hotel ?? null, error: null }),
  initial: 'checkingProfile',
  states: {
    checkingProfile: {
      always: [
        { guard: 'isSeeded', target: 'routing' },
        { guard: 'hasProfile', target: 'loadingStay' },
        { target: 'profileMissing', actions: 'reportStayUnknown' },
      ],
    },
    // Nothing to retry: without a profile this device cannot read the stay (the error stays on screen).
    profileMissing: {},
    loadingStay: {
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadStay',
        src: 'loadStay',
        input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' }),
        onDone: { target: 'loadingHotel', actions: { type: 'storeStay', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: loadErrorOf },
            target: 'unknown',
            actions: 'reportStayUnknown',
          },
          { target: 'failed', actions: { type: 'reportLoadFailure', params: loadErrorOf } },
        ],
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
        { target: 'ready' },
      ],
    },
    // The session ends with the address the stay belongs to; a new address starts a new session.
    redirectingToDemo: { tags: 'loading', type: 'final', output: { destination: 'demo' } },
    redirectingOutOfDemo: { tags: 'loading', type: 'final', output: { destination: 'live' } },
    redirectingToFinished: { tags: 'loading', type: 'final', output: { destination: 'finished' } },
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
    // Nothing to retry either: no stay of this device has this address.
    unknown: {},
  },
  output: ({ event }) => event.output as StaySessionOutput,
});
