import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type { CleaningOutcome } from '../contract/evidence.ts';
import type { HousekeepingRoom } from '../contract/schemas.ts';
import type { StaffConsoleEvent, StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * Housekeeping's report on a skipped cleaning, from the skip-cleaning list (docs/behaviour.md#housekeeping-list):
 * `cleaning.report` for a room ▶ reporting (PUT …/housekeeping/{date}/rooms/{roomNumber}/check) ▶ reported (the
 * room as the server now has it) | alreadyReported (another report of the room stands) | outdated (the room no
 * longer skips that day's cleaning) | failed (nothing written; the staff tap again). One report at a time. Every
 * answer but a failure tells the staff page (`staffCleaning.reported`), which reloads the list; a call refused for
 * who is signed in (machines/staffRefusal.ts) ends the reports and tells the page too.
 */

export interface CleaningReport {
  /** The list's day (YYYY-MM-DD). */
  date: string;
  roomNumber: string;
  outcome: CleaningOutcome;
}

export interface CleaningReportInput extends CleaningReport {
  hId: number;
  token: string;
}

export interface StaffCleaningCheckContext {
  hId: number;
  token: string;
  /** The report last sent. */
  report: CleaningReport | null;
  /** The room as the server answered the report. */
  reported: HousekeepingRoom | null;
}

export type StaffCleaningCheckEvent = { type: 'cleaning.report' } & CleaningReport;

export const staffCleaningCheckMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as StaffCleaningCheckContext,
    events: {} as StaffCleaningCheckEvent,
  },
  actors: {
    reportCleaning: viewProvidedActor<HousekeepingRoom, CleaningReportInput>('reportCleaning'),
  },
  actions: {
    holdReport: assign({ report: (_, report: CleaningReport) => report, reported: null }),
    holdReported: assign({ reported: (_, room: HousekeepingRoom) => room }),
    reportRefusal: sendParent((_, error: unknown) => staffRefusalEventOf(error)),
    announceReport: sendParent({ type: 'staffCleaning.reported' } satisfies StaffConsoleEvent),
  },
  guards: {
    refused: (_, error: unknown) => isStaffRefusal(error),
    otherReportStands: (_, error: unknown) => errorCodeOf(error) === 'cleaning_already_checked',
    noLongerSkipping: (_, error: unknown) => {
      const code = errorCodeOf(error);
      return code === 'room_not_skipping' || code === 'cleaning_changed_back';
    },
  },
}).createMachine({
  id: 'staffCleaningCheck',
  context: ({ input }) => ({ hId: input.hId, token: input.token, report: null, reported: null }),
  initial: 'idle',
  on: {
    'cleaning.report': {
      target: '.reporting',
      actions: {
        type: 'holdReport',
        params: ({ event }) => ({ date: event.date, roomNumber: event.roomNumber, outcome: event.outcome }),
      },
    },
  },
  states: {
    idle: {},
    reporting: {
      tags: ['reporting'],
      // One report at a time: another waits for the answer to the first.
      on: { 'cleaning.report': {} },
      invoke: {
        id: 'reportCleaning',
        src: 'reportCleaning',
        input: ({ context }) => {
          if (!context.report) throw new Error('A report is sent once held');
          return { hId: context.hId, token: context.token, ...context.report };
        },
        onDone: {
          target: 'reported',
          actions: [
            {
              type: 'holdReported',
              params: ({ event }: { event: DoneActorEvent<HousekeepingRoom> }) => event.output,
            },
            'announceReport',
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'refused',
            actions: { type: 'reportRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            guard: { type: 'otherReportStands', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'alreadyReported',
            actions: 'announceReport',
          },
          {
            guard: { type: 'noLongerSkipping', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'outdated',
            actions: 'announceReport',
          },
          { target: 'failed' },
        ],
      },
    },
    reported: {},
    /** Someone reported the room otherwise first: the list reloads with that report. */
    alreadyReported: {},
    /** The guest asked for the cleaning again, or left: the list reloads without the room's buttons. */
    outdated: {},
    /** Nothing was written: the buttons stay, the staff tap again. */
    failed: {},
    /** The staff page takes over (the PIN asked again, or who the session is now). */
    refused: { type: 'final' },
  },
});
