import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CleaningOutcome } from '../../../../../contract/evidence.ts';
import type { CleaningCheck, HousekeepingRoom } from '../../../../../contract/schemas.ts';
import type {
  StaffCleaningCheckEvent,
  staffCleaningCheckMachine,
} from '../../../../../machines/staffCleaningCheck.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

export type CleaningCheckRef = ActorRefFrom<typeof staffCleaningCheckMachine>;

/** Why a room's report was not recorded as sent (docs/behaviour.md#housekeeping-list). */
export type CleaningReportRefusal = 'alreadyReported' | 'outdated' | 'failed';
const REFUSALS: readonly CleaningReportRefusal[] = ['alreadyReported', 'outdated', 'failed'];

/** A room's report as the list shows it: recorded, being sent, or refused. */
export interface RoomReport {
  check: CleaningCheck | null;
  reporting: boolean;
  refusal: CleaningReportRefusal | null;
}

/**
 * The skip-cleaning list's reports (docs/behaviour.md#housekeeping-list): for each room of the list, its check (the
 * list's, or the one just answered while the list reloads), whether its report is being sent or was refused; the
 * buttons wait while any report is sent.
 */
export function connectCleaningCheck(
  snapshot: SnapshotFrom<typeof staffCleaningCheckMachine>,
  send: (event: StaffCleaningCheckEvent) => void,
) {
  const { report, reported } = snapshot.context;
  const refusal = REFUSALS.find((state) => snapshot.matches(state)) ?? null;
  const reporting = snapshot.hasTag('reporting');
  return {
    root: { 'data-state': dataStateOf(snapshot) },
    reporting,
    /** `date`: the list's day; a report sent on the other day's list says nothing of this one. */
    roomReport: (date: string, room: HousekeepingRoom): RoomReport => {
      const concerned = report?.date === date && report.roomNumber === room.roomNumber;
      return {
        check: room.check ?? (concerned && reported?.roomNumber === room.roomNumber ? reported.check : null),
        reporting: concerned && reporting,
        refusal: concerned ? refusal : null,
      };
    },
    onReport: (date: string, roomNumber: string, outcome: CleaningOutcome) =>
      send({ type: 'cleaning.report', date, roomNumber, outcome }),
  } as const;
}
