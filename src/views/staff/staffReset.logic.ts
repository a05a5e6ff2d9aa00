import { fromPromise } from 'xstate';
import {
  type OpenStaffSessionInput,
  type StaffTerminateInput,
  staffResetMachine,
} from '../../../machines/staffReset.machine.ts';
import { openStaffSession, terminateStay } from '../../api/staff.ts';

/** The staff reset's PIN dialog with its real calls (docs/behaviour.md#staff-reset); a lazy chunk (staffResetFlow.ts). */
export const staffResetLogic = staffResetMachine.provide({
  actors: {
    openStaffSession: fromPromise(({ input }: { input: OpenStaffSessionInput }) =>
      openStaffSession(input.hId, input.pin),
    ),
    terminateStay: fromPromise(({ input }: { input: StaffTerminateInput }) => terminateStay(input, input.staffToken)),
  },
});
