/**
 * Migration 0015_cap_counters_without_rowid: on SQLite, `cap_counters` becomes a WITHOUT ROWID table, its rows held in
 * its primary key's B-tree. A rowid table kept the key in an index of its own besides the rows: every counter a
 * submission takes (its rate limit, its answer-change cap) was two B-tree lookups and, at the commit, two pages or more
 * written to the WAL; now one of each (docs/performance.md#api-writes). SQLite cannot make a table WITHOUT ROWID in
 * place: the table is built anew (it holds only the current windows' counters). PostgreSQL has no rowids: nothing
 * changes there.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function capCountersWithoutRowidMigration(kind: DialectKind): Migration {
  return {
    async up(db: AnyDb) {
      if (kind === 'postgres') return;
      await db.schema
        .createTable('cap_counters_new')
        .addColumn('cap', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('window_id', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('cap_counters_pk', ['cap', 'window_id', 'subject'])
        .modifyEnd(sql`without rowid`)
        .execute();
      await sql`INSERT INTO cap_counters_new (cap, subject, window_id, used)
        SELECT cap, subject, window_id, used FROM cap_counters`.execute(db);
      await db.schema.dropTable('cap_counters').execute();
      await db.schema.alterTable('cap_counters_new').renameTo('cap_counters').execute();
    },
  };
}
