/**
 * `npm run qr:sheet -- --hotel ID --base-url URL --out FILE.pdf [--lang CODE] [--room NUMBER…]`
 * (docs/behaviour.md#qr-sheets): writes the hotel's printable QR codes (server/qr-sheet.ts) from the database of
 * DATABASE_URL. `--base-url` is the address guests open (https://greenmiles.example); `--lang` replaces the hotel's
 * primary language; `--room` (repeatable) prints only those rooms' cards, e.g. after a rotation. Exit 2 for bad
 * arguments, 1 when the hotel or a room is unknown or the file cannot be written.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';
import { COLUMNS, qrSheetOf, ROWS, renderQrSheet } from './qr-sheet.ts';

const USAGE = 'usage: npm run qr:sheet -- --hotel ID --base-url URL --out FILE.pdf [--lang CODE] [--room NUMBER…]';

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      hotel: { type: 'string' },
      'base-url': { type: 'string' },
      out: { type: 'string' },
      lang: { type: 'string' },
      room: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const hotelId = Number(values.hotel);
  if (!Number.isInteger(hotelId) || hotelId < 1) throw new Error('--hotel must be a hotel id');
  const baseUrl = values['base-url'] ?? '';
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl) || !URL.canParse(baseUrl))
    throw new Error('--base-url must be the http(s) address guests open, e.g. https://greenmiles.example');
  if (!values.out) throw new Error('--out must name the PDF file to write');
  return { hotelId, baseUrl, out: values.out, language: values.lang, rooms: values.room };
}

let args: ReturnType<typeof parse>;
try {
  args = parse(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const database = openDatabase(readConfig().databaseUrl);
let code = 1;
try {
  await migrateToLatest(database.db, database.kind);
  const sheet = await qrSheetOf(database.db, args);
  await writeFile(args.out, await renderQrSheet(sheet));
  const pages = Math.ceil(sheet.entries.length / (COLUMNS * ROWS));
  console.log(
    `${args.out}: ${sheet.entries.length} QR codes of "${sheet.hotelName}" on ${pages} A4 page(s) (${sheet.language})`,
  );
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
}
process.exit(code);
