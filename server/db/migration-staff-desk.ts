/**
 * Migration 0012_staff_desk: who used a reward claim (docs/behaviour.md#staff-code-check).
 * - reward_claims.used_by: 'guest' (the guest's `used` / `redeem` / `useSlider` call, the swipe in front of staff) or
 *   'staff' (the staff page's code check); null while unused. Claims used before this migration were all used by the
 *   guest's calls.
 * - reward_claims_used_ix: the staff page lists a day's uses by `used_at`.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const staffDeskMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('reward_claims').addColumn('used_by', 'text').execute();
    await db.updateTable('reward_claims').set({ used_by: 'guest' }).where(sql.ref('used_at'), 'is not', null).execute();
    await db.schema.createIndex('reward_claims_used_ix').on('reward_claims').column('used_at').execute();
  },
};
