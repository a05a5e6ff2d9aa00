/**
 * Opens the database named by DATABASE_URL: `sqlite:PATH` (default `sqlite:./data/greenmiles.db`),
 * `sqlite::memory:`, or `postgres://…` / `postgresql://…`. Both dialects run the same Kysely queries; what each needs
 * to be opened is in db/sqlite.ts and db/postgres.ts.
 */
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { openPostgres } from './postgres.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite.ts';

export type DialectKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  kind: DialectKind;
  db: Kysely<Database>;
  /** A short text naming the database without any password, for logs. */
  description: string;
  close: () => Promise<void>;
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/greenmiles.db';

/** The path a `sqlite:` DATABASE_URL names (`:memory:`, or '' for memory too); null for another scheme. */
export function sqlitePathOf(url: string): string | null {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;
}

export const isPostgresUrl = (url: string): boolean => url.startsWith('postgres://') || url.startsWith('postgresql://');

/**
 * `onConnectionError` hears of every PostgreSQL connection that dies (a restart cuts them all); the requests using
 * one fail on their own. Without it, the error is printed on stderr.
 */
export function openDatabase(
  url: string = DEFAULT_DATABASE_URL,
  onConnectionError?: (error: Error) => void,
): DatabaseHandle {
  const description = describeDatabaseUrl(url);
  const handle = (kind: DialectKind, db: Kysely<Database>): DatabaseHandle => ({
    kind,
    db,
    description,
    close: () => db.destroy(),
  });
  const sqlitePath = sqlitePathOf(url);
  if (sqlitePath !== null) {
    try {
      return handle('sqlite', openSqlite(sqlitePath));
    } catch (error) {
      throw new DatabaseOpenError(description, error);
    }
  }
  if (isPostgresUrl(url)) return handle('postgres', openPostgres(url, onConnectionError));
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${JSON.stringify(url.split(':')[0])})`);
}

/** A SQLite database that cannot be opened: its directory cannot be made, its file cannot be opened or written. */
export class DatabaseOpenError extends Error {
  /** The database, as in logs (`sqlite:/abs/path`). */
  readonly description: string;
  constructor(description: string, cause: unknown) {
    super(errorReason(cause), { cause });
    this.description = description;
  }
}

/** The database a DATABASE_URL names, without any password, for logs. */
export function describeDatabaseUrl(url: string): string {
  const path = sqlitePathOf(url);
  if (path !== null) return path === ':memory:' || path === '' ? 'sqlite::memory:' : `sqlite:${resolve(path)}`;
  try {
    const parsed = new URL(url);
    return `postgres://${decodeURIComponent(parsed.host)}${parsed.pathname}`;
  } catch {
    return 'postgres';
  }
}

/** An error in one line: its code (SQLITE_CANTOPEN, ECONNREFUSED, a SQLSTATE) and its message. */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // node-postgres gives an AggregateError with an empty message when it tried several addresses.
  const inner = error instanceof AggregateError ? error.errors.find((e) => e instanceof Error) : undefined;
  const message = error.message || (inner instanceof Error ? inner.message : 'no message');
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return code === '' || message.startsWith(code) ? message : `${code}: ${message}`;
}
