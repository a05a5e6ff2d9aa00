/**
 * Shared setup of the server tests: a fresh, migrated and seeded database per suite — a temp SQLite
 * file, or a uniquely named database on the private PostgreSQL cluster — and the app built on it.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { StaffRole } from '../../contract/staff-roles.ts';
import { type BuildAppOptions, buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrations.ts';
import { createStore } from '../../server/db/store.ts';
import { appendEntry } from '../../server/domain/ledger.ts';

export const DIALECTS = ['sqlite', 'postgres'] as const;
export type DialectName = (typeof DIALECTS)[number];
export const TEST_FRONT_TOKEN = 'test-front-token';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Its DATABASE_URL, for a server process of its own. */
  url: string;
  drop: () => Promise<void>;
}

/** An empty database of the given dialect, private to the caller: migrated unless `migrate` is false. */
export async function createTestDatabase(dialect: DialectName, { migrate = true } = {}): Promise<TestDatabase> {
  const name = `gm_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `${name}.db`);
    const handle = openDatabase(`sqlite:${file}`);
    if (migrate) await migrateToLatest(handle.db, handle.kind);
    return {
      handle,
      url: `sqlite:${file}`,
      drop: async () => {
        await handle.close();
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // DROP DATABASE … WITH (FORCE) may still find a pool client that is closing: 57P01 is expected then.
  const handle = openDatabase(url.toString(), (error) => {
    if ((error as { code?: string }).code !== '57P01') console.error('PostgreSQL pool error', error);
  });
  if (migrate) await migrateToLatest(handle.db, handle.kind);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface Harness {
  dialect: DialectName;
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Set to move the server's clock; null means the real time. */
  clock: { current: Date | null };
}

/**
 * Declares one `describe` per dialect; `body` receives a getter for that suite's harness (a fresh
 * seeded database and app, built in beforeAll and closed in afterAll).
 */
export function describeEachDialect(
  title: string,
  body: (get: () => Harness, dialect: DialectName) => void,
  options: { staticDir?: () => string; seed?: boolean; rateLimits?: BuildAppOptions['rateLimits'] } = {},
): void {
  describe.each(DIALECTS)(`${title} [%s]`, (dialect) => {
    let harness: Harness | undefined;
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      if (options.seed !== false) await seedSampleHotels(database.handle.db);
      const clock: Harness['clock'] = { current: null };
      const staticDir = options.staticDir?.();
      const app = await buildApp({
        db: database.handle.db,
        kind: database.handle.kind,
        frontToken: TEST_FRONT_TOKEN,
        now: () => clock.current ?? new Date(),
        ...(staticDir ? { staticDir } : {}),
        ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
      });
      harness = { dialect, app, handle: database.handle, clock };
    });
    afterAll(async () => {
      await harness?.app.close();
      await database?.drop();
    });
    body(() => {
      if (!harness) throw new Error('harness not ready');
      return harness;
    }, dialect);
  });
}

/**
 * Another app on the harness's database and clock: a second server process as far as the database can tell (the
 * caller closes it).
 */
export function appSharing(h: Harness, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    db: h.handle.db,
    kind: h.handle.kind,
    frontToken: TEST_FRONT_TOKEN,
    now: () => h.clock.current ?? new Date(),
    ...options,
  });
}

/** Creates a stay at hotel 1 through the API and returns its ids. */
export async function newHotelStay(app: FastifyInstance, hotelId = 1, profileUUID?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/stays/hotel/${hotelId}/new`,
    payload: profileUUID ? { profileUUID } : {},
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`stay creation: ${response.body}`);
  const body = response.json() as { sUUID: string; profileUUID: string };
  return { sUUID: body.sUUID, profileUUID: body.profileUUID };
}

/** As an import does after changing a hotel's content: a new content version (the caches are keyed by it). */
export async function renewContentVersion(handle: DatabaseHandle, hotelId: number): Promise<void> {
  await handle.db.updateTable('hotels').set({ content_version: randomUUID() }).where('id', '=', hotelId).execute();
}

export async function stayIdOf(handle: DatabaseHandle, sUUID: string): Promise<number> {
  const row = await handle.db.selectFrom('stays').select('id').where('s_uuid', '=', sUUID).executeTakeFirstOrThrow();
  return row.id;
}

export async function rewardIdOf(handle: DatabaseHandle, hotelId: number, key: string): Promise<number> {
  const row = await handle.db
    .selectFrom('rewards')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

let creditCounter = 0;
/** Credits points through the ledger, in a write transaction, as an action submission would. */
export async function credit(harness: Harness, sUUID: string, amount: number): Promise<void> {
  const stayId = await stayIdOf(harness.handle, sUUID);
  creditCounter += 1;
  await createStore(harness.handle.db, harness.handle.kind).write((tx) =>
    appendEntry(
      tx.db,
      { stayId, amount, reason: 'test_credit', idempotencyKey: `test-credit:${sUUID}:${creditCounter}` },
      new Date(),
    ),
  );
}

/** A stay at the hotel with `points` credited. */
export async function stayWith(harness: Harness, points: number, hotelId = 1) {
  const stay = await newHotelStay(harness.app, hotelId);
  if (points > 0) await credit(harness, stay.sUUID, points);
  return stay;
}

/** Row counts of the tables a client can write to, to prove a refused request wrote nothing. */
export async function writableCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const tables = ['stays', 'qr_scan_days', 'ledger_entries', 'action_completions', 'reward_claims'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** The staff PINs of the sample hotels (server/content/hotels/*.yaml), by hId: a manager's, which signs in alone. */
export const SAMPLE_STAFF_PINS: Record<number, string> = { 1: '731946', 2: '2468' };
/** The named staff accounts of the sample hotels, by hId (the demo hotel has only its first manager, 'Manager'). */
export const SAMPLE_STAFF: Record<number, Array<{ name: string; role: StaffRole; pin: string }>> = {
  1: [
    { name: 'Claire', role: 'manager', pin: '731946' },
    { name: 'Hugo', role: 'frontDesk', pin: '582064' },
    { name: 'Inès', role: 'housekeeping', pin: '319775' },
  ],
  2: [{ name: 'Manager', role: 'manager', pin: '2468' }],
};

/** Opens a staff session of the hotel with its sample PIN; the headers a staff call sends (front token included). */
export async function staffHeaders(app: FastifyInstance, hotelId = 1): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/sessions',
    payload: { hId: hotelId, pin: SAMPLE_STAFF_PINS[hotelId] },
  });
  if (response.statusCode !== 201) throw new Error(`staff session: ${response.body}`);
  const { token } = response.json() as { token: string };
  return { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${token}` };
}

/** Ends the stay as the hotel's staff would (front token and a staff session). */
export async function terminateAsStaff(app: FastifyInstance, sUUID: string, profileUUID: string, hotelId = 1) {
  return app.inject({
    method: 'PUT',
    url: `/api/stays/${sUUID}/terminate`,
    payload: { uuid: profileUUID },
    headers: await staffHeaders(app, hotelId),
  });
}
