/**
 * SQLite through better-sqlite3: the file's settings, the statement cache, and the direct connection that the write
 * transactions (db/store.ts) and the prepared statements (db/prepared.ts) run on.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { BoundedCache } from '../bounded-cache.ts';
import type { Database } from './schema.ts';

/** Opens `path` (':memory:' or empty: in memory; else a file whose directory is made); throws when it cannot be written. */
export function openSqlite(path: string): Kysely<Database> {
  const file = path === ':memory:' || path === '' ? ':memory:' : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // The first write to the file: fails here on a read-only file or file system.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint runs inside the commit that fills the WAL, on the event loop, and waits for two fsyncs whatever it
  // copies: a larger WAL between checkpoints stalls the server less often, though a far larger one stalls it longer
  // each time (docs/performance.md#api-writes, docs/reliability.md#crashes).
  sqlite.pragma('wal_autocheckpoint = 10000');
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  directConnections.set(db, { prepare: connection.prepare, isFree: () => !sqlite.inTransaction });
  return db;
}

/**
 * The SQLite connection under a Kysely instance, for statements that run on it without Kysely (db/prepared.ts) and
 * for the write transactions' BEGIN and COMMIT (db/store.ts).
 */
export interface DirectConnection {
  prepare(source: string): SqliteDatabase.Statement;
  /**
   * True when a statement may run on the connection now: no transaction is open on it, or this is the Kysely
   * instance of the write transaction that holds it (`holdConnection`). Otherwise a statement waits for the
   * connection through Kysely, so it never sees another request's uncommitted rows.
   */
  isFree(): boolean;
}

const directConnections = new WeakMap<Kysely<Database>, DirectConnection>();

/** The direct connection of a SQLite database opened here, or of its write transaction; undefined on PostgreSQL. */
export function directConnectionOf(db: Kysely<Database>): DirectConnection | undefined {
  return directConnections.get(db);
}

/**
 * Marks `tx`, the Kysely instance of a write transaction holding the connection of `db` (`db.connection()`), as
 * the one that may run statements on it directly until the transaction ends; undefined on PostgreSQL.
 */
export function holdConnection(db: Kysely<Database>, tx: Kysely<Database>): DirectConnection | undefined {
  const connection = directConnections.get(db);
  if (connection === undefined) return undefined;
  const held: DirectConnection = { prepare: connection.prepare, isFree: () => true };
  directConnections.set(tx, held);
  return held;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing is the largest cost of a small read on better-sqlite3.
 * Kysely runs one query at a time on the connection (and never iterates here), so reusing a prepared
 * statement for the same SQL text is safe.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new BoundedCache<SqliteDatabase.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => sqlite.close(),
    prepare: (source: string) => statements.getOrAdd(source, () => sqlite.prepare(source)),
  };
}
