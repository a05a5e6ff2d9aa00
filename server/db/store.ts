/**
 * The database as the domain sees it: plain reads, and write transactions for read-then-write work (a ledger
 * debit, a claim) whose row locks are the same call on both dialects. The dialect stays in here.
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read, so two processes sharing the file
 *   cannot both read the same balance (a deferred transaction could also fail with SQLITE_BUSY regardless of
 *   busy_timeout). Within one process Kysely already runs one query at a time on the single connection, and
 *   `db.connection()` keeps it for the whole transaction; the transaction's own statements (BEGIN, COMMIT, the
 *   prepared ones of db/prepared.ts) run on it directly meanwhile. Row locks are therefore no-ops.
 * - PostgreSQL: a READ COMMITTED transaction; `forUpdate` adds `FOR UPDATE OF table` to the SELECT that reads
 *   the rows, which serialises concurrent writes on them.
 */
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import { type MetricsRecorder, NO_METRICS } from '../metrics-recorder.ts';
import type { DialectKind } from './connection.ts';
import type { Database } from './schema.ts';
import { holdConnection } from './sqlite.ts';

export interface WriteTransaction {
  /** Every query of the transaction runs on this. */
  readonly db: Kysely<Database>;
  /** The SELECT, holding the rows it reads of `table` until the transaction ends. */
  forUpdate<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    table: TB & string,
  ): SelectQueryBuilder<DB, TB, O>;
  /** The ledger writes of the transaction, counted in the metrics only once it commits (a rollback counts none). */
  readonly metrics: Pick<MetricsRecorder, 'ledgerWrite'>;
  /**
   * Runs `effect` once the transaction has committed, never when it rolls back: after `onCommit`, in the order the
   * effects were added, before `write` resolves. An effect must not throw (the write has committed by then).
   */
  afterCommit(effect: () => void): void;
}

export interface Store {
  /** Reads outside a transaction. */
  readonly db: Kysely<Database>;
  /** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
  write<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  /**
   * Whether the database takes writes (a PostgreSQL standby, or one read-only by default, does not) once it answers;
   * rejects with the reason when it does not answer (the readiness probe).
   */
  ping(): Promise<boolean>;
}

/**
 * `query`, holding the rows it reads of `table` until the transaction of `db` ends: `FOR UPDATE OF table` on
 * PostgreSQL; on SQLite the transaction's `BEGIN IMMEDIATE` already holds the whole database. A function of the
 * database alone, so a prepared statement (db/prepared.ts) can lock too.
 */
export function forUpdateOn<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  table: TB & string,
): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === 'postgres' ? query.forUpdate(table) : query;
}

/** The dialect of `db`, the database or a transaction's `tx.db`. */
function dialectOf(db: Kysely<Database>): DialectKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface StoreHooks {
  /** Told of every write transaction that committed (the storage takes writes: db/faults.ts). */
  onCommit?: () => void;
  /** Where a committed transaction's ledger writes are counted. */
  metrics?: MetricsRecorder;
}

export function createStore(db: Kysely<Database>, kind: DialectKind, hooks: StoreHooks = {}): Store {
  const { onCommit = () => {}, metrics = NO_METRICS } = hooks;
  const transaction =
    kind === 'postgres'
      ? <T>(run: (tx: Kysely<Database>) => Promise<T>) => db.transaction().execute(run)
      : <T>(run: (tx: Kysely<Database>) => Promise<T>) =>
          db.connection().execute(async (conn) => {
            // BEGIN and COMMIT run on the connection directly, as the transaction's prepared statements do
            // (db/prepared.ts): Kysely's lock, held by `db.connection()`, already keeps every other query out.
            const connection = holdConnection(db, conn);
            if (connection === undefined) throw new Error('A SQLite database is opened by db/connection.ts');
            connection.prepare('begin immediate').run();
            try {
              const result = await run(conn);
              // A COMMIT that fails for lack of space may leave the transaction open: it is rolled back below.
              connection.prepare('commit').run();
              return result;
            } catch (error) {
              try {
                connection.prepare('rollback').run();
              } catch {
                // A failed statement may have rolled the transaction back already.
              }
              throw error;
            }
          });
  const write = async <T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> => {
    const afterCommitEffects: Array<() => void> = [];
    const result = await transaction((tx) =>
      work({
        db: tx,
        forUpdate: (query, table) => forUpdateOn(tx, query, table),
        metrics: { ledgerWrite: (...written) => afterCommitEffects.push(() => metrics.ledgerWrite(...written)) },
        afterCommit: (effect) => afterCommitEffects.push(effect),
      }),
    );
    onCommit();
    for (const effect of afterCommitEffects) effect();
    return result;
  };
  return {
    db,
    write,
    ping: async () => {
      if (kind === 'sqlite') {
        await sql`select 1`.execute(db);
        return true;
      }
      const { rows } = await sql<{
        read_only: string;
      }>`select current_setting('transaction_read_only') as read_only`.execute(db);
      return rows[0]?.read_only === 'off';
    },
  };
}
