/**
 * A stay's rewards list: the hotel's rewards (hotel-content.ts) with this stay's claims, each reward in the first
 * language of the text fallback it is translated into (contract/text-language.ts).
 */
import type { Reward } from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import { prepared } from '../db/prepared.ts';
import type { Store } from '../db/store.ts';
import { rewardContentOf } from './hotel-content.ts';
import { localDate } from './hotel-time.ts';
import { findListedStay, type StayLanguage } from './listed-stay.ts';
import { isExpiredOn } from './rewards.ts';

const claimsRead = prepared((db, values: { stayId: number }) =>
  db
    .selectFrom('reward_claims')
    .select(['reward_id', 'code', 'claimed_at', 'used_at'])
    .where('stay_id', '=', values.stayId),
);

/**
 * GET /api/stays/:sUUID/rewards: the hotel's rewards with this stay's claims, each in the first language of
 * the text fallback it is translated into (`textLanguage`), so no reward (above all no claimed one) is hidden
 * for want of a translation in the chosen language. A reward past its `validUntil`, or retired from the content
 * (docs/behaviour.md#retiring), is listed only when claimed.
 */
export async function rewardsOfStay(store: Store, input: StayLanguage, now: Date): Promise<Reward[]> {
  const { db } = store;
  const stay = await findListedStay(db, input.sUUID, input.profileUUID);
  const { rewards, primaryLanguage } = await rewardContentOf(db, stay);
  const claims = new Map((await claimsRead(db, { stayId: stay.id })).map((claim) => [claim.reward_id, claim]));
  const today = localDate(now, stay.time_zone);
  const order = textLanguageOrder(input.lang, primaryLanguage);
  return rewards.flatMap(({ fields, texts: translations, retired }): Reward[] => {
    const texts = pickTranslation(translations, order);
    if (!texts) return [];
    const claim = claims.get(fields.rwId);
    if (!claim && (retired || isExpiredOn(fields.validUntil, today))) return [];
    return [
      {
        ...fields,
        radName: texts.name,
        radDescription: texts.description,
        textLanguage: texts.lang,
        isClaimed: claim ? 1 : 0,
        isUsed: claim?.used_at != null ? 1 : 0,
        code: claim ? claim.code : null,
        claimedAt: claim ? claim.claimed_at : null,
        usedAt: claim?.used_at ?? null,
      },
    ];
  });
}
