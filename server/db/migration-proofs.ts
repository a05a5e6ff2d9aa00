/**
 * Migration 0006_proofs: the printed QR codes of each PROOF action (docs/behaviour.md#proof-page). A proof is
 * accepted only with one of its action's codes; the content import replaces an action's codes with its file's.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const proofsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('proof_codes')
      .addColumn('action_id', 'integer', (c) => c.notNull().references('actions.id'))
      .addColumn('qr_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('proof_codes_pk', ['action_id', 'qr_id'])
      .execute();
  },
};
