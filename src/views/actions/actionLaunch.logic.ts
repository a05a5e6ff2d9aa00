import { fromPromise } from 'xstate';
import type { Stay } from '../../../contract/schemas.ts';
import { actionLaunchMachine, type SaveEndDateInput } from '../../../machines/actionLaunch.machine.ts';
import { setStayEndDate } from '../../api/stays.ts';

/** The launch flow with its real call: PUT /api/stays/{sUUID}/endDate. */
export const actionLaunchLogic = actionLaunchMachine.provide({
  actors: {
    saveEndDate: fromPromise<Stay, SaveEndDateInput>(({ input }) =>
      setStayEndDate({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.endDate),
    ),
  },
});
