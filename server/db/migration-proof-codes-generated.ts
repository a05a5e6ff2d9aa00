/**
 * Migration 0017_proof_codes_generated (docs/trust-model.md#presence): proof_codes.generated is 1 once a PROOF
 * action's code was generated at import or rotated (`npm run qr:rotate -- --proof`); a re-import then keeps the
 * action's codes (they are printed) instead of taking the content file's readable ids. Existing codes came from
 * content files: 0.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a schema that is still being built
type AnyDb = Kysely<any>;

export const proofCodesGeneratedMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('proof_codes')
      .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
