/**
 * Migration 0020_staff_audit (docs/behaviour.md#audit-trail): one append-only row per staff action — who (the account
 * and its name and role at the time), when, at which hotel, what, on which stay, claim, reward or room.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function staffAuditMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('staff_audit')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('staff_accounts.id').onDelete('set null'))
        .addColumn('actor_name', 'text')
        .addColumn('role', 'text')
        .addColumn('room_number', 'text')
        .addColumn('stay_uuid', 'text')
        .addColumn('claim_id', 'integer')
        .addColumn('reward_id', 'integer')
        .addColumn('code', 'text')
        .addColumn('target_account_id', 'integer')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('staff_audit_hotel_ix').on('staff_audit').columns(['hotel_id', 'at']).execute();
      await db.schema.createIndex('staff_audit_claim_ix').on('staff_audit').column('claim_id').execute();
    },
  };
}
