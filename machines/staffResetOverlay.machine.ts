import { type ErrorActorEvent, setup } from 'xstate';
import { logFlowFailure } from './flowFailure.ts';
import type { StaffResetInput, StaffResetOutput, staffResetMachine } from './staffReset.machine.ts';
import { viewProvidedActor, viewProvidedMachine } from './viewProvided.ts';

/**
 * The staff reset's way in, on both stay pages (docs/behaviour.md#staff-reset): the stay root invokes it under
 * `ready`. It times the long press on the header title, loads the PIN dialog's lazy chunk, then runs the dialog
 * (machines/staffReset.machine.ts) as its child `staffReset`:
 * closed ─title.pressStart▶ pressing ─1 s▶ preparing (prepareStaffReset) ▶ open (staffReset) ▶ closed, or
 * terminated (final): the root clears the stored stay and goes to the finished page.
 * A release before 1 s (`title.pressEnd`) goes back to closed.
 */

export type StaffResetOverlayEvent = { type: 'title.pressStart' } | { type: 'title.pressEnd' };

export const staffResetOverlayMachine = setup({
  types: {
    input: {} as StaffResetInput,
    context: {} as StaffResetInput,
    events: {} as StaffResetOverlayEvent,
    children: {} as { prepareStaffReset: 'prepareStaffReset'; staffReset: 'staffReset' },
  },
  actors: {
    // The PIN dialog's code loads once the title was pressed long enough (staff only): the view provides the loading.
    prepareStaffReset: viewProvidedActor<void, void>('prepareStaffReset'),
    staffReset: viewProvidedMachine<typeof staffResetMachine>('staffReset'),
  },
  guards: {
    wasStayTerminated: (_, output: StaffResetOutput) => output.terminated,
  },
  actions: {
    logFlowFailure,
  },
  delays: {
    // docs/behaviour.md#timings: the long press on the header title that opens the staff reset.
    staffResetLongPress: 1000,
  },
}).createMachine({
  id: 'staffResetOverlay',
  context: ({ input }) => input,
  initial: 'closed',
  states: {
    closed: {
      on: { 'title.pressStart': 'pressing' },
    },
    pressing: {
      after: { staffResetLongPress: 'preparing' },
      on: {
        'title.pressStart': { target: 'pressing', reenter: true },
        'title.pressEnd': 'closed',
      },
    },
    preparing: {
      invoke: {
        id: 'prepareStaffReset',
        src: 'prepareStaffReset',
        onDone: 'open',
        onError: {
          target: 'closed',
          actions: { type: 'logFlowFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    open: {
      invoke: {
        id: 'staffReset',
        src: 'staffReset',
        input: ({ context }) => context,
        onDone: [
          { guard: { type: 'wasStayTerminated', params: ({ event }) => event.output }, target: 'terminated' },
          { target: 'closed' },
        ],
      },
    },
    terminated: { type: 'final' },
  },
});
