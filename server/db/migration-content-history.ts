/**
 * Migration 0021_content_history (docs/behaviour.md#content-history): every saved version of a hotel's content, as the
 * document the editor and `hotel:import` read, with who saved it and when; and the pictures the back office uploads,
 * stored by the hash of their resized bytes.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function contentHistoryMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('content_versions')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('content_version', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('staff_accounts.id').onDelete('set null'))
        .addColumn('actor_name', 'text')
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .addUniqueConstraint('content_versions_hotel_number_uq', ['hotel_id', 'number'])
        .execute();
      await db.schema
        .createTable('content_pictures')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', kind === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
