/**
 * Migration 0011_reports: the hotel's daily report (docs/behaviour.md#daily-report).
 * - hotels.report_hour: hotel-local HH:MM at which the previous day's report is sent (content `reportHour`); hotels
 *   imported before get 07:00, the content format's default written out.
 * - daily_reports: one row per hotel and reported day, unique, inserted by the process that sends it (the claim) and
 *   marked sent afterwards; a failed send deletes it so a later tick retries. Every server process sharing the
 *   database ticks; this row decides which one sends.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const reportsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('hotels')
      .addColumn('report_hour', 'text', (c) => c.notNull().defaultTo('07:00'))
      .execute();
    await db.schema
      .createTable('daily_reports')
      .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
      .addColumn('report_date', 'text', (c) => c.notNull())
      .addColumn('claim_token', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addPrimaryKeyConstraint('daily_reports_pk', ['hotel_id', 'report_date'])
      .execute();
  },
};
