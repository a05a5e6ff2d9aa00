/**
 * Migration 0022_cleaning_checks (docs/impact.md#evidence): what housekeeping reported for a room whose guest skipped
 * the cleaning of a day — left as asked, or cleaned anyway — with the staff account that said so. One row per room
 * and day: the first report stands. The completion it speaks of is named by its stay, action and night.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function cleaningChecksMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('cleaning_checks')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('room_number', 'text', (c) => c.notNull())
        .addColumn('cleaning_date', 'text', (c) => c.notNull())
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id').onDelete('cascade'))
        .addColumn('action_id', 'integer', (c) => c.notNull())
        .addColumn('night_id', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('staff_accounts.id').onDelete('set null'))
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('cleaning_checks_room_day_uq', ['hotel_id', 'room_number', 'cleaning_date'])
        .execute();
      await db.schema.createIndex('cleaning_checks_stay_idx').on('cleaning_checks').column('stay_id').execute();
    },
  };
}
