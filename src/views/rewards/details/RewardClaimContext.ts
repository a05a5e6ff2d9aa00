import { createActorContext } from '@xstate/react';
import { rewardClaimMachine } from '../../../../machines/rewardClaim.machine.ts';

/** The open reward modal's claim flow, shared by its parts. */
export const RewardClaimContext = createActorContext(rewardClaimMachine);
