import type { Stay, StayReply } from '../../contract/schemas.ts';
import { call, frontTokenHeaders, http } from './http.ts';
import type { StayRef } from './stays.ts';

/** docs/behaviour.md#demo-reset: clears a demo stay's answers, points and rewards. */
export const resetDemoStay = ({ sUUID, profileUUID }: StayRef): Promise<Stay> =>
  call(() =>
    http
      .post(`demo/stays/${encodeURIComponent(sUUID)}/reset`, {
        json: { uuid: profileUUID },
        headers: frontTokenHeaders(),
      })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );
