import { fromPromise } from 'xstate';
import {
  type OpenStaffSessionInput,
  type StaffTerminateInput,
  staffResetMachine,
} from '../../../machines/staffReset.machine.ts';

// The calls load with their first use: the staff reset is rare, and stays out of the guest's first visit.
const staffApi = () => import('../../api/staff.ts');

/** The staff reset with its real calls (docs/behaviour.md#staff-reset). */
export const staffResetLogic = staffResetMachine.provide({
  actors: {
    openStaffSession: fromPromise(async ({ input }: { input: OpenStaffSessionInput }) =>
      (await staffApi()).openStaffSession(input.hId, input.pin),
    ),
    terminateStay: fromPromise(async ({ input }: { input: StaffTerminateInput }) =>
      (await staffApi()).terminateStay(input, input.staffToken),
    ),
  },
});
