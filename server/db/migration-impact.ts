/**
 * Migration 0013_impact: what the staff page's impact figures need (docs/impact.md).
 * - hotels.impact_factors: the content file's `impactFactors` (the hotel's own figures) as JSON text; null: the
 *   shipped table.
 * - action_completions.meal_*: the impact of the meal a LIMEAT completion holds (the night's best meal), so the
 *   saving against the reference meal can be summed later; null for other actions and for meals recorded before.
 * - indexes on the timestamps the summary reads a period by (completions, ledger rows, a hotel's stays).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const impactMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('hotels').addColumn('impact_factors', 'text').execute();
    for (const column of ['meal_water_litres', 'meal_energy_wh', 'meal_ghg_grams'])
      await db.schema.alterTable('action_completions').addColumn(column, 'double precision').execute();
    await db.schema
      .createIndex('action_completions_created_ix')
      .on('action_completions')
      .column('created_at')
      .execute();
    await db.schema.createIndex('ledger_entries_created_ix').on('ledger_entries').column('created_at').execute();
    await db.schema.createIndex('stays_hotel_created_ix').on('stays').columns(['hotel_id', 'created_at']).execute();
  },
};
