import { stayMachine } from '../../../machines/stay.machine.ts';
import { actionLaunchLogic } from '../actions/actionLaunch.logic.ts';
import { actionsListLogic } from '../actions/actionsList.logic.ts';
import { rewardsListLogic } from '../rewards/rewardsList.logic.ts';
import { staySessionLogic } from './staySession.logic.ts';

/** The stay pages' root actor with the real calls of its children; the view adds navigation and storage. */
export const stayLogic = stayMachine.provide({
  actors: {
    staySession: staySessionLogic,
    actionsList: actionsListLogic,
    actionLaunch: actionLaunchLogic,
    rewardsList: rewardsListLogic,
  },
});
