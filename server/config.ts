/** Server configuration from the environment (see docs/server.md). */
import { DEFAULT_DATABASE_URL } from './db/connection.ts';
import { DEFAULT_MAIL_FROM } from './mail/mailer.ts';

/** Used when FRONT_TOKEN is unset: fine for development, logged as a warning. */
export const DEV_FRONT_TOKEN = 'greenmiles-dev-front-token';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  frontToken: string;
  frontTokenFromEnv: boolean;
  logLevel: string;
  /** SMTP transport of the reward e-mails (`smtp://user:pass@host:587`); unset: e-mail answers 503. */
  smtpUrl: string | null;
  /** The From address of the reward e-mails. */
  mailFrom: string;
  /** QA_INSPECTOR=1: the app serves the QA inspector at /inspector (docs/inspector.md); otherwise /inspector is 404. */
  qaInspector: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (got ${env.PORT})`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    frontToken: env.FRONT_TOKEN || DEV_FRONT_TOKEN,
    frontTokenFromEnv: Boolean(env.FRONT_TOKEN),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    qaInspector: env.QA_INSPECTOR === '1',
  };
}
