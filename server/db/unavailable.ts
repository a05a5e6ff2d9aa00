/**
 * The database faults a request can meet (docs/server.md#database-unavailable,
 * docs/server.md#storage-unavailable), told apart by the errors' codes: the
 * database cannot be reached right now (the PostgreSQL server is down, restarting or refusing connections, or its
 * socket is gone), or it can be read but takes no write (its storage is full or read-only). Either answer is a 503
 * the client may retry, not a 500: the pool reconnects, and writes go through again, by themselves once the fault
 * is gone.
 */

import { DatabaseOpenError, describeDatabaseUrl, errorReason } from './connection.ts';
import { MigrationLevelError } from './migrations.ts';

/** node-postgres and Node's socket errors, and PostgreSQL's connection and shutdown SQLSTATEs. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout, a cancel at shutdown)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

/**
 * node-postgres says these without a code; the last is a statement sent on a client whose connection died, as the
 * ROLLBACK of a transaction cut by a restart is (Kysely then throws the ROLLBACK's error).
 */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /encountered a connection error and is not queryable/i,
];

/** Whether the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (a connection tried on several addresses) carries the attempts.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client should wait before retrying while the database is away (the answer's Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export type StorageFault = 'full' | 'read_only';

/** SQLite's result codes (better-sqlite3's `code`, extended codes included) and PostgreSQL's SQLSTATEs. */
const STORAGE_FAULTS: ReadonlyArray<[RegExp, StorageFault]> = [
  [/^SQLITE_FULL$/, 'full'],
  [/^SQLITE_READONLY/, 'read_only'],
  [/^53100$/, 'full'], // disk_full
  [/^25006$/, 'read_only'], // read_only_sql_transaction: a standby, or default_transaction_read_only
];

/** The storage fault that refused a write (the disk is full, the database read-only), or null. */
export function storageFaultOf(error: unknown): StorageFault | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return null;
  const code = error.code;
  return STORAGE_FAULTS.find(([pattern]) => pattern.test(code))?.[1] ?? null;
}

/** Seconds a client should wait before writing again while the storage refuses writes (freeing space takes a person). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * The one line `npm start` prints when the database stops its start-up (server/main.ts): it cannot be opened,
 * reached, or written (migrations, sample hotels), or a newer version migrated it; null for any other failure.
 */
export function databaseStartFailure(error: unknown, databaseUrl: string): string | null {
  if (error instanceof DatabaseOpenError)
    return `the database ${error.description} cannot be opened (${error.message})`;
  const database = describeDatabaseUrl(databaseUrl);
  if (error instanceof MigrationLevelError) return error.about(`the database ${database}`);
  const reason = errorReason(error);
  if (isDatabaseUnavailable(error)) return `the database ${database} cannot be reached (${reason})`;
  if (storageFaultOf(error) !== null) return `the database ${database} cannot be written (${reason})`;
  return null;
}
