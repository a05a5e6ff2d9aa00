/**
 * Maintenance commands (npm scripts db:migrate, hotel:import, hotel:check run them with the project's Node 24):
 *   node server/cli.ts migrate                 bring the database (DATABASE_URL) to the latest schema
 *   node server/cli.ts hotel:import FILE…      validate and import hotel content files (migrates first)
 *   node server/cli.ts hotel:check FILE…       validate content files without touching the database
 *   node server/cli.ts qr:rotate --hotel ID --room NUMBER | --key | --proof ACTION
 *                                              give a room QR code a new random id, the hotel QR code a new key,
 *                                              or the printed codes of a PROOF action (its key or id) new ids
 *                                              (docs/trust-model.md#presence); prints the paths to print
 *   node server/cli.ts hotel:create --id ID --name NAME --time-zone ZONE --language CODE… --manager NAME
 *                                              a hotel from nothing: its smallest content (the first language
 *                                              primary) and a first manager, whose new PIN it prints once
 *   node server/cli.ts staff:add --hotel ID --name NAME --role ROLE
 *                                              add a staff account (manager, frontDesk, housekeeping) and print its
 *                                              new PIN once: how IT lets a person in when no manager can sign in
 *   node server/cli.ts db:backup --out FILE   copy the live SQLite database to FILE (SQLite's online backup)
 *   node server/cli.ts db:restore --from FILE put a checked backup in place of the SQLite database (servers stopped)
 * An invalid or missing file is reported (every one of them, without a stack trace) and exits 1; so is a database
 * that a newer version migrated, and a backup or restore refused (docs/operations.md#back-up-and-restore).
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { HotelContentFile } from '../contract/hotel-content-file.ts';
import { isStaffRole } from '../contract/staff-roles.ts';
import { readConfig } from './config.ts';
import { createHotel } from './content/create-hotel.ts';
import { type ImportSummary, importContent, readContentFile } from './content/import.ts';
import { ContentError } from './content/validate.ts';
import { BackupError, backupSqlite, restoreSqlite } from './db/backup.ts';
import { describeDatabaseUrl, isPostgresUrl, openDatabase, sqlitePathOf } from './db/connection.ts';
import { MigrationLevelError, migrateToLatest } from './db/migrations.ts';
import { createStore } from './db/store.ts';
import { DomainError } from './domain/errors.ts';
import {
  hotelQrUrl,
  proofQrUrl,
  roomQrUrl,
  rotateHotelKey,
  rotateProofCodes,
  rotateRoomQrId,
} from './domain/qr-codes.ts';
import { addStaffAccount } from './domain/staff-accounts.ts';
import { SERVER_COMMAND } from './domain/staff-audit.ts';

const USAGE =
  'usage: node server/cli.ts migrate | hotel:import FILE… | hotel:check FILE… | qr:rotate --hotel ID (--room NUMBER | --key | --proof ACTION) | hotel:create --id ID --name NAME --time-zone ZONE --language CODE [--language CODE…] --manager NAME | staff:add --hotel ID --name NAME --role manager|frontDesk|housekeeping | db:backup --out FILE | db:restore --from FILE';

/** Reads and validates every file, reporting each invalid one and every warning; null when any is invalid. */
async function readContentFiles(
  paths: string[],
  onValid: (path: string, content: HotelContentFile) => void = () => {},
): Promise<HotelContentFile[] | null> {
  const files: HotelContentFile[] = [];
  let valid = true;
  for (const path of paths) {
    try {
      const content = await readContentFile(path, (warning) => console.warn(`${path}: ${warning}`));
      files.push(content);
      onValid(path, content);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      console.error(error.message);
      valid = false;
    }
  }
  return valid ? files : null;
}

/** `qr:rotate`: a room's QR id, the hotel key or a proof's codes, on the configured database; prints what to print. */
async function rotate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      hotel: { type: 'string' },
      room: { type: 'string' },
      key: { type: 'boolean' },
      proof: { type: 'string' },
    },
    strict: true,
  });
  const hotelId = Number(values.hotel);
  const targets = [values.room !== undefined, values.key === true, values.proof !== undefined].filter(Boolean);
  if (!Number.isInteger(hotelId) || hotelId < 1 || targets.length !== 1) return fail(USAGE);
  const { databaseUrl } = readConfig();
  const database = openDatabase(databaseUrl);
  const store = createStore(database.db, database.kind);
  try {
    await migrateToLatest(database.db, database.kind);
    if (values.room !== undefined) {
      const { qrId } = await rotateRoomQrId(store, hotelId, values.room, SERVER_COMMAND, new Date());
      console.log(
        `hotel ${hotelId}, room ${values.room}: new QR id ${qrId} (QR code: {app address}${roomQrUrl('', qrId)})`,
      );
    } else if (values.proof !== undefined) {
      const { actionId, actionKey, qrIds } = await rotateProofCodes(
        store,
        hotelId,
        values.proof,
        SERVER_COMMAND,
        new Date(),
      );
      for (const qrId of qrIds)
        console.log(
          `hotel ${hotelId}, proof action ${actionKey} (${actionId}): new proof QR id ${qrId} (QR code: {app address}${proofQrUrl('', { actionId, hotelId, qrId })})`,
        );
    } else {
      const { key } = await rotateHotelKey(store, hotelId, SERVER_COMMAND, new Date());
      console.log(`hotel ${hotelId}: new hotel QR key ${key} (QR code: {app address}${hotelQrUrl('', hotelId, key)})`);
    }
    console.log('Print the new code: the old one no longer works.');
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
  return 0;
}

/** `staff:add`: a new staff account of the hotel, made by the server's operator (no actor in the audit trail). */
async function addStaff(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { hotel: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  const hotelId = Number(values.hotel);
  const { name, role } = values;
  if (!Number.isInteger(hotelId) || hotelId < 1 || !name || !role || !isStaffRole(role)) return fail(USAGE);
  const { databaseUrl } = readConfig();
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db, database.kind);
    const store = createStore(database.db, database.kind);
    const { account, pin } = await addStaffAccount(store, SERVER_COMMAND, hotelId, { name, role }, new Date());
    console.log(`hotel ${hotelId}: staff account "${account.name}" (${account.role}, id ${account.id}) added`);
    console.log(`PIN: ${pin}`);
    console.log('Hand the PIN over now: it is shown only this once (a manager can reset it on the staff page).');
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
  return 0;
}

/**
 * `hotel:create`: a new hotel with its smallest content and a first manager (docs/server.md#staff-accounts); prints
 * the manager's PIN once and the hotel QR key the import generated.
 */
async function newHotel(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      'time-zone': { type: 'string' },
      language: { type: 'string', multiple: true },
      manager: { type: 'string' },
    },
    strict: true,
  });
  const id = Number(values.id);
  const { name, manager, language: languages = [] } = values;
  const timeZone = values['time-zone'];
  if (!Number.isInteger(id) || id < 1 || !name || !timeZone || languages.length === 0 || !manager) return fail(USAGE);
  const { databaseUrl } = readConfig();
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db, database.kind);
    const {
      summary,
      manager: account,
      pin,
    } = await createHotel(database.db, { id, name, timeZone, languages, managerName: manager });
    console.log(
      `hotel ${summary.hotelId} "${summary.name}" created (${languages.join(', ')}; no rooms, actions or rewards yet)`,
    );
    printGenerated(summary);
    console.log(`hotel ${summary.hotelId}: staff account "${account.name}" (manager, id ${account.id}) added`);
    console.log(`PIN: ${pin}`);
    console.log(
      'Hand the PIN over now: it is shown only this once. The manager signs in on the staff page and sets the hotel up in the content editor.',
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
  return 0;
}

/** What PostgreSQL's own tools do for `db:backup` and `db:restore`, with the commands to run. */
function postgresTools(databaseUrl: string, file: string): string {
  return [
    `${describeDatabaseUrl(databaseUrl)} is PostgreSQL: back it up and restore it with PostgreSQL's tools, not this command (docs/operations.md#back-up-and-restore):`,
    `  back up:  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  restore:  stop every GreenMiles server, then, into an empty database: pg_restore --no-owner --single-transaction --dbname="$DATABASE_URL" ${file}`,
  ].join('\n');
}

/** The SQLite file DATABASE_URL names, or a reason why `db:backup` and `db:restore` cannot work on it. */
function sqliteFile(databaseUrl: string, file: string): { path: string } | { refusal: string } {
  if (isPostgresUrl(databaseUrl)) return { refusal: postgresTools(databaseUrl, file) };
  const path = sqlitePathOf(databaseUrl) ?? '';
  if (path === '' || path === ':memory:')
    return { refusal: `DATABASE_URL must name a SQLite file or PostgreSQL (got ${describeDatabaseUrl(databaseUrl)})` };
  return { path };
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** `db:backup --out FILE`: the configured SQLite database, copied while servers keep writing to it. */
async function backup(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
  if (!values.out) return fail(USAGE);
  const { databaseUrl } = readConfig();
  const database = sqliteFile(databaseUrl, values.out);
  if ('refusal' in database) return fail(database.refusal, 1);
  const copy = await backupSqlite(database.path, values.out);
  console.log(
    `${describeDatabaseUrl(databaseUrl)} backed up to ${copy.file} (${megabytes(copy.bytes)}, ${copy.bytes} bytes; migration ${copy.level}; integrity ok)`,
  );
  return 0;
}

/** `db:restore --from FILE`: a checked backup in place of the configured SQLite database, no server running. */
async function restore(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } }, strict: true });
  if (!values.from) return fail(USAGE);
  const { databaseUrl } = readConfig();
  const database = sqliteFile(databaseUrl, values.from);
  if ('refusal' in database) return fail(database.refusal, 1);
  const restored = await restoreSqlite(values.from, database.path);
  console.log(
    `${describeDatabaseUrl(databaseUrl)} restored from ${values.from} (migration ${restored.level}; integrity ok)`,
  );
  if (restored.keptAs) console.log(`The database it replaced is kept as ${restored.keptAs}.`);
  if (restored.migratesTo) console.log(`The next start migrates it from ${restored.level} to ${restored.migratesTo}.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'qr:rotate') return rotate(args);
  if (command === 'staff:add') return addStaff(args);
  if (command === 'hotel:create') return newHotel(args);
  if (command === 'db:backup') return backup(args);
  if (command === 'db:restore') return restore(args);
  if (command === 'hotel:check') {
    if (args.length === 0) return fail(USAGE);
    const files = await readContentFiles(args, (path, content) =>
      console.log(
        `${path}: valid (hotel ${content.hotel.id}, ${content.actions?.length ?? 0} actions, ${content.rewards?.length ?? 0} rewards)`,
      ),
    );
    return files ? 0 : 1;
  }
  if (command !== 'migrate' && command !== 'hotel:import') return fail(USAGE);
  if (command === 'hotel:import' && args.length === 0) return fail(USAGE);
  // Validate every file before opening the database, so a typo changes nothing.
  const files = await readContentFiles(args);
  if (!files) return 1;
  const { databaseUrl } = readConfig();
  const database = openDatabase(databaseUrl);
  try {
    const applied = await migrateToLatest(database.db, database.kind);
    console.log(
      `${database.description}: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'schema up to date'}`,
    );
    for (const [index, content] of files.entries()) {
      const summary = await importContent(database.db, content, basename(args[index] ?? ''));
      console.log(
        `${args[index]}: imported hotel ${summary.hotelId} "${summary.name}" (${summary.languages} languages, ${summary.rooms} rooms, ${summary.actions} actions, ${summary.rewards} rewards)`,
      );
      printGenerated(summary);
    }
  } finally {
    await database.close();
  }
  return 0;
}

/** The QR ids an import generated: they are new printed codes (npm run qr:sheet prints them all). */
function printGenerated({ hotelId, generated }: ImportSummary): void {
  const lines = [
    ...(generated.hotelKey === null
      ? []
      : [`hotel QR key ${generated.hotelKey} (QR code: {app address}${hotelQrUrl('', hotelId, generated.hotelKey)})`]),
    ...generated.rooms.map(
      (room) => `room ${room.number}: QR id ${room.qrId} (QR code: {app address}${roomQrUrl('', room.qrId)})`,
    ),
    ...generated.proofs.flatMap(({ actionId, actionKey, qrIds }) =>
      qrIds.map(
        (qrId) =>
          `proof action ${actionKey} (${actionId}): proof QR id ${qrId} (QR code: {app address}${proofQrUrl('', { actionId, hotelId, qrId })})`,
      ),
    ),
  ];
  if (lines.length === 0) return;
  console.log(`  generated at this import (print them: npm run qr:sheet -- --hotel ${hotelId} …):`);
  for (const line of lines) console.log(`  ${line}`);
}

function fail(message: string, code = 2): number {
  console.error(message);
  return code;
}

/** The error in one line for the operator, without a stack trace, when it is one they can act on. */
function operatorMessage(error: unknown): unknown {
  if (error instanceof MigrationLevelError)
    return `GreenMiles cannot run: ${error.about(`the database ${describeDatabaseUrl(readConfig().databaseUrl)}`)}`;
  return error instanceof ContentError || error instanceof BackupError ? error.message : error;
}

/** An option parseArgs refuses (unknown, or without its value): the usage, as for any bad option. */
function isBadOption(error: unknown): error is Error {
  return error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (isBadOption(error)) process.exit(fail(`${error.message}\n${USAGE}`));
    console.error(operatorMessage(error));
    process.exit(1);
  },
);
