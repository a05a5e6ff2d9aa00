import { fromPromise } from 'xstate';
import type { Stay, SubmissionReply, SubmissionRequest } from '../../../contract/schemas.ts';
import { withSubmitAnswer } from '../../../machines/actionModals.ts';
import { actionLaunchMachine, type SaveEndDateInput } from '../../../machines/dialogs/actionLaunch.machine.ts';
import { submitAction } from '../../api/actions.ts';
import { setStayEndDate } from '../../api/stays.ts';

/** Every modal machine's real `submitAnswer` (machines/dialogs/submission.ts): POST /api/actions/{actId}/{path}. */
export const submitAnswer = fromPromise<SubmissionReply, SubmissionRequest>(({ input }) =>
  submitAction(input.actId, input.type, input.body),
);

/** The launch flow with its real calls: PUT /api/stays/{sUUID}/endDate, and its modals' answers. */
export const actionLaunchLogic = actionLaunchMachine.provide({
  actors: {
    saveEndDate: fromPromise<Stay, SaveEndDateInput>(({ input }) =>
      setStayEndDate({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.endDate),
    ),
    ...withSubmitAnswer(submitAnswer),
  },
});
