/**
 * Migration 0023_monthly_reports: the hotel's monthly summary (docs/behaviour.md#monthly-summary), claimed and
 * marked sent like the daily report (0011_reports): one row per hotel and month, unique, inserted by the process
 * that sends it; `report_date` is the first day of the month reported (YYYY-MM-01). The same columns as
 * daily_reports, so one claim rule serves both.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const monthlyReportsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('monthly_reports')
      .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
      .addColumn('report_date', 'text', (c) => c.notNull())
      .addColumn('claim_token', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addPrimaryKeyConstraint('monthly_reports_pk', ['hotel_id', 'report_date'])
      .execute();
  },
};
