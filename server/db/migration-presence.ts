/**
 * Migration 0009_presence (docs/trust-model.md#presence):
 * - rooms.qr_generated: 1 once the room's QR id was generated at import or rotated by staff; a re-import then keeps
 *   it (the printed sheet carries it) instead of taking the content file's readable id.
 * - hotels.qr_key / qr_key_generated: the key of the hotel QR code (`/hotel/{hId}?k=…`), with the same rule;
 *   hotels.hotel_qr_entry: 'open' | 'key' | 'off'; hotels.max_stay_nights, hotels.room_capacity.
 * - stays.ends_by: the hotel-local date a stay ends on at the latest (its creation day + max_stay_nights, pushed
 *   later by a later end date); a finished stay can be taken back by its profile until then.
 * Existing hotels get a random key; existing stays end 14 nights after their creation day (UTC), or on their later
 * end date (the defaults written out: a migration must not move with later code).
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const randomKey = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

function plusDays(isoTimestamp: string, days: number): string {
  const date = new Date(isoTimestamp);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const presenceMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('rooms')
      .addColumn('qr_generated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('hotels').addColumn('qr_key', 'text').execute();
    await db.schema
      .alterTable('hotels')
      .addColumn('qr_key_generated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('hotels')
      .addColumn('hotel_qr_entry', 'text', (c) => c.notNull().defaultTo('key'))
      .execute();
    await db.schema
      .alterTable('hotels')
      .addColumn('max_stay_nights', 'integer', (c) => c.notNull().defaultTo(14))
      .execute();
    await db.schema
      .alterTable('hotels')
      .addColumn('room_capacity', 'integer', (c) => c.notNull().defaultTo(4))
      .execute();
    await db.updateTable('hotels').set({ hotel_qr_entry: 'open' }).where('is_demo', '=', 1).execute();
    const hotels = await db.selectFrom('hotels').select('id').execute();
    for (const hotel of hotels)
      await db
        .updateTable('hotels')
        .set({ qr_key: randomKey(), qr_key_generated: 1 })
        .where('id', '=', hotel.id)
        .execute();

    await db.schema.alterTable('stays').addColumn('ends_by', 'text').execute();
    const stays = await db.selectFrom('stays').select(['id', 'created_at', 'end_date']).execute();
    for (const stay of stays) {
      const cap = plusDays(stay.created_at, 14);
      const endsBy = stay.end_date && stay.end_date > cap ? stay.end_date : cap;
      await db.updateTable('stays').set({ ends_by: endsBy }).where('id', '=', stay.id).execute();
    }
    await db.schema.createIndex('stays_room_status_ix').on('stays').columns(['room_id', 'status']).execute();
  },
};
