import { fromPromise } from 'xstate';
import type { Reward } from '../../../contract/schemas.ts';
import { demoResetOverlayMachine } from '../../../machines/demoResetOverlay.machine.ts';
import { actionOutcomeMachine, type OutcomeGuest } from '../../../machines/dialogs/actionOutcome.machine.ts';
import { staffResetOverlayMachine } from '../../../machines/staffResetOverlay.machine.ts';
import { stayMachine } from '../../../machines/stay.machine.ts';
import { getRewards } from '../../api/stays.ts';
import { actionsListLogic } from '../actions/actionsList.logic.ts';
import { lazyLogic } from '../binding/lazyLogic.ts';
import { demoResetFlow } from '../shell/demoResetFlow.ts';
import { staffResetFlow } from '../staff/staffResetFlow.ts';
import { staySessionLogic } from './staySession.logic.ts';

/** The launch flow loads with the action dialogs, when the guest first opens an action (guest bundle budget). */
const actionLaunchFlow = lazyLogic(async () => (await import('../actions/actionLaunch.logic.ts')).actionLaunchLogic);

/**
 * The stay pages' root actor with the real calls of its children; the view adds navigation and storage, and the
 * rewards page its list (rewardsList.logic.ts, in that page's chunk).
 */
export const stayLogic = stayMachine.provide({
  actors: {
    staySession: staySessionLogic,
    actionsList: actionsListLogic,
    prepareLaunch: fromPromise(actionLaunchFlow.load),
    actionLaunch: actionLaunchFlow.logic,
    actionOutcome: actionOutcomeMachine.provide({
      actors: {
        loadRewards: fromPromise<Reward[], OutcomeGuest>(({ input }) =>
          getRewards({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.language),
        ),
      },
    }),
    staffResetOverlay: staffResetOverlayMachine.provide({
      actors: { prepareStaffReset: fromPromise(staffResetFlow.load), staffReset: staffResetFlow.logic },
    }),
    demoResetOverlay: demoResetOverlayMachine.provide({ actors: { demoReset: demoResetFlow.logic } }),
  },
});
