/**
 * Migration 0024_reward_partner (docs/server.md#hotel-content-files): the partner a reward's donation goes to, as the
 * content file writes it (`{name, url?, guarantee: {lang: text}}`) in JSON text — read whole, never queried inside;
 * null for a reward without a partner.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const rewardPartnerMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('rewards').addColumn('partner', 'text').execute();
  },
};
