/**
 * Outgoing mail through a real SMTP transport (nodemailer), configured by `SMTP_URL`
 * (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer options may follow as query parameters,
 * e.g. `?ignoreTLS=true`). Without SMTP_URL there is no mailer and the e-mail call answers 503.
 */
import nodemailer from 'nodemailer';
import type { MetricsRecorder } from '../metrics-recorder.ts';

export const DEFAULT_MAIL_FROM = 'GreenMiles <noreply@greenmiles.invalid>';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** BCP 47 language of the message (Content-Language). */
  lang: string;
  /** Files sent with the message (the reports' CSV). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The file's text, sent as UTF-8. */
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * How long a reward e-mail may wait on the SMTP server (docs/server.md#configuration-environment), well under the
 * app's 15 s call time-out: nodemailer's own defaults (2 min to connect, 10 min of silence) would hold the guest's
 * request. A query parameter of SMTP_URL overrides each.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 8000 };

export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Content-Language': message.lang },
        attachments: message.attachments,
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The mailer with each send counted in the metrics as sent or failed. */
export function countedMailer(mailer: Mailer, metrics: Pick<MetricsRecorder, 'mail'>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
      metrics.mail('sent');
    },
    close: () => mailer.close(),
  };
}
