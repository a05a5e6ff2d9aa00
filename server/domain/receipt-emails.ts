/**
 * The receipt e-mail (POST /api/stays/:sUUID/receipt/email): the stay's impact receipt sent to the guest's address,
 * at most RECEIPT_EMAILS_PER_STAY_PER_HOUR per stay (docs/behaviour.md#receipt), counted in `cap_counters` so
 * several server processes share the count; a send the mail server refused is given back.
 */
import type { Store } from '../db/store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeReceiptMail } from '../mail/receipt-mail.ts';
import { mailLanguage } from '../mail/reward-mail.ts';
import { type Cap, giveBackCap, stayCapSubject, takeCap } from './caps.ts';
import { DomainError } from './errors.ts';
import { MAIL_RETRY_AFTER_SECONDS } from './reward-emails.ts';
import { stayReceipt } from './stay-receipt.ts';
import { findOwnedStay } from './stays.ts';

/** At most this many receipt e-mails per stay per UTC hour. */
export const RECEIPT_EMAILS_PER_STAY_PER_HOUR = 3;
/** At most this many receipt PDFs per stay per UTC hour: each takes real CPU to draw. */
export const RECEIPT_PDFS_PER_STAY_PER_HOUR = 20;

export interface ReceiptEmailInput {
  sUUID: string;
  profileUUID: string;
  email: string;
  lang: string;
}

const RECEIPT_CAPS = {
  'receipt-emails': { limit: RECEIPT_EMAILS_PER_STAY_PER_HOUR, code: 'too_many_emails', what: 'receipt e-mails' },
  'receipt-pdfs': { limit: RECEIPT_PDFS_PER_STAY_PER_HOUR, code: 'too_many_receipts', what: 'receipt PDFs' },
} as const;

/** The stay's hourly cap on sending or drawing its receipt, shared by every server process (`cap_counters`). */
export function receiptCap(name: keyof typeof RECEIPT_CAPS, stayId: number, now: Date): Cap {
  const { limit, code, what } = RECEIPT_CAPS[name];
  const secondsIntoHour = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  return {
    name,
    subject: stayCapSubject(stayId),
    windowId: now.toISOString().slice(0, 13),
    limit,
    refusal: {
      code,
      message: `At most ${limit} ${what} per stay per hour; try again later`,
      retryAfterSeconds: 3600 - secondsIntoHour,
    },
  };
}

/**
 * Sends the stay's receipt to `email`: 404 for a stay that is not the caller's, 503 mail_not_configured without a
 * mailer, 429 too_many_emails, 503 mail_send_failed when SMTP fails or stays silent (the use is given back).
 */
export async function emailStayReceipt(
  store: Store,
  mailer: Mailer | null,
  input: ReceiptEmailInput,
  now: Date,
): Promise<void> {
  const stay = await findOwnedStay(store.db, input.sUUID, input.profileUUID);
  if (!mailer)
    throw new DomainError('unavailable', 'mail_not_configured', 'E-mail is not configured on this server (SMTP_URL)');
  const lang = mailLanguage(input.lang);
  const mail = composeReceiptMail(await stayReceipt(store.db, stay, input.lang, now), lang);
  const cap = receiptCap('receipt-emails', stay.id, now);
  await store.write((tx) => takeCap(tx, cap));
  try {
    await mailer.send({ to: input.email, lang, ...mail });
  } catch (error) {
    await store.write((tx) => giveBackCap(tx, cap));
    throw new DomainError('unavailable', 'mail_send_failed', 'The e-mail could not be sent; try again later', {
      cause: error,
      retryAfterSeconds: MAIL_RETRY_AFTER_SECONDS,
    });
  }
}
