/**
 * The health probes (server/probes.ts, docs/operations.md#health-probes) and the request id (server/request-log.ts,
 * docs/operations.md#logs). The shutdown itself runs on a real process: tests/server/shutdown.test.ts.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { createDrain, DEFAULT_DRAIN_MS } from '../../server/shutdown.ts';
import { createTestDatabase, describeEachDialect, TEST_FRONT_TOKEN } from './harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDialect('the probes', (get, dialect) => {
  it('/livez, /readyz and /healthz answer 200 while the database takes writes', async () => {
    const { app } = get();
    expect((await app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    for (const url of ['/readyz', '/healthz']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ status: 'ok', db: 'ok' });
    }
  });

  it('once draining, readiness answers 503 draining and liveness still 200', async () => {
    const drain = createDrain();
    const { handle } = get();
    const app = await buildApp({ db: handle.db, kind: handle.kind, frontToken: TEST_FRONT_TOKEN, drain });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      drain.begin();
      for (const url of ['/readyz', '/healthz']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json(), url).toEqual({ status: 'error', reason: 'draining' });
      }
      expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
      // Every answer of the drain closes its connection.
      expect((await app.inject({ url: '/livez' })).headers.connection).toBe('close');
    } finally {
      await app.close();
    }
  });

  if (dialect === 'postgres')
    it('readiness answers 503 storage_read_only on a database that says it takes no writes (a standby), before any write', async () => {
      const database = await createTestDatabase('postgres');
      const name = database.url.split('/').pop() ?? '';
      await sql`alter database ${sql.id(name)} set default_transaction_read_only = on`.execute(database.handle.db);
      const readOnly = openDatabase(database.url);
      const app = await buildApp({ db: readOnly.db, kind: readOnly.kind, frontToken: TEST_FRONT_TOKEN });
      try {
        const response = await app.inject({ url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'error',
          reason: 'storage_read_only',
          db: 'ok',
          storage: 'read_only',
        });
      } finally {
        await app.close();
        await readOnly.close();
        await database.drop();
      }
    });
});

describe('the probes while the database is down', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('liveness answers 200, readiness 503 database_unreachable', async () => {
    const down = openDatabase('postgres://postgres@127.0.0.1:1/greenmiles');
    const app = await buildApp({ db: down.db, kind: down.kind, frontToken: TEST_FRONT_TOKEN, logger: false });
    closers.push(
      () => app.close(),
      () => down.close(),
    );
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'error', reason: 'database_unreachable', db: 'unreachable' });
  });
});

describe('the request id', () => {
  it('is on every answer and every log line of its request: a sane incoming one kept, else a new UUID', async () => {
    const database = await createTestDatabase('sqlite');
    const lines: Array<{ reqId?: string; msg: string }> = [];
    const app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      const cases: Array<{ sent?: string; kept: boolean; url: string }> = [
        { sent: 'f3c1e2a0-5b7d-4c8e-9a1f-2b3c4d5e6f70', kept: true, url: '/livez' },
        { sent: 'Root=1-67891233-abcdef012345678912345678', kept: true, url: '/api/rooms/nope/info' },
        { sent: 'a'.repeat(129), kept: false, url: '/livez' },
        { sent: 'two words', kept: false, url: '/api/unknown' },
        { sent: '{"msg":"forged"}', kept: false, url: '/livez' },
        { kept: false, url: '/%zz' },
        { kept: false, url: '/api/stays/not-a-uuid' },
      ];
      for (const { sent, kept, url } of cases) {
        lines.length = 0;
        const response = await app.inject({ url, headers: sent === undefined ? {} : { 'x-request-id': sent } });
        const id = response.headers['x-request-id'];
        if (kept) expect(id, url).toBe(sent);
        else expect(id, `${url} ${sent}`).toMatch(UUID);
        const ofRequest = lines.filter((line) => line.msg !== undefined && line.reqId !== undefined);
        // Fastify's debug lines (the incoming request, unless the router refused the URL; its completion).
        expect(ofRequest.length, url).toBeGreaterThanOrEqual(1);
        expect(ofRequest.map((line) => line.reqId)).toEqual(ofRequest.map(() => id));
        expect(lines.filter((line) => line.reqId === undefined)).toEqual([]);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is a whole number of milliseconds, 10 s when unset', () => {
    expect(readConfig({}).shutdownDrainMs).toBe(DEFAULT_DRAIN_MS);
    expect(DEFAULT_DRAIN_MS).toBe(10_000);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: '25000' }).shutdownDrainMs).toBe(25_000);
    for (const value of ['-1', '1.5', '10s'])
      expect(() => readConfig({ SHUTDOWN_DRAIN_MS: value }), value).toThrow(/SHUTDOWN_DRAIN_MS must be/);
  });
});
