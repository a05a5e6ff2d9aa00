/** The staff page's 'Aujourd'hui' calls (docs/behaviour.md#today-tab), each with the staff session's token. */
import type { CleaningOutcome } from '../../contract/evidence.ts';
import type {
  HousekeepingReply,
  HousekeepingRoom,
  RedemptionsReply,
  StaffCodeCheckReply,
  StaffCodeRedeemReply,
} from '../../contract/schemas.ts';
import { call, http, staffSessionHeaders } from './http.ts';

/** The rooms that skip the cleaning of `date` (hotel-local YYYY-MM-DD). */
export const getHousekeeping = (hId: number, token: string, date: string): Promise<HousekeepingReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/housekeeping`, { searchParams: { date }, headers: staffSessionHeaders(token) })
      .json<HousekeepingReply>(),
  );

/** Housekeeping's report on a room's skipped cleaning of `date`: the room as the list now shows it. */
export const reportCleaning = (
  hId: number,
  token: string,
  report: { date: string; roomNumber: string; outcome: CleaningOutcome },
): Promise<HousekeepingRoom> =>
  call(() =>
    http
      .put(`staff/hotels/${hId}/housekeeping/${report.date}/rooms/${encodeURIComponent(report.roomNumber)}/check`, {
        json: { outcome: report.outcome },
        headers: staffSessionHeaders(token),
      })
      .json<HousekeepingRoom>(),
  );

/** Checks the guest's reward code without using it; the reward's name in `lang`. */
export const checkRewardCode = (token: string, code: string, lang: string): Promise<StaffCodeCheckReply> =>
  call(() =>
    http
      .post('staff/codes/verify', { json: { code, lang }, headers: staffSessionHeaders(token) })
      .json<StaffCodeCheckReply>(),
  );

/** Hands the reward of a checked code over: the code is used once; the reward's name in `lang`. */
export const redeemRewardCode = (token: string, code: string, lang: string): Promise<StaffCodeRedeemReply> =>
  call(() =>
    http
      .post('staff/codes/redeem', { json: { code, lang }, headers: staffSessionHeaders(token) })
      .json<StaffCodeRedeemReply>(),
  );

/** The rewards used on the hotel-local today, the latest first; the rewards' names in `lang`. */
export const getRedemptions = (hId: number, token: string, lang: string): Promise<RedemptionsReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/redemptions`, { searchParams: { lang }, headers: staffSessionHeaders(token) })
      .json<RedemptionsReply>(),
  );
