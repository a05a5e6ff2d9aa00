import { fromPromise } from 'xstate';
import {
  type OpenStaffSessionInput,
  type StaffTerminateInput,
  staffResetMachine,
} from '../../../machines/staffReset.machine.ts';
import { endStaffSession, openStaffSession, terminateStay } from '../../api/staff.ts';

/** The staff reset's PIN dialog with its real calls (docs/behaviour.md#staff-reset); a lazy chunk (staffResetFlow.ts). */
export const staffResetLogic = staffResetMachine.provide({
  actors: {
    openStaffSession: fromPromise(({ input }: { input: OpenStaffSessionInput }) =>
      openStaffSession(input.hId, input.pin),
    ),
    terminateStay: fromPromise(async ({ input }: { input: StaffTerminateInput }) => {
      try {
        return await terminateStay(input, input.staffToken);
      } finally {
        // The session was opened on a guest's device for this one reset: it ends with it, whatever the answer.
        await endStaffSession(input.staffToken).catch(() => undefined);
      }
    }),
  },
});
