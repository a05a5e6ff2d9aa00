/**
 * A database whose storage refuses writes (docs/reliability.md#disk-full, docs/server.md#storage-unavailable): a
 * real server process on a SQLite file in a small tmpfs that is then filled (root only: skipped, and said so, where
 * mounting is refused), read-only refusals in-process from the real engines on both databases (SQLite's
 * `query_only`, PostgreSQL's `default_transaction_read_only`), and starts that cannot open or write their database.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { createDatabaseFaults, FAULT_INTERVAL_MS, type FaultLog } from '../../server/db/faults.ts';
import { directConnectionOf } from '../../server/db/sqlite.ts';
import { storageFaultOf } from '../../server/db/unavailable.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { actionOfType, ledgerSum, newStay, submit } from './actions-support.ts';
import { createTestDatabase, DIALECTS, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

/** A tmpfs of `size` mounted on a new directory, or null where mounting is refused (not root, a container). */
function mountTmpfs(size: string): { dir: string; unmount: () => void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'greenmiles-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const probe = mountTmpfs('1m');
probe?.unmount();
const CAN_MOUNT = probe !== null;
if (!CAN_MOUNT)
  console.warn('storage-full.test.ts: cannot mount a tmpfs here (not root?): the real-disk tests are skipped');

/** Fills the file system of `dir` to the last byte with one file; returns a function that deletes it. */
function fill(dir: string): () => void {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 16, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => unlinkSync(file);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

async function call(base: string, path: string, body?: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

const STORAGE_REFUSAL = { error: 'storage_unavailable', message: expect.any(String) };

describe.skipIf(!CAN_MOUNT)('a server process whose SQLite file system fills up (a real tmpfs)', () => {
  let volume: { dir: string; unmount: () => void };
  let server: ServerProcess;
  beforeAll(async () => {
    const mounted = mountTmpfs('8m');
    if (mounted === null) throw new Error('the tmpfs could not be mounted');
    volume = mounted;
    server = await startServer(`sqlite:${join(volume.dir, 'greenmiles.db')}`, undefined, {
      LOG_LEVEL: 'info',
      RATE_LIMIT_STAY_CREATIONS: '0',
    });
  }, 60_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    volume?.unmount();
  });

  it('refuses writes with 503 storage_unavailable, logs once, says so on /healthz, and takes writes again by itself', async () => {
    const openStay = () => call(server.base, '/api/stays/hotel/2/new', {});
    const opened = await openStay();
    expect(opened.status).toBe(201);
    const stay = opened.body as { sUUID: string; profileUUID: string };
    const actionsPath = `/api/stays/${stay.sUUID}/actions?uuid=${stay.profileUUID}&lang=fr`;
    const actions = (await call(server.base, actionsPath)).body as unknown as Array<{
      actId: number;
      actType: string | null;
      actReward: number;
    }>;
    const yesNo = actions.find((action) => action.actType === 'YESNO');
    if (yesNo === undefined) throw new Error('the demo hotel has no YESNO action');
    const answerYes = () =>
      call(server.base, `/api/actions/${yesNo.actId}/yesno`, {
        uuid: stay.profileUUID,
        sUUID: stay.sUUID,
        response: true,
      });

    const free = fill(volume.dir);
    const refused: Answer[] = [];
    for (let i = 0; i < 20; i += 1) refused.push(await openStay(), await answerYes());
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual(STORAGE_REFUSAL);
      expect(answer.retryAfter).toBe('30');
    }
    // Reads go on.
    expect((await call(server.base, actionsPath)).status).toBe(200);
    expect((await call(server.base, `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}`)).status).toBe(200);
    const health = await call(server.base, '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'error', reason: 'storage_full', db: 'ok', storage: 'full' });
    const logLines = () => server.output.join('').split('\n').filter(Boolean);
    expect(logLines().filter((line) => line.includes('database storage full'))).toHaveLength(1);
    // No stack per request: nothing logged as an error.
    expect(logLines().filter((line) => line.includes('"level":50'))).toEqual([]);

    free();
    const written = await answerYes();
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({ greenMilesChange: yesNo.actReward });
    expect((await openStay()).status).toBe(201);
    expect((await call(server.base, '/healthz')).body).toEqual({ status: 'ok', db: 'ok' });
    expect(logLines().filter((line) => line.includes('database storage takes writes again'))).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
    console.info(
      `Disk full (tmpfs, real process): ${refused.length} writes answered 503 storage_unavailable, ${logLines().filter((line) => line.includes('database storage full')).length} log line; reads 200; writes 200 again as soon as the space was freed`,
    );

    await stopServer(server);
    const file = new SqliteDatabase(join(volume.dir, 'greenmiles.db'), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const credited = file
        .prepare(
          'SELECT coalesce(sum(l.amount), 0) AS total FROM ledger_entries l JOIN stays s ON s.id = l.stay_id WHERE s.s_uuid = ?',
        )
        .get(stay.sUUID) as { total: number };
      expect(credited.total).toBe(yesNo.actReward);
    } finally {
      file.close();
    }
  }, 60_000);
});

describe.each(DIALECTS)('writes refused by the storage, in-process [%s]', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /**
   * The real engine refusing writes: the SQLite connection is made read-only (`query_only`, SQLITE_READONLY; a full
   * disk is the tmpfs test's); PostgreSQL sessions are read-only (25006, as on a standby), the pool's sessions cut so
   * that new ones take the setting.
   */
  async function refuseWrites(refuse: boolean) {
    if (dialect === 'sqlite') {
      directConnectionOf(database.handle.db)
        ?.prepare(`PRAGMA query_only = ${refuse ? 'ON' : 'OFF'}`)
        .run();
      return;
    }
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const name = new URL(database.url).pathname.slice(1);
      // This session opened read-only too when undoing.
      await admin.query('SET default_transaction_read_only = off');
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = ${refuse ? 'on' : 'off'}`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
  }

  it('answers 503 storage_unavailable with Retry-After, one log line, /healthz says so; writes again once allowed', async () => {
    const stay = await newStay(app, database.handle, 2);
    const action = await actionOfType(app, stay, 'YESNO');
    logged.length = 0;
    await refuseWrites(true);
    let refusals = 0;
    for (let i = 0; i < 10; i += 1) {
      const response = await submit(app, stay, action.actId, 'yesno', { response: true });
      // A session cut by the setup may answer one 503 database_unavailable first (PostgreSQL).
      if (response.json().error === 'database_unavailable') continue;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual(STORAGE_REFUSAL);
      expect(response.headers['retry-after']).toBe('30');
      refusals += 1;
    }
    expect(refusals).toBeGreaterThanOrEqual(5);
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', reason: 'storage_read_only', db: 'ok', storage: 'read_only' });
    const faultLines = logged.filter((line) => line.includes('writes answer 503 storage_unavailable'));
    expect(faultLines).toHaveLength(1);
    expect(logged.filter((line) => line.includes('"level":50'))).toEqual([]);

    await refuseWrites(false);
    let written = await submit(app, stay, action.actId, 'yesno', { response: true });
    if (written.json().error === 'database_unavailable')
      written = await submit(app, stay, action.actId, 'yesno', { response: true });
    expect(written.statusCode, written.body).toBe(200);
    expect(await ledgerSum(database.handle, stay.id)).toBe(action.actReward);
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('storage faults by code', () => {
  it('reads SQLite result codes and PostgreSQL SQLSTATEs', () => {
    expect(storageFaultOf({ code: 'SQLITE_FULL' })).toBe('full');
    expect(storageFaultOf({ code: 'SQLITE_READONLY' })).toBe('read_only');
    expect(storageFaultOf({ code: 'SQLITE_READONLY_DBMOVED' })).toBe('read_only');
    expect(storageFaultOf({ code: '53100' })).toBe('full');
    expect(storageFaultOf({ code: '25006' })).toBe('read_only');
    expect(storageFaultOf({ code: 'SQLITE_BUSY' })).toBeNull();
    expect(storageFaultOf({ code: '23505' })).toBeNull();
    expect(storageFaultOf(new Error('no code'))).toBeNull();
  });
});

describe('the fault log and the storage state /healthz reads', () => {
  function recorder() {
    const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    const record = (level: string) => (fields: object, message: string) => {
      lines.push({ level, fields: { ...fields }, message });
    };
    const log: FaultLog = { warn: record('warn'), info: record('info') };
    return { lines, log };
  }
  const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

  it('logs a fault once a minute with the count of refusals, and forgets a storage fault a write or a minute clears', () => {
    const { lines, log } = recorder();
    let clock = 0;
    const faults = createDatabaseFaults(log, () => clock);
    for (let i = 0; i < 5; i += 1) faults.refused('full', full);
    faults.refused('unavailable', new Error('Connection terminated unexpectedly'));
    expect(lines.map((line) => [line.message, line.fields.refusals])).toEqual([
      ['database storage full: writes answer 503 storage_unavailable', 1],
      ['database unavailable: calls answer 503 database_unavailable', 1],
    ]);
    expect(lines[0]?.fields.reason).toBe('SQLITE_FULL: database or disk is full');
    expect(faults.storageFault()).toBe('full');

    clock = FAULT_INTERVAL_MS;
    faults.refused('full', full);
    expect(lines.at(-1)?.fields.refusals).toBe(5);
    clock += FAULT_INTERVAL_MS - 1;
    expect(faults.storageFault()).toBe('full');
    clock += 1;
    expect(faults.storageFault()).toBeNull();

    faults.refused('read_only', Object.assign(new Error('read-only'), { code: '25006' }));
    expect(faults.storageFault()).toBe('read_only');
    faults.wrote();
    expect(faults.storageFault()).toBeNull();
    expect(lines.at(-1)).toMatchObject({ level: 'info', message: 'database storage takes writes again' });
    // After a recovery, the next fault is logged at once.
    faults.refused('read_only', Object.assign(new Error('read-only'), { code: '25006' }));
    expect(lines.at(-1)?.message).toBe('database read-only: writes answer 503 storage_unavailable');
  });
});

describe('a start that cannot open or write its database (`npm start`, server/main.ts)', () => {
  const mounts: Array<() => void> = [];
  afterEach(() => {
    for (const unmount of mounts.splice(0)) unmount();
  });

  function startMain(databaseUrl: string) {
    const run = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: run.status, stderr: run.stderr.split('\n').filter(Boolean) };
  }

  it('a path that cannot be created: exit 1, one line', () => {
    const run = startMain('sqlite:/etc/hostname/greenmiles.db');
    expect(run.status).toBe(1);
    expect(run.stderr).toEqual([
      expect.stringMatching(
        /^GreenMiles cannot start: the database sqlite:\/etc\/hostname\/greenmiles\.db cannot be opened \(/,
      ),
    ]);
  });

  it('PostgreSQL that cannot be reached: exit 1, one line', () => {
    const run = startMain('postgres://postgres@127.0.0.1:1/greenmiles');
    expect(run.status).toBe(1);
    expect(run.stderr).toEqual([
      'GreenMiles cannot start: the database postgres://127.0.0.1:1/greenmiles cannot be reached (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)',
    ]);
  });

  it.skipIf(!CAN_MOUNT)('a read-only file system: exit 1, one line', () => {
    const volume = mountTmpfs('4m');
    if (volume === null) throw new Error('the tmpfs could not be mounted');
    mounts.push(volume.unmount);
    const file = join(volume.dir, 'greenmiles.db');
    new SqliteDatabase(file).close();
    execFileSync('mount', ['-o', 'remount,ro', volume.dir]);
    const run = startMain(`sqlite:${file}`);
    expect(run.status).toBe(1);
    expect(run.stderr).toEqual([expect.stringMatching(/cannot be opened \(SQLITE_(CANTOPEN|READONLY): /)]);
  });

  it.skipIf(!CAN_MOUNT)('a file system too full to migrate: exit 1, one line', () => {
    const volume = mountTmpfs('256k');
    if (volume === null) throw new Error('the tmpfs could not be mounted');
    mounts.push(volume.unmount);
    const file = join(volume.dir, 'greenmiles.db');
    const run = startMain(`sqlite:${file}`);
    expect(run.status).toBe(1);
    expect(run.stderr).toEqual([
      `GreenMiles cannot start: the database sqlite:${file} cannot be written (SQLITE_FULL: database or disk is full)`,
    ]);
  });
});
