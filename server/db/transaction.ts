/**
 * One write transaction on either dialect, for read-then-write work such as a ledger debit.
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read, so two processes sharing the
 *   file cannot both read the same balance (a deferred transaction could also fail with SQLITE_BUSY
 *   regardless of busy_timeout). Within one process Kysely already runs one query at a time on the
 *   single connection, and `db.connection()` keeps it for the whole transaction.
 * - PostgreSQL: a READ COMMITTED transaction; callers lock the rows they read-then-write with
 *   `lockStayRow` (`SELECT … FOR UPDATE`), which serialises concurrent writes on one stay.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from './connection.ts';
import type { Database } from './schema.ts';

export async function withWriteTransaction<T>(
  db: Kysely<Database>,
  kind: DialectKind,
  fn: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    let result: T;
    try {
      result = await fn(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(conn);
    return result;
  });
}

/**
 * Locks the stay row until the end of the transaction (PostgreSQL `FOR UPDATE`; SQLite's
 * `BEGIN IMMEDIATE` already holds the database's write lock) and returns its current status and end date.
 */
export async function lockStayRow(
  tx: Kysely<Database>,
  kind: DialectKind,
  stayId: number,
): Promise<{ status: string; end_date: string | null } | undefined> {
  let query = tx.selectFrom('stays').select(['status', 'end_date']).where('id', '=', stayId);
  if (kind === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}
