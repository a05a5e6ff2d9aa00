/**
 * Maintenance commands:
 *   node server/cli.ts migrate                 bring the database (DATABASE_URL) to the latest schema
 *   node server/cli.ts hotel:import FILE…      validate and import hotel content files (migrates first)
 *   node server/cli.ts hotel:check FILE…       validate content files without touching the database
 */
import { readConfig } from './config.ts';
import { importContent, readContentFile } from './content/import.ts';
import { ContentError } from './content/validate.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';

const USAGE = 'usage: node server/cli.ts migrate | hotel:import FILE… | hotel:check FILE…';

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'hotel:check') {
    if (args.length === 0) return fail(USAGE);
    for (const file of args) {
      const content = await readContentFile(file);
      console.log(
        `${file}: valid (hotel ${content.hotel.id}, ${content.actions?.length ?? 0} actions, ${content.rewards?.length ?? 0} rewards)`,
      );
    }
    return 0;
  }
  if (command !== 'migrate' && command !== 'hotel:import') return fail(USAGE);
  if (command === 'hotel:import' && args.length === 0) return fail(USAGE);
  // Validate every file before opening the database, so a typo changes nothing.
  const files = [];
  for (const file of args) files.push(await readContentFile(file));
  const { databaseUrl } = readConfig();
  const database = openDatabase(databaseUrl);
  try {
    const applied = await migrateToLatest(database.db, database.kind);
    console.log(
      `${database.description}: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'schema up to date'}`,
    );
    for (const [index, content] of files.entries()) {
      const summary = await importContent(database.db, content);
      console.log(
        `${args[index]}: imported hotel ${summary.hotelId} "${summary.name}" (${summary.languages} languages, ${summary.rooms} rooms, ${summary.actions} actions, ${summary.rewards} rewards)`,
      );
    }
  } finally {
    await database.close();
  }
  return 0;
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ContentError ? error.message : error);
    process.exit(1);
  },
);
