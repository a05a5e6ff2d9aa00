/**
 * Migration 0015_cap_counters_without_rowid: on SQLite, `cap_counters` becomes a WITHOUT ROWID table, its rows held in
 * its primary key's B-tree. A rowid table kept the key in an index of its own besides the rows: every counter a
 * submission takes (its rate limit, its answer-change cap) was two B-tree lookups and, at the commit, two pages or more
 * written to the WAL; now one of each (docs/performance.md#api-writes). SQLite cannot make a table WITHOUT ROWID in
 * place: the table is built anew (it holds only the current windows' counters). PostgreSQL has no rowids: nothing
 * changes there.
 */
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';
import { rebuildSqliteCapCounters } from './migration-cap-windows.ts';

export function capCountersWithoutRowidMigration(kind: DialectKind): Migration {
  return {
    async up(db) {
      if (kind === 'postgres') return;
      await rebuildSqliteCapCounters(db, 'without rowid');
    },
  };
}
