import { assign, setup } from 'xstate';
import type { NightsChoice } from '../../contract/answer-rules.ts';

export interface NightsPickerContext {
  choice: NightsChoice | null;
}

export interface NightsPickerOutput {
  choice: NightsChoice;
}

export type NightsPickerEvent = { type: 'nights.choose'; choice: NightsChoice } | { type: 'nights.confirm' };

/** The nights-of-stay question: 'Valider' stays disabled until an option is chosen (docs/behaviour.md#nights-choice). */
export const nightsPickerMachine = setup({
  types: {
    context: {} as NightsPickerContext,
    events: {} as NightsPickerEvent,
    output: {} as NightsPickerOutput,
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
  },
  actions: {
    storeChoice: assign({ choice: (_, choice: NightsChoice) => choice }),
  },
}).createMachine({
  id: 'nightsPicker',
  context: { choice: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'nights.choose': { actions: { type: 'storeChoice', params: ({ event }) => event.choice } },
        'nights.confirm': { guard: 'hasChoice', target: 'confirmed' },
      },
    },
    confirmed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ choice: context.choice ?? 1 }),
});
