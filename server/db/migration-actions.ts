/**
 * Migration 0002_actions: what action submissions need beyond 0001.
 * - action_completions.version: bumped on every answer change; the ledger idempotency key of a
 *   completion's points move is `action:{stay}:{action}:{night}:{version}`, so a move is written once.
 * - action_completions.rating: the REVIEW rating (1–4).
 * - action_answers: an append-only log of every accepted answer with the hotel-local day it was given
 *   on (the daily YESNOMAIL report to the hotel reads it per hotel and day).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from './connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export function actionsMigration(kind: DialectKind): Migration {
  const id = (column: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('action_completions')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('action_completions').addColumn('rating', 'integer').execute();
      await db.schema
        .createTable('action_answers')
        .addColumn('id', 'integer', id)
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
        .addColumn('stay_id', 'integer', (c) => c.notNull().references('stays.id'))
        .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id'))
        .addColumn('action_type', 'text', (c) => c.notNull())
        .addColumn('night_id', 'text', (c) => c.notNull())
        .addColumn('answered_on', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('option_id', 'integer')
        .addColumn('selected_position', 'integer')
        .addColumn('is_correct', 'integer')
        .addColumn('temperature', 'real')
        .addColumn('rating', 'integer')
        .addColumn('room_number', 'text')
        .addColumn('points_change', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('action_answers_hotel_day_ix')
        .on('action_answers')
        .columns(['hotel_id', 'answered_on', 'action_type'])
        .execute();
    },
  };
}
