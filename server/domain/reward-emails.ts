/**
 * The reward e-mail (POST /api/rewards/:rwId/email): a claimed reward sent to the guest's address, at most
 * EMAILS_PER_STAY_PER_HOUR per stay, counted in the database so several server processes share the count.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeRewardMail, mailLanguage } from '../mail/reward-mail.ts';
import { DomainError, notFound } from './errors.ts';
import { codePrefixOf, hotelPrimaryLanguage } from './hotels.ts';
import { findClaimedReward, notClaimed } from './rewards.ts';
import { lockOwnedStay } from './stays.ts';
import { pickTranslation, textLanguageOrder } from './text-language.ts';

/** At most this many reward e-mails per stay in any rolling hour. */
export const EMAILS_PER_STAY_PER_HOUR = 5;

export interface RewardEmailInput {
  sUUID: string;
  profileUUID: string;
  rewardId: number;
  email: string;
  /** Without it, the hotel's primary language. */
  lang?: string | undefined;
}

/** The reward's texts, in the language the rewards list shows them for `lang` (domain/text-language.ts). */
async function rewardTexts(
  db: Kysely<Database>,
  rewardId: number,
  order: readonly string[],
): Promise<{ name: string; description: string }> {
  const rows = await db
    .selectFrom('reward_translations')
    .select(['lang', 'name', 'description'])
    .where('reward_id', '=', rewardId)
    .execute();
  const texts = pickTranslation(rows, order);
  if (!texts) throw notFound('Reward');
  return texts;
}

/**
 * Reserves one e-mail of the stay's hourly allowance (a row in reward_emails, written while the stay is
 * locked) and returns the reservation's id, to give back if sending fails. 429 too_many_emails when spent.
 */
async function reserveRewardEmail(store: Store, input: RewardEmailInput, now: Date): Promise<number> {
  return store.write(async (tx) => {
    const stay = await lockOwnedStay(tx, input.sUUID, input.profileUUID);
    const since = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
    const sent = await tx.db
      .selectFrom('reward_emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stay_id', '=', stay.id)
      .where('sent_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(sent.n) >= EMAILS_PER_STAY_PER_HOUR)
      throw new DomainError(
        'rate_limited',
        'too_many_emails',
        `At most ${EMAILS_PER_STAY_PER_HOUR} reward e-mails per stay per hour; try again later`,
      );
    const row = await tx.db
      .insertInto('reward_emails')
      .values({ stay_id: stay.id, reward_id: input.rewardId, sent_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Sends the stay's claimed reward to `email`: 404 / 409 not_claimed first, then 503 mail_not_configured
 * without a mailer, 429 too_many_emails, and 502 mail_send_failed when SMTP fails (the attempt is given back).
 */
export async function emailReward(
  store: Store,
  mailer: Mailer | null,
  input: RewardEmailInput,
  now: Date,
): Promise<void> {
  const { stay, reward, claim } = await findClaimedReward(store.db, input.sUUID, input.profileUUID, input.rewardId);
  if (!claim) throw notClaimed();
  if (!mailer)
    throw new DomainError('unavailable', 'mail_not_configured', 'E-mail is not configured on this server (SMTP_URL)');
  const primary = await hotelPrimaryLanguage(store.db, stay);
  const lang = input.lang ?? primary;
  const texts = await rewardTexts(store.db, reward.id, textLanguageOrder(lang, primary));
  const mailLang = mailLanguage(lang);
  const mail = composeRewardMail({
    lang: mailLang,
    hotelName: stay.hotel_name,
    codePrefix: codePrefixOf(stay),
    rewardName: texts.name,
    description: texts.description,
    rwType: reward.type,
    code: claim.code,
    validUntil: reward.valid_until,
    rwWaterVolume: reward.water_volume,
  });
  const reservation = await reserveRewardEmail(store, input, now);
  try {
    await mailer.send({ to: input.email, lang: mailLang, ...mail });
  } catch (error) {
    await store.db.deleteFrom('reward_emails').where('id', '=', reservation).execute();
    throw new DomainError('upstream_failed', 'mail_send_failed', 'The e-mail could not be sent; try again later', {
      cause: error,
    });
  }
}
