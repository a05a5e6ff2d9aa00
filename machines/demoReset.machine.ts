import { assign, type ErrorActorEvent, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type { Stay } from '../contract/schemas.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The question of the demo layout's reset panel (docs/behaviour.md#demo-reset), spawned by the stay page's root when
 * the panel asks (`demoReset.open`): confirming ─demoReset.confirm▶ resetting (POST /api/demo/stays/{sUUID}/reset)
 * ▶ reset (final, output `{ reset: true }`: the root forgets welcomeShown and starts the page again at
 * /demo/stay/{sUUID}); a failure goes back to confirming with its `failure` (confirm again retries);
 * demoReset.cancel ▶ cancelled (final, `{ reset: false }`).
 */

export interface DemoResetInput {
  sUUID: string;
  profileUUID: string;
}

/** The server's answer text ('Echec du reset: …'), or no answer at all ('Erreur réseau lors du reset démo'). */
export type DemoResetFailure = { kind: 'server'; message: string } | { kind: 'network' };

export interface DemoResetContext extends DemoResetInput {
  failure: DemoResetFailure | null;
}

export type DemoResetEvent = { type: 'demoReset.confirm' } | { type: 'demoReset.cancel' };

/** Whether the stay was reset (else the question was cancelled). */
export interface DemoResetOutput {
  reset: boolean;
}

function failureOf(error: unknown): DemoResetFailure {
  if (errorCodeOf(error) === 'network_error') return { kind: 'network' };
  return { kind: 'server', message: error instanceof Error ? error.message : String(error) };
}

export const demoResetMachine = setup({
  types: {
    input: {} as DemoResetInput,
    context: {} as DemoResetContext,
    events: {} as DemoResetEvent,
    output: {} as DemoResetOutput,
  },
  actors: {
    resetDemoStay: viewProvidedActor<Stay, DemoResetInput>('resetDemoStay'),
  },
  actions: {
    storeFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'demoReset',
  context: ({ input }) => ({ ...input, failure: null }),
  // The output of the final state it ended in.
  output: ({ event }) => event.output as DemoResetOutput,
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'demoReset.confirm': { target: 'resetting', actions: 'forgetFailure' },
        'demoReset.cancel': 'cancelled',
      },
    },
    resetting: {
      tags: ['submitting'],
      invoke: {
        id: 'resetDemoStay',
        src: 'resetDemoStay',
        input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID }),
        onDone: { target: 'reset' },
        onError: {
          target: 'confirming',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    reset: { type: 'final', output: { reset: true } },
    cancelled: { type: 'final', output: { reset: false } },
  },
});
