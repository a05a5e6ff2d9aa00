/**
 * Backups and restores of a SQLite database (docs/operations.md#back-up-and-restore), on real processes: a restore
 * drill (a server under write load, `npm run db:backup` run beside it, `npm run db:restore` into a fresh data
 * directory, a server started on it), and each refusal of the two commands; on PostgreSQL, the `pg_dump` and
 * `pg_restore` command lines they print, run as printed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { executedMigrations, latestMigration, migrateToLatest } from '../../server/db/migrations.ts';
import { postgresBinDir } from '../support/postgres-cluster.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, newHotelStay, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

/** The demo hotel: a stay is opened without a QR secret. */
const HOTEL = 2;
const WRITERS = 4;
/** Stays the writers open and answer before the backup starts. */
const BEFORE_BACKUP = 40;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node server/cli.ts ARGS` on the database, as `npm run db:backup -- …` runs it. */
function cli(databaseUrl: string, args: string[]): Run {
  const run = spawnSync(process.execPath, ['server/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same, started beside running work; resolves when it exits. */
function cliInBackground(databaseUrl: string, args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, ['server/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<Run>((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr })));
  return { child, done };
}

async function post(base: string, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Stay {
  sUUID: string;
  profileUUID: string;
  /** When its creation and its "yes" were acknowledged (null: not yet). */
  createdAt: number;
  answeredAt: number | null;
}

function integrityOf(file: string): string[] {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true, readonly: true });
  try {
    return (sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
  } finally {
    sqlite.close();
  }
}

describe('restore drill: db:backup of a live SQLite database under write load, db:restore, a server on it', () => {
  const root = mkdtempSync(join(tmpdir(), 'greenmiles-drill-'));
  const liveUrl = `sqlite:${join(root, 'live', 'greenmiles.db')}`;
  const restoredUrl = `sqlite:${join(root, 'restored', 'greenmiles.db')}`;
  const backupFile = join(root, 'backups', 'greenmiles-drill.db');
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    rmSync(root, { recursive: true, force: true });
  });

  it('every write acknowledged before the backup started is in the restored database, which passes its integrity check and serves', async () => {
    const live = await startServer(liveUrl, undefined, { RATE_LIMIT_STAY_CREATIONS: '0' });
    servers.push(live);
    const stays: Stay[] = [];
    let running = true;
    let yesNo: { actId: number; reward: number } | undefined;

    /** Opens a stay and answers the demo hotel's yes/no action "yes", as a guest would. */
    async function guest(): Promise<void> {
      const created = await post(live.base, `/api/stays/hotel/${HOTEL}/new`, {});
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { sUUID, profileUUID, actions } = created.body as {
        sUUID: string;
        profileUUID: string;
        actions: Array<{ actId: number; actType: string | null; actReward: number }>;
      };
      const stay: Stay = { sUUID, profileUUID, createdAt: Date.now(), answeredAt: null };
      stays.push(stay);
      const action = actions.find((a) => a.actType === 'YESNO');
      if (action === undefined) throw new Error('the demo hotel has no YESNO action');
      yesNo = { actId: action.actId, reward: action.actReward };
      const answered = await post(live.base, `/api/actions/${action.actId}/yesno`, {
        uuid: profileUUID,
        sUUID,
        response: true,
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      stay.answeredAt = Date.now();
    }
    const writers = Array.from({ length: WRITERS }, async () => {
      while (running) await guest();
    });

    while (stays.filter((stay) => stay.answeredAt !== null).length < BEFORE_BACKUP)
      await new Promise((r) => setTimeout(r, 20));
    const backupStartedAt = Date.now();
    const backup = cliInBackground(liveUrl, ['db:backup', '--out', backupFile]);
    const backupRun = await backup.done;
    const backupEndedAt = Date.now();
    // A few more writes after the backup: they must not be in it.
    const answeredBeforeEnd = stays.filter((stay) => stay.answeredAt !== null).length;
    while (stays.filter((stay) => stay.answeredAt !== null).length < answeredBeforeEnd + 8)
      await new Promise((r) => setTimeout(r, 20));
    running = false;
    await Promise.all(writers);
    await stopServer(live);

    expect(backupRun.stderr).toBe('');
    expect(backupRun.status).toBe(0);
    expect(backupRun.stdout.trim()).toMatch(
      new RegExp(
        `^sqlite:\\S+/live/greenmiles\\.db backed up to ${backupFile.replace(/[.]/g, '\\.')} \\(\\d+\\.\\d MB, \\d+ bytes; migration ${latestMigration('sqlite')}; integrity ok\\)$`,
      ),
    );
    // The load went on while the backup ran: writes were acknowledged between its start and its end.
    expect(stays.some((stay) => stay.createdAt > backupStartedAt && stay.createdAt < backupEndedAt)).toBe(true);

    const restore = cli(restoredUrl, ['db:restore', '--from', backupFile]);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(
      `restored from ${backupFile} (migration ${latestMigration('sqlite')}; integrity ok)`,
    );
    const restoredFile = join(root, 'restored', 'greenmiles.db');
    expect(integrityOf(restoredFile)).toEqual(['ok']);

    const restored = await startServer(restoredUrl);
    servers.push(restored);
    const reward = yesNo?.reward ?? 0;
    expect(reward).toBeGreaterThan(0);
    const pointsOf = async (stay: Stay): Promise<number | null> => {
      const response = await fetch(`${restored.base}/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}`);
      if (response.status === 404) return null;
      expect(response.status).toBe(200);
      return ((await response.json()) as { stay: { greenMiles: number } }).stay.greenMiles;
    };
    const acknowledgedBefore = stays.filter((stay) => stay.createdAt < backupStartedAt);
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(BEFORE_BACKUP);
    for (const stay of acknowledgedBefore) {
      const points = await pointsOf(stay);
      // A "yes" acknowledged before the backup is there; one acknowledged later may or may not be.
      if (stay.answeredAt !== null && stay.answeredAt < backupStartedAt) expect(points).toBe(reward);
      else expect([0, reward]).toContain(points);
    }
    for (const stay of stays.filter((s) => s.createdAt > backupEndedAt)) expect(await pointsOf(stay)).toBeNull();
    // The restored server serves the guest's reads and takes writes.
    const first = acknowledgedBefore[0];
    if (first === undefined) throw new Error('no stay before the backup');
    const actions = await fetch(`${restored.base}/api/stays/${first.sUUID}/actions?uuid=${first.profileUUID}&lang=fr`);
    expect(actions.status).toBe(200);
    expect(((await actions.json()) as unknown[]).length).toBeGreaterThan(0);
    expect((await post(restored.base, `/api/stays/hotel/${HOTEL}/new`, {})).status).toBe(201);
  }, 120_000);
});

// Each command is a Node process loading the server's modules: seconds apiece on a busy machine.
describe('db:backup and db:restore refusals', { timeout: 90_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'greenmiles-restore-'));
  const url = `sqlite:${join(root, 'data', 'greenmiles.db')}`;
  const goodBackup = join(root, 'good.db');
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServer(url);
    expect(cli(url, ['db:backup', '--out', goodBackup]).status).toBe(0);
  }, 60_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(root, { recursive: true, force: true });
  });
  /** A copy of the good backup, changed by `change` (an open better-sqlite3 connection on it). */
  function alteredBackup(name: string, change: (sqlite: SqliteDatabase.Database) => void): string {
    const file = join(root, name);
    const sqlite = new SqliteDatabase(goodBackup, { fileMustExist: true });
    // VACUUM INTO: a separate file the change may break.
    sqlite.prepare('VACUUM INTO ?').run(file);
    sqlite.close();
    const copy = new SqliteDatabase(file, { fileMustExist: true });
    change(copy);
    copy.close();
    return file;
  }

  /** A copy of the good backup whose ledger index page is zeroed, as a bad disk block would leave it. */
  function damagedBackup(): string {
    let page = 0;
    let pageSize = 0;
    const file = alteredBackup('damaged.db', (sqlite) => {
      pageSize = sqlite.pragma('page_size', { simple: true }) as number;
      page = sqlite
        .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'ledger_entries_stay_ix'")
        .pluck()
        .get() as number;
    });
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);
    return file;
  }

  it('db:restore refuses while a server has the database open, and changes nothing', () => {
    const before = readdirSync(join(root, 'data')).sort();
    const run = cli(url, ['db:restore', '--from', goodBackup]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `a process has ${join(root, 'data', 'greenmiles.db')} open (a GreenMiles server?): stop every server using it, then restore again`,
    );
    expect(readdirSync(join(root, 'data')).sort()).toEqual(before);
  });

  it('db:backup never overwrites a file', () => {
    const run = cli(url, ['db:backup', '--out', goodBackup]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`${goodBackup} already exists: name a new file (a backup never overwrites one)`);
  });

  const elsewhere = () => `sqlite:${join(mkdtempSync(join(root, 'target-')), 'greenmiles.db')}`;

  it('db:restore refuses a file that is not a SQLite database, a damaged one, another application’s, and one no file is at', () => {
    const junk = join(root, 'junk.db');
    writeFileSync(junk, 'not a database '.repeat(400));
    const damaged = damagedBackup();
    const other = join(root, 'other.db');
    const sqlite = new SqliteDatabase(other);
    sqlite.exec('CREATE TABLE notes (text TEXT)');
    sqlite.close();
    const cases: Array<[string, RegExp]> = [
      [junk, /^\S+junk\.db is not a SQLite database \(file is not a database\)$/],
      [damaged, /^\S+damaged\.db fails SQLite's integrity check: /],
      [other, /^\S+other\.db is not a GreenMiles database \(no migrations\)$/],
      [join(root, 'missing.db'), /^there is no file at \S+missing\.db$/],
    ];
    for (const [file, message] of cases) {
      const target = elsewhere();
      const run = cli(target, ['db:restore', '--from', file]);
      expect(run.status, file).toBe(1);
      expect(run.stderr.trim()).toMatch(message);
      expect(existsSync(target.slice('sqlite:'.length))).toBe(false);
    }
  });

  it('db:restore refuses a backup made by a newer version, naming both migration levels; db:backup still copies such a database', () => {
    const newer = alteredBackup('newer.db', (sqlite) =>
      sqlite.exec(
        "INSERT INTO kysely_migration (name, timestamp) VALUES ('0999_from_a_newer_version', '2027-01-01T00:00:00.000Z')",
      ),
    );
    const run = cli(elsewhere(), ['db:restore', '--from', newer]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `${newer} is at migration 0999_from_a_newer_version, newer than this version of GreenMiles (whose newest is ${latestMigration('sqlite')}): restore it with the version that made it, or choose a backup made before the upgrade`,
    );
    const copy = cli(`sqlite:${newer}`, ['db:backup', '--out', join(root, 'newer-copy.db')]);
    expect(copy.stderr).toBe('');
    expect(copy.stdout).toContain('migration 0999_from_a_newer_version; integrity ok');
  });

  it('db:restore puts an older backup in place, keeps the database it replaced, and says the next start migrates it', () => {
    const older = alteredBackup('older.db', (sqlite) =>
      sqlite.exec(`DELETE FROM kysely_migration WHERE name = '${latestMigration('sqlite')}'`),
    );
    const target = elsewhere();
    const path = target.slice('sqlite:'.length);
    writeFileSync(path, '');
    const run = cli(target, ['db:restore', '--from', older]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^The database it replaced is kept as \S+greenmiles\.db\.before-restore-\d{8}T\d{9}Z\.$/);
    expect(lines[2]).toMatch(/^The next start migrates it from \S+ to /);
    expect(integrityOf(path)).toEqual(['ok']);
  });

  it('on PostgreSQL both commands give the pg_dump and pg_restore commands, without the password, and exit 1', () => {
    for (const args of [
      ['db:backup', '--out', 'greenmiles.dump'],
      ['db:restore', '--from', 'greenmiles.dump'],
    ]) {
      const run = cli('postgres://greenmiles:secret@db.example:5432/greenmiles', args);
      expect(run.status).toBe(1);
      expect(run.stderr).not.toContain('secret');
      expect(run.stderr.trim().split('\n')).toEqual([
        "postgres://db.example:5432/greenmiles is PostgreSQL: back it up and restore it with PostgreSQL's tools, not this command (docs/operations.md#back-up-and-restore):",
        '  back up:  pg_dump --format=custom --file=greenmiles.dump "$DATABASE_URL"',
        '  restore:  stop every GreenMiles server, then, into an empty database: pg_restore --no-owner --single-transaction --dbname="$DATABASE_URL" greenmiles.dump',
      ]);
    }
  });
});

describe('the PostgreSQL commands db:backup and db:restore print', { timeout: 90_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'greenmiles-pgdump-'));
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    rmSync(root, { recursive: true, force: true });
  });

  /** The command line the CLI prints for `step`, run with DATABASE_URL set as the guide says. */
  function runPrinted(step: 'back up' | 'restore', databaseUrl: string, file: string): void {
    const printed = cli(databaseUrl, ['db:backup', '--out', file]).stderr;
    const line = printed.split('\n').find((text) => text.startsWith(`  ${step}:`)) ?? '';
    const command = line.slice(line.indexOf(step === 'back up' ? 'pg_dump' : 'pg_restore'));
    const run = spawnSync('/bin/sh', ['-c', command], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PATH: `${postgresBinDir()}:${process.env.PATH}` },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }

  it('pg_dump of a database the app has open and pg_restore into an empty one give the same stays and points, at the same migration level', async () => {
    const source = await createTestDatabase('postgres');
    databases.push(source);
    await seedSampleHotels(source.handle.db);
    const app = await buildApp({ db: source.handle.db, kind: 'postgres', frontToken: TEST_FRONT_TOKEN });
    const stay = await newHotelStay(app, HOTEL);
    const actions = (
      await app.inject({ url: `/api/stays/${stay.sUUID}/actions?uuid=${stay.profileUUID}&lang=fr` })
    ).json() as Array<{ actId: number; actType: string | null; actReward: number }>;
    const yesNo = actions.find((action) => action.actType === 'YESNO');
    if (yesNo === undefined) throw new Error('the demo hotel has no YESNO action');
    const answered = await app.inject({
      method: 'POST',
      url: `/api/actions/${yesNo.actId}/yesno`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID, response: true },
    });
    expect(answered.statusCode).toBe(200);
    await app.close();

    const dump = join(root, 'greenmiles.dump');
    runPrinted('back up', source.url, dump);
    const target = await createTestDatabase('postgres', { migrate: false });
    databases.push(target);
    runPrinted('restore', target.url, dump);

    expect(await executedMigrations(target.handle.db)).toEqual(await executedMigrations(source.handle.db));
    expect(await migrateToLatest(target.handle.db, 'postgres')).toEqual([]);
    const restored = await buildApp({ db: target.handle.db, kind: 'postgres', frontToken: TEST_FRONT_TOKEN });
    try {
      const read = await restored.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().stay.greenMiles).toBe(yesNo.actReward);
      // The identity sequences carry on after the restored rows: a new stay's id collides with none.
      expect((await newHotelStay(restored, HOTEL)).sUUID).not.toBe(stay.sUUID);
    } finally {
      await restored.close();
    }
  });
});
