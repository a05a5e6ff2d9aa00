/**
 * Opens the database named by DATABASE_URL: `sqlite:PATH` (default `sqlite:./data/greenmiles.db`),
 * `sqlite::memory:`, or `postgres://…` / `postgresql://…`. Both dialects run the same Kysely queries.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { BoundedCache } from '../bounded-cache.ts';
import type { Database } from './schema.ts';

export type DialectKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  kind: DialectKind;
  db: Kysely<Database>;
  /** A short text naming the database without any password, for logs. */
  description: string;
  close: () => Promise<void>;
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/greenmiles.db';

// PostgreSQL returns int8 (COUNT, SUM of integers) as strings; our sums are far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

/**
 * `onConnectionError` hears of every PostgreSQL connection that dies (a restart cuts them all); the requests using
 * one fail on their own. Without it, the error is printed on stderr.
 */
export function openDatabase(
  url: string = DEFAULT_DATABASE_URL,
  onConnectionError?: (error: Error) => void,
): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, onConnectionError);
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
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    return path === ':memory:' || path === '' ? 'sqlite::memory:' : `sqlite:${resolve(path)}`;
  }
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

function openSqlite(path: string): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : resolve(path);
  let sqlite: SqliteDatabase.Database;
  try {
    if (!memory) mkdirSync(dirname(file), { recursive: true });
    sqlite = new SqliteDatabase(file);
    // The first write to the file: fails here on a read-only file or file system.
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    throw new DatabaseOpenError(`sqlite:${file}`, error);
  }
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint runs inside the commit that fills the WAL, on the event loop, and waits for two fsyncs whatever it
  // copies: every 10,000 pages (about 800 submissions) instead of 1,000, the wait stalls the server a tenth as often
  // (docs/performance.md#api-writes, docs/reliability.md#crashes).
  sqlite.pragma('wal_autocheckpoint = 10000');
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  directConnections.set(db, { prepare: connection.prepare, isFree: () => !sqlite.inTransaction });
  return {
    kind: 'sqlite',
    db,
    description: `sqlite:${file}`,
    close: () => db.destroy(),
  };
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

/** How long a request waits for a pool connection before answering 503 `database_unavailable`. */
const POOL_CONNECT_TIMEOUT_MS = 20_000;

function openPostgres(url: string, onConnectionError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    keepAlive: true,
    // A database that stops answering (a lost network path) fails the request with a 503 instead of holding it; long
    // enough for a burst of writes queued behind one row's lock on a busy machine.
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
  });
  const report = onConnectionError ?? ((error: Error) => console.error('PostgreSQL connection lost', error));
  // node-postgres emits `error` on a client whose connection dies (a database restart cuts them all): on the pool
  // for an idle client, on the client itself for one a request holds. An `error` event with no listener ends the
  // process, so every client gets one from the start; the query in flight fails on its own (answered 503) and the
  // pool drops the broken client when it is released (docs/server.md#database-unavailable).
  pool.on('connect', (client) => client.on('error', report));
  // The idle client's error reached `report` through the client's own listener already.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { kind: 'postgres', db, description: describeDatabaseUrl(url), close: () => db.destroy() };
}

/** How many distinct SQL texts get a prepared statement on PostgreSQL (the app sends about a hundred). */
const PREPARED_TEXTS = 500;

/**
 * PostgreSQL parses and plans an unnamed statement anew every time. Naming the statement of each distinct SQL text
 * lets every connection parse and plan it once, then only bind and execute it (node-postgres remembers per connection
 * which names it has prepared). Names are never reused for another text, so only the first PREPARED_TEXTS texts get
 * one: `IN (…)` lists of every length would otherwise grow each server process's memory without bound.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_TEXTS) {
      name = `greenmiles_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper per pooled client: Kysely keeps its own connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) {
        wrapper = preparingClient(client, nameOf);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
  };
}

function preparingClient(client: pg.PoolClient, nameOf: (text: string) => string | undefined): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming cursors are not configured');
    return client
      .query<R & pg.QueryResultRow>({ text: sqlOrCursor, values: [...(parameters ?? [])], name: nameOf(sqlOrCursor) })
      .then(({ command, rowCount, rows }) => ({
        // node-postgres types the command tag as any string; it is the statement's own (SELECT, INSERT…).
        command: command as PostgresQueryResult<R>['command'],
        rowCount: rowCount ?? 0,
        rows,
      }));
  }
  return { query, release: (destroy) => client.release(destroy) };
}
