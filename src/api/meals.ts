import type { LimeatBody, LimeatReply, MealMenuReply } from '../../contract/schemas.ts';
import { call, http } from './http.ts';

/** The meal photo's calls (docs/behaviour.md#meal-photo). */

/** GET /api/actions/{actId}/limeat/menu: how meals are analysed here, and the dishes to pick from. */
export const getMealMenu = (input: { actId: number; sUUID: string; profileUUID: string; lang: string }) =>
  call(() =>
    http
      .get(`actions/${input.actId}/limeat/menu`, {
        searchParams: { sUUID: input.sUUID, uuid: input.profileUUID, lang: input.lang },
      })
      .json<MealMenuReply>(),
  );

/** POST /api/actions/{actId}/limeat: the photo's analysis and the points it gained. Not retried (not idempotent). */
export const analyseMealPhoto = (actId: number, body: LimeatBody) =>
  // A vision model may take a while: longer than the usual 15 s.
  call(() => http.post(`actions/${actId}/limeat`, { json: body, timeout: 60000 }).json<LimeatReply>());
