/**
 * PostgreSQL through node-postgres: the pool, what it does when a connection dies, its use for the metrics, and a
 * prepared statement per distinct SQL text.
 */
import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// PostgreSQL returns int8 (COUNT, SUM of integers) as strings; our sums are far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

/** How long a request waits for a pool connection before answering 503 `database_unavailable`. */
const POOL_CONNECT_TIMEOUT_MS = 20_000;

/** Connections each process keeps to PostgreSQL. */
export const POOL_SIZE = 10;

/**
 * `onConnectionError` hears of every connection that dies (a restart cuts them all); the requests using one fail on
 * their own. Without it, the error is printed on stderr.
 */
export function openPostgres(url: string, onConnectionError?: (error: Error) => void): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
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
  const waits = { acquisitions: 0, seconds: 0 };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, waits) }) });
  poolUses.set(db, () => ({
    size: POOL_SIZE,
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    acquisitions: waits.acquisitions,
    acquireSeconds: waits.seconds,
  }));
  return db;
}

/** The pool's state for the metrics (docs/operations.md#metrics). */
export interface PoolUse {
  /** The most connections the pool opens. */
  size: number;
  /** Connections open now, idle or held by a query. */
  open: number;
  idle: number;
  /** Requests waiting for a connection now. */
  waiting: number;
  /** Connections handed out since the start, and the seconds spent in all waiting for them (a failed wait included). */
  acquisitions: number;
  acquireSeconds: number;
}

const poolUses = new WeakMap<Kysely<Database>, () => PoolUse>();

/** The pool under a Kysely instance opened by openPostgres; undefined on SQLite (one connection, no pool). */
export function poolUseOf(db: Kysely<Database>): (() => PoolUse) | undefined {
  return poolUses.get(db);
}

/** How many distinct SQL texts get a prepared statement on PostgreSQL (the app sends about a hundred). */
const PREPARED_TEXTS = 500;

/**
 * PostgreSQL parses and plans an unnamed statement anew every time. Naming the statement of each distinct SQL text
 * lets every connection parse and plan it once, then only bind and execute it (node-postgres remembers per connection
 * which names it has prepared). Names are never reused for another text, so only the first PREPARED_TEXTS texts get
 * one: `IN (…)` lists of every length would otherwise grow each server process's memory without bound. Each wait for
 * a connection is added to `waits`.
 */
function preparingPool(pool: pg.Pool, waits: { acquisitions: number; seconds: number }): PostgresPool {
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
      const asked = performance.now();
      const client = await pool.connect().finally(() => {
        waits.acquisitions += 1;
        waits.seconds += (performance.now() - asked) / 1000;
      });
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
