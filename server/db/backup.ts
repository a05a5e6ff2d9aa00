/**
 * Backing up and restoring a SQLite database (docs/operations.md#back-up-and-restore), for `npm run db:backup` and
 * `npm run db:restore` (server/cli.ts). A live database keeps its latest writes in its `-wal` file, so a file copy
 * can miss them: the backup is SQLite's online backup, read in one step (one read transaction: a consistent snapshot
 * while servers keep writing). A restore checks the file first and never replaces a database a server has open.
 * PostgreSQL has its own tools (`pg_dump`, `pg_restore`).
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { checkMigrationLevel, latestMigration, MigrationLevelError } from './migrations.ts';
import type { Database } from './schema.ts';

/** A backup or restore refused or failed, in one line for the operator. */
export class BackupError extends Error {}

/** What the backup API copies per step when the progress callback asks for everything at once. */
const ALL_PAGES = 0x7fffffff;

/** A database's companion files while it is open in WAL mode. */
const WAL_FILES = ['-wal', '-shm'];

/** The tables a GreenMiles database has from its first migrations on. */
const GREENMILES_TABLES = ['hotels', 'rooms', 'stays', 'ledger_entries'];

export interface BackupFile {
  file: string;
  bytes: number;
  /** Its newest migration. */
  level: string;
}

/** Copies the live database `source` to the new file `out` (never overwritten), checked as a restore checks it. */
export async function backupSqlite(source: string, out: string): Promise<BackupFile> {
  const from = resolve(source);
  const file = resolve(out);
  if (!existsSync(from)) throw new BackupError(`there is no database at ${from}`);
  if (existsSync(file))
    throw new BackupError(`${file} already exists: name a new file (a backup never overwrites one)`);
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    throw new BackupError(`the folder of ${file} cannot be made: ${(error as Error).message}`);
  }
  // Written under another name first: a backup cut short never looks like a finished one.
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const live = new SqliteDatabase(from, { fileMustExist: true });
  try {
    await live.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`the backup of ${from} failed: ${(error as Error).message}`);
  } finally {
    live.close();
  }
  // One self-contained file, whatever copies it next (the server turns WAL on again when it opens a restored one).
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  copy.close();
  let level: string;
  try {
    ({ level } = await checkBackupFile(partial, { newerAllowed: true }));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, level };
}

/**
 * Checks that `path` is a GreenMiles SQLite database this version can run: SQLite's integrity check passes, it has
 * GreenMiles's tables and migrations, none newer than this version's (unless `newerAllowed`: a backup of a database a
 * newer version migrated is still a backup). Its newest migration.
 */
export async function checkBackupFile(path: string, { newerAllowed = false } = {}): Promise<{ level: string }> {
  const file = resolve(path);
  if (!existsSync(file)) throw new BackupError(`there is no file at ${file}`);
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  // Nothing in a check writes to the file.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    let problems: string[];
    try {
      sqlite.pragma('query_only = ON');
      const rows = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
      problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_NOTADB')
        throw new BackupError(`${file} is not a SQLite database (${(error as Error).message})`);
      problems = [(error as Error).message];
    }
    if (problems.length > 0)
      throw new BackupError(`${file} fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`);
    const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
    const missing = GREENMILES_TABLES.filter((table) => !tables.has(table));
    let level: string | null;
    try {
      level = await checkMigrationLevel(db, 'sqlite');
    } catch (error) {
      if (!(error instanceof MigrationLevelError)) throw error;
      if (!newerAllowed)
        throw new BackupError(
          `${file} is at migration ${error.databaseLevel}, newer than this version of GreenMiles (whose newest is ${error.codeLevel}): restore it with the version that made it, or choose a backup made before the upgrade`,
        );
      level = error.databaseLevel;
    }
    if (level === null || missing.length > 0)
      throw new BackupError(
        `${file} is not a GreenMiles database (${level === null ? 'no migrations' : `no ${missing.join(', ')} table`})`,
      );
    return { level };
  } finally {
    await db.destroy();
  }
}

export interface Restored {
  level: string;
  /** Whether the next start migrates it forward (it is older than this version). */
  migratesTo: string | null;
  /** Where the database it replaced was moved, or null when there was none. */
  keptAs: string | null;
}

/**
 * Puts the checked backup `from` in place of the database at `target`, unless a server has that database open. The
 * database it replaces (with its `-wal` and `-shm`) is moved aside, never deleted.
 */
export async function restoreSqlite(from: string, target: string, now = new Date()): Promise<Restored> {
  const backup = resolve(from);
  const file = resolve(target);
  if (backup === file) throw new BackupError(`${backup} is the database itself: restore from a backup file`);
  const { level } = await checkBackupFile(backup);
  // Closing the check's connection folded any -wal into the file, unless a process still has it open.
  if (existsSync(`${backup}-wal`))
    throw new BackupError(`a process has ${backup} open: make a backup of it with db:backup, then restore that`);
  if (existsSync(file)) assertNotInUse(file);
  const keptAs = existsSync(file) ? `${file}.before-restore-${now.toISOString().replace(/[-:.]/g, '')}` : null;
  if (keptAs !== null && WAL_FILES.concat('').some((suffix) => existsSync(`${keptAs}${suffix}`)))
    throw new BackupError(`${keptAs} already exists: wait a moment and restore again`);
  // The copy is complete and on disk before the database it replaces moves: a full disk leaves the database as it was.
  mkdirSync(dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  try {
    copyFileSync(backup, incoming);
    const fd = openSync(incoming, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    rmSync(incoming, { force: true });
    throw new BackupError(`the backup could not be copied next to ${file}: ${(error as Error).message}`);
  }
  if (keptAs !== null)
    for (const suffix of ['', ...WAL_FILES])
      if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${keptAs}${suffix}`);
  renameSync(incoming, file);
  const latest = latestMigration('sqlite');
  return { level, migratesTo: level === latest ? null : latest, keptAs };
}

/**
 * Refuses a database some process has open: leaving WAL mode needs every other connection closed (a server keeps
 * one open as long as it runs). When it can, this also folds the `-wal` into the file, so the file moved aside holds
 * everything.
 */
function assertNotInUse(file: string): void {
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
    sqlite.pragma('journal_mode = DELETE');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      throw new BackupError(
        `a process has ${file} open (a GreenMiles server?): stop every server using it, then restore again`,
      );
    // A damaged database (why one restores) cannot say and is moved aside all the same; any other failure (rights,
    // a file SQLite cannot open) might hide a server that has it open.
    if (code !== 'SQLITE_CORRUPT' && code !== 'SQLITE_NOTADB')
      throw new BackupError(`${file} cannot be checked for other users (${(error as Error).message}): nothing changed`);
  } finally {
    sqlite?.close();
  }
}
