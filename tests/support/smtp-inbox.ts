/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives, parsed (postal-mime): the
 * mail tests' inbox. `refuse` makes it answer every message with a 451, as a mail server that is struggling does.
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope's recipients. */
  envelopeTo: string[];
  from: string | undefined;
  /** The To header's addresses. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  contentLanguage: string | undefined;
  /** The attached files, their content decoded as UTF-8 (a byte order mark kept). */
  attachments: Array<{ filename: string | null; mimeType: string; content: string }>;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export interface SmtpInbox {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received, in order. */
  mails: ReceivedMail[];
  /** While true, every message is refused (451). */
  refuse: boolean;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(state.refuse ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            mails.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: email.from?.address,
              to: (email.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              contentLanguage: email.headers.find((h) => h.key === 'content-language')?.value,
              attachments: email.attachments.map((file) => ({
                filename: file.filename,
                mimeType: file.mimeType,
                content: typeof file.content === 'string' ? file.content : utf8.decode(file.content),
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
