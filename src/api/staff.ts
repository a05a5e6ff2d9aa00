import type { StaffSessionCurrentReply, StaffSessionReply, Stay, StayReply } from '../../contract/schemas.ts';
import { call, frontTokenHeaders, http, staffSessionHeaders } from './http.ts';
import type { StayRef } from './stays.ts';

/**
 * docs/behaviour.md#staff-sessions: a staff account's PIN for a short-lived session of that account, the account
 * named by `name`; without a name, that of any account that may reset a stay (the guest page's hidden reset).
 */
export const openStaffSession = (hId: number, pin: string, name?: string): Promise<StaffSessionReply> =>
  call(() => http.post('staff/sessions', { json: { hId, pin, name } }).json<StaffSessionReply>());

/** Who a session is now: its account's name and role (a manager may have changed them). */
export const getCurrentStaffSession = (token: string): Promise<StaffSessionCurrentReply> =>
  call(() =>
    http.get('staff/sessions/current', { headers: staffSessionHeaders(token) }).json<StaffSessionCurrentReply>(),
  );

/** docs/behaviour.md#staff-sessions: signing out ends the session on the server, its token refused from then on. */
export const endStaffSession = (token: string): Promise<void> =>
  call(() => http.delete('staff/sessions/current', { headers: staffSessionHeaders(token) }).then(() => {}));

/** Signing out everywhere: every open session of the token's account ends, on every device. */
export const endAllStaffSessions = (token: string): Promise<void> =>
  call(() => http.delete('staff/sessions/mine', { headers: staffSessionHeaders(token) }).then(() => {}));

/** docs/behaviour.md#termination: ends the stay, as the hotel's staff (front token and staff token). */
export const terminateStay = ({ sUUID, profileUUID }: StayRef, staffToken: string): Promise<Stay> =>
  call(() =>
    http
      .put(`stays/${encodeURIComponent(sUUID)}/terminate`, {
        json: { uuid: profileUUID },
        headers: { ...frontTokenHeaders(), ...staffSessionHeaders(staffToken) },
      })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );
