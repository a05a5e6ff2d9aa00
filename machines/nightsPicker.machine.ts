import { assign, setup } from 'xstate';

/** docs/behaviour.md#nights-choice: 1, 2, 3 or '4+'. */
export type NightsChoice = 1 | 2 | 3 | '4+';
export const NIGHTS_CHOICES: readonly NightsChoice[] = [1, 2, 3, '4+'];

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
