import type {
  ClaimRewardBody,
  ClaimRewardReply,
  EmailRewardBody,
  EmailRewardReply,
  RewardCodeReply,
  UseRewardBody,
  UseRewardReply,
} from '../../contract/schemas.ts';
import { call, http } from './http.ts';
import type { StayRef } from './stays.ts';

/** POST /api/rewards/{rwId}/claim — the server issues CODE codes, so the body's code stays null. */
export const claimReward = ({ sUUID, profileUUID }: StayRef, rwId: number): Promise<ClaimRewardReply> =>
  call(() =>
    http
      .post(`rewards/${rwId}/claim`, { json: { uuid: profileUUID, sUUID, code: null } satisfies ClaimRewardBody })
      .json<ClaimRewardReply>(),
  );

/** GET /api/rewards/{rwId}/code?sUUID=&uuid= — the caller's own code of a claimed CODE reward. */
export const getRewardCode = ({ sUUID, profileUUID }: StayRef, rwId: number): Promise<RewardCodeReply> =>
  call(() => http.get(`rewards/${rwId}/code`, { searchParams: { sUUID, uuid: profileUUID } }).json<RewardCodeReply>());

const usedBody = ({ sUUID, profileUUID }: StayRef): UseRewardBody => ({ sUUID, uuid: profileUUID });

/** POST /api/rewards/{rwId}/useSlider — the staff swipe on a claimed SLIDER reward (same rule as `used`). */
export const markSliderUsed = (stay: StayRef, rwId: number): Promise<UseRewardReply> =>
  call(() => http.post(`rewards/${rwId}/useSlider`, { json: usedBody(stay) }).json<UseRewardReply>());

/** POST /api/rewards/{rwId}/email — sends a claimed reward to the guest's address, in the guest's language. */
export const emailReward = (
  { sUUID, profileUUID }: StayRef,
  rwId: number,
  email: string,
  lang: string,
): Promise<EmailRewardReply> =>
  call(() =>
    http
      .post(`rewards/${rwId}/email`, { json: { sUUID, uuid: profileUUID, email, lang } satisfies EmailRewardBody })
      .json<EmailRewardReply>(),
  );
