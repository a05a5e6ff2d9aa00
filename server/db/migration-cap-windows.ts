/**
 * Migration 0014_cap_windows: `cap_counters` keyed by (cap, window_id, subject) instead of (cap, subject, window_id).
 * A rate limit's first use of a minute in a process deletes the limit's past windows (domain/rate-limits.ts); with
 * the subject second, that DELETE read every current counter of the limit (one per stay that submitted this minute),
 * with the window second it reads only the past ones (docs/performance.md#api-writes). SQLite cannot change a
 * table's primary key: the table is built anew.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function capWindowsMigration(kind: DialectKind): Migration {
  return {
    async up(db: AnyDb) {
      if (kind === 'postgres') {
        await sql`ALTER TABLE cap_counters DROP CONSTRAINT cap_counters_pk,
          ADD CONSTRAINT cap_counters_pk PRIMARY KEY (cap, window_id, subject)`.execute(db);
        return;
      }
      await rebuildSqliteCapCounters(db, 'rowid');
    },
  };
}

/**
 * Builds SQLite's `cap_counters` anew, keyed by (cap, window_id, subject), with its rows: SQLite cannot change a
 * table's primary key or its storage in place (this migration and 0015).
 */
export async function rebuildSqliteCapCounters(db: AnyDb, storage: 'rowid' | 'without rowid'): Promise<void> {
  const table = db.schema
    .createTable('cap_counters_new')
    .addColumn('cap', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_id', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cap_counters_pk', ['cap', 'window_id', 'subject']);
  await (storage === 'without rowid' ? table.modifyEnd(sql`without rowid`) : table).execute();
  await sql`INSERT INTO cap_counters_new (cap, subject, window_id, used)
    SELECT cap, subject, window_id, used FROM cap_counters`.execute(db);
  await db.schema.dropTable('cap_counters').execute();
  await db.schema.alterTable('cap_counters_new').renameTo('cap_counters').execute();
}
