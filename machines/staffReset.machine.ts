import { assign, type DoneActorEvent, type ErrorActorEvent, setup } from 'xstate';
import type { StaffSessionReply, Stay } from '../contract/schemas.ts';
import { type StaffPinFailure, staffPinRefusalOf } from './staffPin.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The PIN dialog of the hidden staff reset of a stay (docs/behaviour.md#staff-reset), spawned by the stay page's root
 * once the header title was pressed for 1 s (the root times the press, machines/stay.machine.ts):
 * askingPin ─staffPin.submit▶ checkingPin (POST /api/staff/sessions) ▶ terminating (PUT …/terminate with the staff
 * token) ▶ terminated (final, `{ terminated: true }`: the root clears the stored stay and goes to the finished page).
 * A refused PIN, too many attempts or any failure goes back to askingPin with its `failure`; staffReset.cancel ▶
 * cancelled (final, `{ terminated: false }`).
 */

export interface StaffResetInput {
  sUUID: string;
  profileUUID: string;
  /** The stay's hotel: its staff PIN opens the session. */
  hId: number;
}

/** Why the last attempt failed: the view says it ('Mot de passe incorrect'…). */
export type StaffResetFailure = StaffPinFailure;

export interface StaffResetContext extends StaffResetInput {
  /** The PIN being checked (only while checkingPin). */
  pin: string;
  /** The staff session's token, for the one terminate call. */
  staffToken: string | null;
  failure: StaffResetFailure | null;
  /** With `rateLimited`: the seconds the server asked to wait, if it said. */
  retryAfterSeconds: number | null;
}

export type StaffResetEvent = { type: 'staffPin.submit'; pin: string } | { type: 'staffReset.cancel' };

/** Whether the stay was ended (else the dialog was cancelled). */
export interface StaffResetOutput {
  terminated: boolean;
}

export interface OpenStaffSessionInput {
  hId: number;
  pin: string;
}

export interface StaffTerminateInput {
  sUUID: string;
  profileUUID: string;
  staffToken: string;
}

export const staffResetMachine = setup({
  types: {
    input: {} as StaffResetInput,
    context: {} as StaffResetContext,
    events: {} as StaffResetEvent,
    output: {} as StaffResetOutput,
  },
  actors: {
    openStaffSession: viewProvidedActor<StaffSessionReply, OpenStaffSessionInput>('openStaffSession'),
    terminateStay: viewProvidedActor<Stay, StaffTerminateInput>('terminateStay'),
  },
  guards: {
    hasPin: (_, pin: string) => pin.length > 0,
  },
  actions: {
    holdPin: assign({ pin: (_, pin: string) => pin, failure: null, retryAfterSeconds: null }),
    holdStaffToken: assign({ staffToken: (_, session: StaffSessionReply) => session.token, pin: '' }),
    storeFailure: assign((_, error: unknown) => ({ ...staffPinRefusalOf(error), pin: '', staffToken: null })),
  },
}).createMachine({
  id: 'staffReset',
  context: ({ input }) => ({ ...input, pin: '', staffToken: null, failure: null, retryAfterSeconds: null }),
  // The output of the final state it ended in.
  output: ({ event }) => event.output as StaffResetOutput,
  initial: 'askingPin',
  states: {
    askingPin: {
      on: {
        'staffPin.submit': {
          guard: { type: 'hasPin', params: ({ event }) => event.pin },
          target: 'checkingPin',
          actions: { type: 'holdPin', params: ({ event }) => event.pin },
        },
        'staffReset.cancel': 'cancelled',
      },
    },
    checkingPin: {
      tags: ['submitting'],
      invoke: {
        id: 'openStaffSession',
        src: 'openStaffSession',
        input: ({ context }) => ({ hId: context.hId, pin: context.pin }),
        onDone: {
          target: 'terminating',
          actions: {
            type: 'holdStaffToken',
            params: ({ event }: { event: DoneActorEvent<StaffSessionReply> }) => event.output,
          },
        },
        onError: {
          target: 'askingPin',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    terminating: {
      tags: ['submitting'],
      invoke: {
        id: 'terminateStay',
        src: 'terminateStay',
        input: ({ context }) => ({
          sUUID: context.sUUID,
          profileUUID: context.profileUUID,
          staffToken: context.staffToken ?? '',
        }),
        onDone: { target: 'terminated' },
        onError: {
          target: 'askingPin',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    terminated: { type: 'final', output: { terminated: true } },
    cancelled: { type: 'final', output: { terminated: false } },
  },
});
