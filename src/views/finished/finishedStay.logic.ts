import { fromPromise } from 'xstate';
import type { Reward, Stay } from '../../../contract/schemas.ts';
import { finishedStayMachine, type LoadClaimedRewardsInput } from '../../../machines/finishedStay.machine.ts';
import type { LoadStayInput } from '../../../machines/staySession.machine.ts';
import { getRewards, getStay } from '../../api/stays.ts';
import { rewardClaimLogic } from '../rewards/rewardsList.logic.ts';

/**
 * The finished-stay check and its rewards with their real calls, and a claimed reward's flow as on the rewards page
 * (code, staff step); the view adds navigation and storage.
 */
export const finishedStayLogic = finishedStayMachine.provide({
  actors: {
    rewardClaim: rewardClaimLogic,
    loadStay: fromPromise<Stay, LoadStayInput>(({ input }) => getStay(input)),
    loadRewards: fromPromise<Reward[], LoadClaimedRewardsInput>(({ input }) => getRewards(input, input.language)),
  },
});
