/**
 * Migration 0016_qr_scan_days (docs/behaviour.md#qr-scans): the QR scan record becomes a count per hotel, hotel-local
 * day and kind (HOTEL, ROOM) in `qr_scan_days`, one row each, instead of a row per scan with the client's user agent
 * and referer at full length (a flood of scans filled the disk, and nothing read them). The rows of `qr_scans` are
 * folded into the counts by their UTC day (their time zone is not worth a per-row conversion), then dropped.
 */
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function qrScanDaysMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('qr_scan_days')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('scan_type', 'text', (c) => c.notNull())
        .addColumn('scans', 'integer', (c) => c.notNull())
        .addUniqueConstraint('qr_scan_days_uq', ['hotel_id', 'day', 'scan_type'])
        .execute();
      await sql`INSERT INTO qr_scan_days (hotel_id, day, scan_type, scans)
        SELECT hotel_id, substr(created_at, 1, 10), scan_type, count(*) FROM qr_scans
        WHERE hotel_id IN (SELECT id FROM hotels) AND scan_type IN ('HOTEL', 'ROOM')
        GROUP BY hotel_id, substr(created_at, 1, 10), scan_type`.execute(db);
      await db.schema.dropTable('qr_scans').execute();
    },
  };
}
