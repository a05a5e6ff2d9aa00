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

export function openDatabase(url: string = DEFAULT_DATABASE_URL, onPoolError?: (error: Error) => void): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, onPoolError);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${JSON.stringify(url.split(':')[0])})`);
}

function openSqlite(path: string): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
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

function openPostgres(url: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without this handler an idle client losing its connection would crash the process.
  pool.on('error', (error) => (onPoolError ?? ((e: Error) => console.error('PostgreSQL pool error', e)))(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  let description = 'postgres';
  try {
    const parsed = new URL(url);
    description = `postgres://${decodeURIComponent(parsed.host)}${parsed.pathname}`;
  } catch {
    // keep the generic description
  }
  return { kind: 'postgres', db, description, close: () => db.destroy() };
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
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect();
      let preparing = clients.get(client);
      if (!preparing) {
        preparing = new PreparingClient(client, nameOf);
        clients.set(client, preparing);
      }
      return preparing;
    },
  };
}

/** The texts Kysely's PostgresDriver sends to start (without isolation settings) and end a transaction. */
const TRANSACTION_START = 'begin';
const TRANSACTION_ENDS = new Map<string, 'COMMIT' | 'ROLLBACK'>([
  ['commit', 'COMMIT'],
  ['rollback', 'ROLLBACK'],
]);

class PreparingClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  readonly #nameOf: (text: string) => string | undefined;
  /**
   * A transaction's BEGIN, answered at once and sent with the transaction's first statement, in the same write and
   * before the same Sync: one round trip fewer per transaction (docs/performance.md#fifth-round-begin-with-the-first-statement).
   */
  #beginPending = false;

  constructor(client: pg.PoolClient, nameOf: (text: string) => string | undefined) {
    this.#client = client;
    this.#nameOf = nameOf;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming cursors are not configured');
    return this.#run<R>(sqlOrCursor, parameters ?? []);
  }

  async #run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (text === TRANSACTION_START) {
      this.#beginPending = true;
      return { command: 'BEGIN' as PostgresQueryResult<R>['command'], rowCount: 0, rows: [] };
    }
    const transactionEnd = TRANSACTION_ENDS.get(text);
    if (this.#beginPending && transactionEnd !== undefined) {
      // Nothing was sent since the BEGIN: there is no transaction to end.
      this.#beginPending = false;
      return { command: transactionEnd as PostgresQueryResult<R>['command'], rowCount: 0, rows: [] };
    }
    const config = { text, values: [...parameters], name: this.#nameOf(text) };
    let result: pg.QueryResult<R & pg.QueryResultRow>;
    if (this.#beginPending) {
      this.#beginPending = false;
      result = await queryAfterBegin<R & pg.QueryResultRow>(this.#client, config);
    } else {
      result = await this.#client.query<R & pg.QueryResultRow>(config);
    }
    const { command, rowCount, rows } = result;
    // node-postgres types the command tag as any string; it is the statement's own (SELECT, INSERT…).
    return { command: command as PostgresQueryResult<R>['command'], rowCount: rowCount ?? 0, rows };
  }

  release(destroy?: boolean): void {
    // A BEGIN never sent leaves nothing to undo; the next user of the connection starts afresh.
    this.#beginPending = false;
    this.#client.release(destroy);
  }
}

/** node-postgres's Connection (lib/connection.js) with what @types/pg does not declare. */
type PgConnection = pg.Connection & {
  /** The names whose Parse was sent and not yet answered; a name in it gets no Parse again. */
  submittedNamedStatements: Record<string, string>;
};

/** What node-postgres's Query (lib/query.js) does and @types/pg does not declare, as QueryAfterBegin uses it. */
interface QueryInternals {
  /** The statement's name; the client records it as parsed on every ParseComplete while the query is active. */
  name: string | undefined;
  /** Writes the statement's Parse (first time per connection), Bind, Describe, Execute and Sync, in one write. */
  prepare(connection: PgConnection): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
}

type QueryCallback<R extends pg.QueryResultRow> = (error: Error | undefined, result: pg.QueryResult<R>) => void;

const ExtendedQuery = pg.Query as unknown as new (
  config: pg.QueryConfig & { queryMode: 'extended' },
  callback: QueryCallback<pg.QueryResultRow>,
) => pg.Query & QueryInternals;

/**
 * A statement preceded by `BEGIN` in the same write and the same extended-protocol exchange: Parse, Bind and Execute
 * of an unnamed `BEGIN`, then the statement's own messages, one Sync. PostgreSQL answers ParseComplete, BindComplete
 * and CommandComplete for the BEGIN, then the statement's answer and one ReadyForQuery; should the BEGIN fail, it
 * skips the statement. The BEGIN's answer is swallowed, so the result is the statement's as if sent alone.
 */
class QueryAfterBegin<R extends pg.QueryResultRow> extends ExtendedQuery {
  #statementName: string | undefined;
  #beginAnswered = false;

  constructor(config: pg.QueryConfig, callback: QueryCallback<R>) {
    // The extended protocol even without a name or parameters: a simple Query message would carry a Sync of its own.
    super({ ...config, queryMode: 'extended' }, callback as QueryCallback<pg.QueryResultRow>);
  }

  override prepare(connection: PgConnection): void {
    connection.parse({ name: '', text: 'BEGIN', types: [] }, false);
    connection.bind({}, false);
    connection.execute({}, false);
    super.prepare(connection);
    // The BEGIN's ParseComplete comes first: with the name shown, the client would take it for the statement's.
    this.#statementName = this.name;
    this.name = undefined;
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (this.#beginAnswered) {
      super.handleCommandComplete(message, connection);
      return;
    }
    this.#beginAnswered = true;
    this.name = this.#statementName;
  }

  override handleError(error: Error, connection: PgConnection): void {
    if (!this.#beginAnswered && this.#statementName !== undefined) {
      // The BEGIN failed, so PostgreSQL skipped the statement's Parse: it must be sent again next time.
      this.name = this.#statementName;
      delete connection.submittedNamedStatements[this.#statementName];
    }
    super.handleError(error, connection);
  }
}

function queryAfterBegin<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  config: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    client.query(new QueryAfterBegin<R>(config, (error, result) => (error ? reject(error) : resolve(result))));
  });
}
