/**
 * Migration 0019_staff_accounts (docs/behaviour.md#staff-accounts): a staff account for each person instead of one
 * shared hotel PIN.
 * - staff_accounts: name (unique per hotel, any case: `name_key`), role, personal PIN hash (Argon2id), enabled.
 *   Each hotel's staff PIN becomes its first manager account, 'Manager', so the PIN staff know keeps working.
 * - staff_sessions: each session is one account's. Sessions open before the upgrade had no account: they end (staff
 *   type their PIN once more).
 * - hotels.staff_pin_hash: gone, its hash now the first manager's.
 */
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

/** The name of the manager account a hotel's former staff PIN becomes. */
export const FIRST_MANAGER_NAME = 'Manager';

export function staffAccountsMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('staff_accounts')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('staff_accounts_name_uq', ['hotel_id', 'name_key'])
        .execute();
      const now = new Date().toISOString();
      await sql`INSERT INTO staff_accounts (hotel_id, name, name_key, role, pin_hash, enabled, created_at, updated_at)
        SELECT id, ${FIRST_MANAGER_NAME}, ${FIRST_MANAGER_NAME.toLowerCase()}, 'manager', staff_pin_hash, 1, ${now}, ${now}
        FROM hotels`.execute(db);
      await db.schema.dropTable('staff_sessions').execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'integer', id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_expiry_ix').on('staff_sessions').column('expires_at').execute();
      await db.schema.createIndex('staff_sessions_account_ix').on('staff_sessions').column('account_id').execute();
      await db.schema.alterTable('hotels').dropColumn('staff_pin_hash').execute();
    },
  };
}
