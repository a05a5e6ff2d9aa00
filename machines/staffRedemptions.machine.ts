import type { RedemptionsReply } from '../contract/schemas.ts';
import { staffListMachine } from './staffList.ts';

/**
 * The staff page's uses of the day (docs/behaviour.md#today-tab): loaded when the 'Aujourd'hui' tab opens,
 * reloaded after each hand-over (the staff page forwards `staffCode.redeemed` as `list.refresh`) and on demand.
 */
export const staffRedemptionsMachine = staffListMachine<RedemptionsReply>('staffRedemptions', null);
