import { assign, setup } from 'xstate';
import { addDays, earlierDate } from '../../contract/calendar-days.ts';

/**
 * docs/behaviour.md#end-date: the end date is chosen from today to today plus 14 days, and never after the stay's
 * last possible day (the server refuses later dates).
 */
export const END_DATE_WINDOW_DAYS = 14;

export interface EndDatePickerInput {
  /** Today's date (YYYY-MM-DD), in the hotel's time zone. */
  today: string;
  /** The stay's last possible day (YYYY-MM-DD). */
  lastDay: string;
}

export interface EndDatePickerContext {
  min: string;
  max: string;
  /** The chosen date; null until the guest picks one in the window, which keeps 'Confirmer' disabled. */
  date: string | null;
}

export interface EndDatePickerOutput {
  endDate: string;
}

export type EndDatePickerEvent = { type: 'date.choose'; date: string } | { type: 'date.confirm' };

export const endDatePickerMachine = setup({
  types: {
    input: {} as EndDatePickerInput,
    context: {} as EndDatePickerContext,
    events: {} as EndDatePickerEvent,
    output: {} as EndDatePickerOutput,
  },
  guards: {
    // ISO dates compare as strings.
    isInWindow: ({ context }, date: string) => date >= context.min && date <= context.max,
    hasDate: ({ context }) => context.date !== null,
  },
  actions: {
    storeDate: assign({ date: (_, date: string) => date }),
    clearDate: assign({ date: null }),
  },
}).createMachine({
  id: 'endDatePicker',
  context: ({ input }) => ({
    min: input.today,
    max: earlierDate(addDays(input.today, END_DATE_WINDOW_DAYS), input.lastDay),
    date: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'date.choose': [
          {
            guard: { type: 'isInWindow', params: ({ event }) => event.date },
            actions: { type: 'storeDate', params: ({ event }) => event.date },
          },
          // A cleared or out-of-window entry leaves nothing to confirm.
          { actions: 'clearDate' },
        ],
        'date.confirm': { guard: 'hasDate', target: 'confirmed' },
      },
    },
    confirmed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ endDate: context.date ?? context.min }),
});
