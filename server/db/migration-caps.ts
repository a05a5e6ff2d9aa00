/**
 * Migration 0010_caps: the limits a hotel sets on claims, pool codes, answer changes and reward e-mails
 * (docs/behaviour.md#caps), and reward codes unique per hotel (docs/behaviour.md#reward-claims).
 * - hotels: `max_claims_per_room_night` and `max_pool_codes_per_day`, the content file's caps (defaults written out:
 *   a migration must not move with later code).
 * - cap_counters: one row per cap, subject and window (a night, a day, an hour) with how much of it is used; a use is
 *   a conditional UPDATE (`used < limit`), so every server process sharing the database counts the same uses.
 * - reward_claims.hotel_id, unique with the code: a code names one claim of the hotel, whatever its reward. Codes
 *   issued before this migration that repeat within a hotel (3-character codes were unique per reward only) keep a
 *   null hotel_id and stay outside the index.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const capsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('hotels')
      .addColumn('max_claims_per_room_night', 'integer', (c) => c.notNull().defaultTo(2))
      .execute();
    await db.schema
      .alterTable('hotels')
      .addColumn('max_pool_codes_per_day', 'integer', (c) => c.notNull().defaultTo(20))
      .execute();
    await db.schema
      .createTable('cap_counters')
      .addColumn('cap', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('window_id', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('cap_counters_pk', ['cap', 'subject', 'window_id'])
      .execute();
    await db.schema.alterTable('reward_claims').addColumn('hotel_id', 'integer').execute();
    await sql`
      UPDATE reward_claims SET hotel_id = (SELECT r.hotel_id FROM rewards r WHERE r.id = reward_claims.reward_id)
      WHERE code IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM reward_claims other
        JOIN rewards ro ON ro.id = other.reward_id
        JOIN rewards rc ON rc.id = reward_claims.reward_id
        WHERE other.id <> reward_claims.id AND other.code = reward_claims.code AND ro.hotel_id = rc.hotel_id
      )`.execute(db);
    await db.schema
      .createIndex('reward_claims_hotel_code_uq')
      .on('reward_claims')
      .columns(['hotel_id', 'code'])
      .unique()
      .execute();
  },
};
