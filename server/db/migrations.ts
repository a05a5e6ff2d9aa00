/**
 * Schema migrations, in code, run by Kysely's Migrator on both dialects. The only dialect difference
 * is how an auto-increment id column is declared.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, type Migration, Migrator } from 'kysely/migration';
import type { DialectKind } from './connection.ts';
import { actionsMigration } from './migration-actions.ts';
import { capCountersWithoutRowidMigration } from './migration-cap-counters-without-rowid.ts';
import { capWindowsMigration } from './migration-cap-windows.ts';
import { capsMigration } from './migration-caps.ts';
import { cleaningChecksMigration } from './migration-cleaning-checks.ts';
import { contentHistoryMigration } from './migration-content-history.ts';
import { impactMigration } from './migration-impact.ts';
import { monthlyReportsMigration } from './migration-monthly-reports.ts';
import { presenceMigration } from './migration-presence.ts';
import { proofCodesGeneratedMigration } from './migration-proof-codes-generated.ts';
import { proofsMigration } from './migration-proofs.ts';
import { qrScanDaysMigration } from './migration-qr-scan-days.ts';
import { reportsMigration } from './migration-reports.ts';
import { rewardPartnerMigration } from './migration-reward-partner.ts';
import { staffMigration } from './migration-staff.ts';
import { staffAccountsMigration } from './migration-staff-accounts.ts';
import { staffAuditMigration } from './migration-staff-audit.ts';
import { staffDeskMigration } from './migration-staff-desk.ts';
import type { Database } from './schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

function idColumn(kind: DialectKind) {
  return (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

function initial(kind: DialectKind): Migration {
  const id = idColumn(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('hotels')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('green_miles_name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('report_email', 'text')
        .addColumn('staff_pin_hash', 'text', (c) => c.notNull())
        .addColumn('content_version', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('hotel_languages')
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('flag_url', 'text')
        .addColumn('is_primary', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('hotel_languages_pk', ['hotel_id', 'code'])
        .execute();
      await db.schema
        .createTable('rooms')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.references('hotels.id'))
        .addColumn('number', 'text')
        .addColumn('qr_id', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('actions')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('reward', 'integer', (c) => c.notNull())
        .addColumn('picture_url', 'text')
        .addColumn('title_color', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('positive_response', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('actions_hotel_key_uq', ['hotel_id', 'key'])
        .execute();
      await db.schema
        .createTable('action_translations')
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id').onDelete('cascade'))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('question', 'text')
        .addColumn('quiz_question', 'text')
        .addColumn('quiz_explanation', 'text')
        .addPrimaryKeyConstraint('action_translations_pk', ['action_id', 'lang'])
        .execute();
      await db.schema
        .createTable('action_tags')
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id').onDelete('cascade'))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('action_tags_pk', ['action_id', 'lang', 'position'])
        .execute();
      await db.schema
        .createTable('custom_options')
        .addColumn('id', 'integer', id)
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('picture_url', 'text')
        .addUniqueConstraint('custom_options_action_position_uq', ['action_id', 'position'])
        .execute();
      await db.schema
        .createTable('custom_option_translations')
        .addColumn('option_id', 'integer', (c) => c.notNull().references('custom_options.id').onDelete('cascade'))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('custom_option_translations_pk', ['option_id', 'lang'])
        .execute();
      await db.schema
        .createTable('quiz_answers')
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('is_correct', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quiz_answers_pk', ['action_id', 'position'])
        .execute();
      await db.schema
        .createTable('quiz_answer_translations')
        .addColumn('action_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('quiz_answer_translations_pk', ['action_id', 'position', 'lang'])
        .addForeignKeyConstraint(
          'quiz_answer_translations_answer_fk',
          ['action_id', 'position'],
          'quiz_answers',
          ['action_id', 'position'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createTable('rewards')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('picture_url', 'text')
        .addColumn('title_color', 'text')
        .addColumn('position', 'integer')
        .addColumn('water_volume', 'integer')
        .addColumn('valid_until', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('rewards_hotel_key_uq', ['hotel_id', 'key'])
        .execute();
      await db.schema
        .createTable('reward_translations')
        .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id').onDelete('cascade'))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reward_translations_pk', ['reward_id', 'lang'])
        .execute();
      await db.schema
        .createTable('reward_code_pool')
        .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reward_code_pool_pk', ['reward_id', 'code'])
        .execute();
      await db.schema
        .createTable('stays')
        .addColumn('id', 'integer', id)
        .addColumn('s_uuid', 'text', (c) => c.notNull().unique())
        .addColumn('profile_uuid', 'text', (c) => c.notNull())
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('stays_profile_hotel_ix').on('stays').columns(['profile_uuid', 'hotel_id']).execute();
      await db.schema
        .createTable('qr_scans')
        .addColumn('id', 'integer', id)
        .addColumn('qr_id', 'text', (c) => c.notNull())
        .addColumn('profile_uuid', 'text', (c) => c.notNull())
        .addColumn('stay_uuid', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('referer', 'text')
        .addColumn('scan_type', 'text', (c) => c.notNull())
        .addColumn('hotel_id', 'integer')
        .addColumn('room_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('action_completions')
        .addColumn('id', 'integer', id)
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id'))
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id'))
        .addColumn('night_id', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('option_id', 'integer')
        .addColumn('selected_position', 'integer')
        .addColumn('is_correct', 'integer')
        .addColumn('temperature', 'real')
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('action_completions_uq', ['stay_id', 'action_id', 'night_id'])
        .execute();
      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', 'integer', id)
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('action_id', 'integer', (c) => c.references('actions.id'))
        .addColumn('reward_id', 'integer', (c) => c.references('rewards.id'))
        .addColumn('night_id', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_entries_stay_ix').on('ledger_entries').column('stay_id').execute();
      await db.schema
        .createTable('reward_claims')
        .addColumn('id', 'integer', id)
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id'))
        .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id'))
        .addColumn('code', 'text')
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addUniqueConstraint('reward_claims_uq', ['stay_id', 'reward_id'])
        .execute();
    },
  };
}

/** Reward claims: a code is given once per reward (pool or generated); e-mails sent, for the per-stay rate limit. */
function rewards(kind: DialectKind): Migration {
  const id = idColumn(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('reward_claims_reward_code_uq')
        .on('reward_claims')
        .columns(['reward_id', 'code'])
        .unique()
        .execute();
      await db.schema
        .createTable('reward_emails')
        .addColumn('id', 'integer', id)
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id'))
        .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id'))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reward_emails_stay_ix')
        .on('reward_emails')
        .columns(['stay_id', 'sent_at'])
        .execute();
    },
  };
}

/**
 * The hotel's check-out time: a stay ends at that hotel-local time on its end date. Hotels imported before
 * get noon, the content format's default (written out: a migration must not move with later code).
 */
const checkout: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('hotels')
      .addColumn('checkout_time', 'text', (c) => c.notNull().defaultTo('12:00'))
      .execute();
  },
};

/**
 * The hotel restaurant's dishes for the meal photo's menu analyser (docs/meal-scoring.md#hotel-menu): names and
 * recipe as JSON text, replaced whole at each content import.
 */
const meals: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('meal_dishes')
      .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('ingredients', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('meal_dishes_pk', ['hotel_id', 'key'])
      .execute();
  },
};

/** The hotel's short prefix of reward codes (docs/behaviour.md#code-reward); null keeps the name's initials. */
const codePrefix: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('hotels').addColumn('code_prefix', 'text').execute();
  },
};

/**
 * Wrong staff PINs are counted in `cap_counters` as attempts reserved before the hash (domain/pin-attempts.ts): the
 * table of failures that 0007_staff made is no longer read.
 */
const staffPinAttempts: Migration = {
  async up(db: AnyDb) {
    await db.schema.dropTable('staff_pin_failures').execute();
  },
};

export function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '0001_initial': initial(kind),
    '0002_actions': actionsMigration(kind),
    '0003_rewards': rewards(kind),
    '0004_checkout': checkout,
    '0005_meals': meals,
    '0006_proofs': proofsMigration,
    '0007_staff': staffMigration(kind),
    '0008_code_prefix': codePrefix,
    '0009_presence': presenceMigration,
    '0010_caps': capsMigration,
    '0011_reports': reportsMigration,
    '0012_staff_desk': staffDeskMigration,
    '0013_impact': impactMigration,
    '0014_cap_windows': capWindowsMigration(kind),
    '0015_cap_counters_without_rowid': capCountersWithoutRowidMigration(kind),
    '0016_qr_scan_days': qrScanDaysMigration(kind),
    '0017_proof_codes_generated': proofCodesGeneratedMigration,
    '0018_staff_pin_attempts': staffPinAttempts,
    '0019_staff_accounts': staffAccountsMigration(kind),
    '0020_staff_audit': staffAuditMigration(kind),
    '0021_content_history': contentHistoryMigration(kind),
    '0022_cleaning_checks': cleaningChecksMigration(kind),
    '0023_monthly_reports': monthlyReportsMigration,
    '0024_reward_partner': rewardPartnerMigration,
  };
}

/** This version's newest migration: the migration level it brings a database to. */
export function latestMigration(kind: DialectKind): string {
  return Object.keys(migrationsFor(kind)).sort().at(-1) ?? '';
}

/** The migrations the database has run (Kysely's table), oldest first; none on a new database. */
export async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const rows = await db
    .withTables<{ kysely_migration: { name: string } }>()
    .selectFrom('kysely_migration')
    .select('name')
    .execute();
  return rows.map((row) => row.name).sort();
}

/**
 * A database migrated by a newer version than this one (it ran migrations this version does not have): this version
 * refuses it rather than run on a schema it does not know (docs/operations.md#upgrade-and-roll-back).
 */
export class MigrationLevelError extends Error {
  /** The database's newest migration, and this version's. */
  readonly databaseLevel: string;
  readonly codeLevel: string;
  constructor(databaseLevel: string, codeLevel: string) {
    super(describeNewerDatabase('the database', databaseLevel, codeLevel));
    this.databaseLevel = databaseLevel;
    this.codeLevel = codeLevel;
  }
  /** The message, naming the database (`the database sqlite:/srv/greenmiles.db`). */
  about(database: string): string {
    return describeNewerDatabase(database, this.databaseLevel, this.codeLevel);
  }
}

function describeNewerDatabase(database: string, databaseLevel: string, codeLevel: string): string {
  return `${database} is at migration ${databaseLevel}, newer than this version of GreenMiles (whose newest is ${codeLevel}): run the newer version, or restore the backup made before the upgrade (docs/operations.md#upgrade-and-roll-back)`;
}

/** The database's newest migration; throws MigrationLevelError when it ran one this version does not know. */
export async function checkMigrationLevel(db: Kysely<Database>, kind: DialectKind): Promise<string | null> {
  const known = migrationsFor(kind);
  const executed = await executedMigrations(db);
  const databaseLevel = executed.at(-1) ?? null;
  if (databaseLevel !== null && executed.some((name) => !(name in known)))
    throw new MigrationLevelError(databaseLevel, latestMigration(kind));
  return databaseLevel;
}

/**
 * Brings the schema to the latest version; throws MigrationLevelError on a database a newer version migrated, and
 * when a migration fails.
 */
export async function migrateToLatest(db: Kysely<Database>, kind: DialectKind): Promise<string[]> {
  await checkMigrationLevel(db, kind);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
