/**
 * Migration 0007_staff: staff sessions and the failed PIN attempts that rate-limit them
 * (docs/behaviour.md#staff-sessions).
 * - staff_sessions: one row per session; only the SHA-256 of the token is stored, so a database copy opens none.
 * - staff_pin_failures: one row per wrong PIN, per hotel and client address, counted over a sliding window by every
 *   server process that shares the database.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function staffMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'integer', id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_expiry_ix').on('staff_sessions').column('expires_at').execute();
      await db.schema
        .createTable('staff_pin_failures')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('client_address', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('staff_pin_failures_hotel_ix')
        .on('staff_pin_failures')
        .columns(['hotel_id', 'failed_at'])
        .execute();
      await db.schema
        .createIndex('staff_pin_failures_address_ix')
        .on('staff_pin_failures')
        .columns(['client_address', 'failed_at'])
        .execute();
    },
  };
}
