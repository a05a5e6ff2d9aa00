import type { StaffSessionReply, Stay, StayReply } from '../../contract/schemas.ts';
import { call, frontTokenHeaders, http } from './http.ts';
import type { StayRef } from './stays.ts';

/** docs/behaviour.md#staff-sessions: the hotel's staff PIN for a short-lived staff session. */
export const openStaffSession = (hId: number, pin: string): Promise<StaffSessionReply> =>
  call(() => http.post('staff/sessions', { json: { hId, pin } }).json<StaffSessionReply>());

/** docs/behaviour.md#staff-sessions: signing out ends the session on the server, its token refused from then on. */
export const endStaffSession = (token: string): Promise<void> =>
  call(() => http.delete('staff/sessions/current', { headers: { authorization: `Bearer ${token}` } }).then(() => {}));

/** docs/behaviour.md#termination: ends the stay, as the hotel's staff (front token and staff token). */
export const terminateStay = ({ sUUID, profileUUID }: StayRef, staffToken: string): Promise<Stay> =>
  call(() =>
    http
      .put(`stays/${encodeURIComponent(sUUID)}/terminate`, {
        json: { uuid: profileUUID },
        headers: { ...frontTokenHeaders(), authorization: `Bearer ${staffToken}` },
      })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );
