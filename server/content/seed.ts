/** The sample hotels shipped with the server (docs/behaviour.md#sample-hotels), imported on first start. */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type ImportSummary, importContent, readContentFile } from './import.ts';

const HOTELS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'hotels');
export const SAMPLE_HOTEL_FILES = [join(HOTELS_DIR, 'les-tilleuls.yaml'), join(HOTELS_DIR, 'demo-hotel.yaml')];

export async function seedSampleHotels(db: Kysely<Database>): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const file of SAMPLE_HOTEL_FILES)
    summaries.push(await importContent(db, await readContentFile(file), basename(file)));
  return summaries;
}

/** Seeds the sample hotels only when the database has no hotel yet; returns what was imported. */
export async function seedIfEmpty(db: Kysely<Database>): Promise<ImportSummary[]> {
  const row = await db
    .selectFrom('hotels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return [];
  return seedSampleHotels(db);
}
