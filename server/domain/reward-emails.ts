/**
 * The reward e-mail (POST /api/rewards/:rwId/email): a claimed reward sent to the guest's address, at most
 * EMAILS_PER_STAY_PER_HOUR per stay, EMAILS_PER_RECIPIENT_PER_DAY to one address from one hotel whatever the stay,
 * and EMAILS_PER_HOTEL_PER_HOUR from one hotel (docs/behaviour.md#caps), counted in the database so several server
 * processes share the counts.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeRewardMail, mailLanguage } from '../mail/reward-mail.ts';
import { type Cap, giveBackCap, takeCap } from './caps.ts';
import { DomainError, notFound } from './errors.ts';
import { localDate, secondsUntilLocalHour } from './hotel-time.ts';
import { codePrefixOf, hotelPrimaryLanguage } from './hotels.ts';
import { findClaimedReward, notClaimed } from './rewards.ts';
import { lockOwnedStay, type StayRecord } from './stays.ts';

/** At most this many reward e-mails per stay in any rolling hour. */
export const EMAILS_PER_STAY_PER_HOUR = 5;
/** At most this many reward e-mails to one address from one hotel per hotel-local day, whatever the stay. */
export const EMAILS_PER_RECIPIENT_PER_DAY = 3;
/** At most this many reward e-mails from one hotel per UTC hour. */
export const EMAILS_PER_HOTEL_PER_HOUR = 30;
/** A mail server that refused or stayed silent: the guest may try again in a minute. */
export const MAIL_RETRY_AFTER_SECONDS = 60;

export interface RewardEmailInput {
  sUUID: string;
  profileUUID: string;
  rewardId: number;
  email: string;
  /** Without it, the hotel's primary language. */
  lang?: string | undefined;
}

/** The reward's texts, in the language the rewards list shows them for `lang` (contract/text-language.ts). */
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

/** The address as counted: lower-cased and hashed (the caps never store an address). */
function recipientKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** docs/behaviour.md#caps: the recipient's and the hotel's allowances this e-mail takes. */
function emailCaps(stay: StayRecord, email: string, now: Date): Cap[] {
  const hour = now.toISOString().slice(0, 13);
  const secondsIntoHour = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  return [
    {
      name: 'recipient-emails',
      subject: `hotel:${stay.hotel_id}:to:${recipientKey(email)}`,
      windowId: localDate(now, stay.time_zone),
      limit: EMAILS_PER_RECIPIENT_PER_DAY,
      refusal: {
        code: 'too_many_emails',
        message: `At most ${EMAILS_PER_RECIPIENT_PER_DAY} reward e-mails per day to one address; try again tomorrow`,
        retryAfterSeconds: secondsUntilLocalHour(now, stay.time_zone, 0),
      },
    },
    {
      name: 'hotel-emails',
      subject: `hotel:${stay.hotel_id}`,
      windowId: hour,
      limit: EMAILS_PER_HOTEL_PER_HOUR,
      refusal: {
        code: 'too_many_emails',
        message: `At most ${EMAILS_PER_HOTEL_PER_HOUR} reward e-mails per hour from this hotel; try again later`,
        retryAfterSeconds: 3600 - secondsIntoHour,
      },
    },
  ];
}

interface Reservation {
  id: number;
  caps: Cap[];
}

/**
 * Reserves one e-mail of the stay's hourly allowance (a row in reward_emails, written while the stay is
 * locked) and of the recipient's and hotel's caps, and returns the reservation, to give back if sending fails.
 * 429 too_many_emails when one of them is spent.
 */
async function reserveRewardEmail(store: Store, input: RewardEmailInput, now: Date): Promise<Reservation> {
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
    const caps = emailCaps(stay, input.email, now);
    for (const cap of caps) await takeCap(tx, cap);
    const row = await tx.db
      .insertInto('reward_emails')
      .values({ stay_id: stay.id, reward_id: input.rewardId, sent_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, caps };
  });
}

/**
 * Sends the stay's claimed reward to `email`: 404 / 409 not_claimed first, then 503 mail_not_configured
 * without a mailer, 429 too_many_emails, and 503 mail_send_failed when SMTP fails (the attempt is given back).
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
    await store.write(async (tx) => {
      await tx.db.deleteFrom('reward_emails').where('id', '=', reservation.id).execute();
      for (const cap of reservation.caps) await giveBackCap(tx, cap);
    });
    throw new DomainError('unavailable', 'mail_send_failed', 'The e-mail could not be sent; try again later', {
      cause: error,
      retryAfterSeconds: MAIL_RETRY_AFTER_SECONDS,
    });
  }
}
