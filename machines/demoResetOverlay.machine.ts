import { setup } from 'xstate';
import type { DemoResetInput, DemoResetOutput, demoResetMachine } from './demoReset.machine.ts';
import { viewProvidedMachine } from './viewProvided.ts';

/**
 * The demo reset's way in, on both stay pages (docs/behaviour.md#demo-reset; the panel is drawn under /demo only):
 * the stay root invokes it under `ready`. The panel's button asks (`demoReset.open`), and it runs the question
 * (machines/demoReset.machine.ts, loaded with the panel's lazy chunk) as its child `demoReset`:
 * closed ─demoReset.open▶ open ▶ closed, or reset (final): the root starts the page again on the reset stay.
 * A second ask replaces the question.
 */

export type DemoResetOverlayEvent = { type: 'demoReset.open' };

export const demoResetOverlayMachine = setup({
  types: {
    input: {} as DemoResetInput,
    context: {} as DemoResetInput,
    events: {} as DemoResetOverlayEvent,
    children: {} as { demoReset: 'demoReset' },
  },
  actors: {
    demoReset: viewProvidedMachine<typeof demoResetMachine>('demoReset'),
  },
  guards: {
    wasDemoReset: (_, output: DemoResetOutput) => output.reset,
  },
}).createMachine({
  id: 'demoResetOverlay',
  context: ({ input }) => input,
  initial: 'closed',
  on: { 'demoReset.open': { target: '.open', reenter: true } },
  states: {
    closed: {},
    open: {
      invoke: {
        id: 'demoReset',
        src: 'demoReset',
        input: ({ context }) => context,
        onDone: [
          { guard: { type: 'wasDemoReset', params: ({ event }) => event.output }, target: 'reset' },
          { target: 'closed' },
        ],
      },
    },
    reset: { type: 'final' },
  },
});
