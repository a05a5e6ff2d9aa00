/** What every route plugin needs: the database, its dialect, the clock and the front token. */
import type { Kysely } from 'kysely';
import type { DialectKind } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './domain/hotel-time.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppDeps {
  db: Kysely<Database>;
  kind: DialectKind;
  now: Clock;
  frontToken: string;
  /** Outgoing mail (SMTP_URL); null when not configured: the reward e-mail call answers 503. */
  mailer: Mailer | null;
}
