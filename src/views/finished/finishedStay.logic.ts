import { fromPromise } from 'xstate';
import type { Reward, Stay } from '../../../contract/schemas.ts';
import { finishedStayMachine, type LoadClaimedRewardsInput } from '../../../machines/finishedStay.machine.ts';
import type { LoadStayInput } from '../../../machines/staySession.machine.ts';
import { getRewards, getStay } from '../../api/stays.ts';

/** The finished-stay check and its rewards with their real calls; the view adds navigation and storage. */
export const finishedStayLogic = finishedStayMachine.provide({
  actors: {
    loadStay: fromPromise<Stay, LoadStayInput>(({ input }) => getStay(input)),
    loadRewards: fromPromise<Reward[], LoadClaimedRewardsInput>(({ input }) => getRewards(input, input.language)),
  },
});
