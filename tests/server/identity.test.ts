/**
 * Identity hygiene (docs/server.md#identity), each written as the attack it stops: a made-up profile id, a guest's
 * ids read from the server's logs, a forged X-Forwarded-For taken as the client address, sample hotels (with their
 * published PINs) in a production database, a short or weakly hashed staff PIN.
 */
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isProfileUuid } from '../../contract/profile-id.ts';
import type { BuildAppOptions } from '../../server/app.ts';
import { readConfig, readTrustProxy } from '../../server/config.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { hashPin, verifyPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { start } from '../../server/start.ts';
import {
  appSharing,
  createTestDatabase,
  DIALECTS,
  describeEachDialect,
  type Harness,
  newHotelStay,
  SAMPLE_STAFF_PINS,
  type TestDatabase,
} from './harness.ts';

const V1_UUID = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('profile ids', () => {
  it('are version-4 UUIDs', () => {
    expect(isProfileUuid(randomUUID())).toBe(true);
    expect(isProfileUuid(randomUUID().toUpperCase())).toBe(true);
    for (const id of [V1_UUID, 'profile', '', `${randomUUID()}x`, '00000000-0000-0000-0000-000000000000'])
      expect(isProfileUuid(id), id).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; a hop count, or comma-separated proxy addresses and ranges', () => {
    expect(readTrustProxy(undefined)).toBe(false);
    expect(readTrustProxy('')).toBe(false);
    expect(readTrustProxy('0')).toBe(false);
    expect(readTrustProxy('2')).toBe(2);
    expect(readTrustProxy('10.0.0.1, 192.168.0.0/16,loopback,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.300', '10.0.0.0/33', 'proxy.local', '1.5'])
      expect(() => readTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    expect(readConfig({}).trustProxy).toBe(false);
  });
});

describe('sample hotels', () => {
  it('are seeded outside production, in production only with SEED_SAMPLES=1', () => {
    expect(readConfig({}).seedSamples).toBe(true);
    expect(readConfig({ SEED_SAMPLES: '0' }).seedSamples).toBe(false);
    expect(readConfig({ NODE_ENV: 'production' }).seedSamples).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED_SAMPLES: '1' }).seedSamples).toBe(true);
  });
});

describe('staff PINs', () => {
  const hotelFile = (isDemo: boolean, pin: string) =>
    `hotel: { id: 80, name: Pin Inn, isDemo: ${isDemo}, timeZone: Europe/Paris, staffPin: "${pin}" }
languages:
  - { code: en, name: English, enabled: true, isPrimary: true, position: 1 }
`;
  it('of a real hotel have at least 6 digits, or are a passphrase of 6 characters with a letter; a demo hotel may keep a short one', () => {
    for (const pin of ['1234', '12345', '1234a', '------', '12 345'])
      expect(() => parseContent(hotelFile(false, pin), 'pin.yaml'), pin).toThrow(/staffPin.*at least 6 digits/);
    for (const pin of ['482913', '12345a', 'tilleul', 'vert été'])
      expect(parseContent(hotelFile(false, pin), 'pin.yaml').hotel.staffPin, pin).toBe(pin);
    expect(parseContent(hotelFile(true, '2468'), 'pin.yaml').hotel.staffPin).toBe('2468');
  });

  it('are hashed with Argon2id (OWASP parameters); hashes of the former scrypt scheme still verify', async () => {
    const hash = await hashPin('482913');
    expect(hash).toMatch(/^argon2id\$m=19456,t=2,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('482913');
    expect(await verifyPin('482913', hash)).toBe(true);
    expect(await verifyPin('482914', hash)).toBe(false);
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('7319', salt, 32).toString('base64')}`;
    expect(await verifyPin('7319', legacy)).toBe(true);
    expect(await verifyPin('7318', legacy)).toBe(false);
    for (const broken of ['', 'argon2id$m=1$x$y', 'md5$a$b', 'scrypt$$'])
      expect(await verifyPin('7319', broken), broken).toBe(false);
  });
});

/** Collects the JSON lines the app's logger writes. */
function logCapture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describeEachDialect('identity hygiene', (get) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function appWith(options: Partial<BuildAppOptions>) {
    const app = await appSharing(get(), options);
    apps.push(app);
    return app;
  }

  it('a made-up profile id is refused (400); without one the server issues a version-4 UUID', async () => {
    const { app } = get();
    for (const profileUUID of ['profile', V1_UUID, 'a'.repeat(36)]) {
      const response = await app.inject({ method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID } });
      expect(response.statusCode, profileUUID).toBe(400);
      expect(response.json().error).toBe('bad_request');
    }
    const issued = await newHotelStay(app);
    expect(isProfileUuid(issued.profileUUID)).toBe(true);
    const chosen = randomUUID();
    expect((await newHotelStay(app, 1, chosen)).profileUUID).toBe(chosen);
    const read = await app.inject({ url: `/api/stays/${issued.sUUID}?uuid=${V1_UUID}` });
    expect(read.statusCode).toBe(400);
  });

  it("a guest's uuid and sUUID never reach the request log, in the query string or in the path", async () => {
    const h = get();
    const capture = logCapture();
    // Debug: every request's lines (at info only failed requests are logged, see the next test).
    const app = await appWith({ logger: { level: 'debug', stream: capture.stream } });
    const { sUUID, profileUUID } = await newHotelStay(h.app);
    const calls = [
      `/api/stays/${sUUID}?uuid=${profileUUID}`,
      `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`,
      `/api/rewards/1/code?sUUID=${sUUID}&uuid=${profileUUID}`,
      `/api/stays/${sUUID}/no-such-call`,
      `/stay/${sUUID}`,
    ];
    for (const url of calls) await app.inject({ url });
    await app.inject({
      method: 'PUT',
      url: `/api/stays/${sUUID}/endDate`,
      payload: { uuid: profileUUID, endDate: 'not-a-date' },
    });
    const log = capture.lines.join('');
    expect(capture.lines.filter((line) => line.includes('"incoming request"')).length).toBe(calls.length + 1);
    expect(log).not.toContain(sUUID);
    expect(log).not.toContain(profileUUID);
    const urls = capture.lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((e) => e.req?.url ?? []);
    expect(urls).toContain('/api/stays/[redacted]?[redacted]');
    expect(urls).toContain('/api/rewards/1/code?[redacted]');
    expect(urls).toContain('/stay/[redacted]');
  });

  it('at info, a request that succeeds writes no line; a failed one writes one, with its redacted URL', async () => {
    const h = get();
    const capture = logCapture();
    const app = await appWith({ logger: { level: 'info', stream: capture.stream } });
    const { sUUID, profileUUID } = await newHotelStay(h.app);
    expect((await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}` })).statusCode).toBe(200);
    expect(capture.lines).toEqual([]);
    expect((await app.inject({ url: `/api/stays/${sUUID}/no-such-call` })).statusCode).toBe(404);
    const lines = capture.lines.map(
      (line) => JSON.parse(line) as { level: number; req?: { url: string }; res?: object },
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { url: '/api/stays/[redacted]/[redacted]' },
      res: { statusCode: 404 },
    });
  });

  it('the forged header: X-Forwarded-For is not the client address unless TRUST_PROXY says which proxies to believe', async () => {
    const h = get();
    const wrongPin = async (app: FastifyInstance, remoteAddress: string) => {
      await h.handle.db.deleteFrom('cap_counters').where('cap', 'like', 'staff-pin%').execute();
      const response = await app.inject({
        method: 'POST',
        url: '/api/staff/sessions',
        payload: { hId: 2, pin: '0000' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
        remoteAddress,
      });
      expect(response.statusCode).toBe(403);
      const counted = await h.handle.db
        .selectFrom('cap_counters')
        .select('subject')
        .where('cap', '=', 'staff-pin-attempts')
        .executeTakeFirstOrThrow();
      return counted.subject;
    };
    expect(await wrongPin(h.app, '10.1.2.3')).toBe('address:10.1.2.3');
    expect(await wrongPin(await appWith({ trustProxy: 1 }), '10.1.2.3')).toBe('address:203.0.113.7');
    const behindKnownProxy = await appWith({ trustProxy: ['10.1.2.3'] });
    expect(await wrongPin(behindKnownProxy, '10.1.2.3')).toBe('address:203.0.113.7');
    expect(await wrongPin(behindKnownProxy, '10.9.9.9')).toBe('address:10.9.9.9');
    await h.handle.db.deleteFrom('cap_counters').where('cap', 'like', 'staff-pin%').execute();
  });

  it('a staff PIN stored with the former scheme still opens a session, which stores it anew with Argon2id', async () => {
    const h: Harness = get();
    const salt = randomBytes(16);
    const pin = SAMPLE_STAFF_PINS[2] ?? '';
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync(pin, salt, 32).toString('base64')}`;
    await h.handle.db.updateTable('staff_accounts').set({ pin_hash: legacy }).where('hotel_id', '=', 2).execute();
    const opened = await h.app.inject({ method: 'POST', url: '/api/staff/sessions', payload: { hId: 2, pin } });
    expect(opened.statusCode, opened.body).toBe(201);
    const rehashed = await h.handle.db
      .selectFrom('staff_accounts')
      .select('pin_hash')
      .where('hotel_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(rehashed.pin_hash).toMatch(/^argon2id\$/);
    const again = await h.app.inject({ method: 'POST', url: '/api/staff/sessions', payload: { hId: 2, pin } });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe.each(DIALECTS)('a production start [%s]', (dialect) => {
  let database: TestDatabase | undefined;
  let server: FastifyInstance | undefined;
  const distDir = join(mkdtempSync(join(tmpdir(), 'greenmiles-prod-')), 'dist');
  afterEach(async () => {
    await server?.close();
    await database?.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  async function startWith(env: Record<string, string>, prepare?: (db: TestDatabase) => Promise<void>) {
    database = await createTestDatabase(dialect);
    await prepare?.(database);
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<meta name="greenmiles-front-token" content="">');
    const printed: string[] = [];
    server = await start({
      config: readConfig({ PORT: '0', HOST: '127.0.0.1', FRONT_TOKEN: 'token', ...env }),
      database: database.handle,
      distDir,
      buildSpa: () => true,
      print: (text) => printed.push(text),
      logger: false,
    });
    const hotels = await database.handle.db.selectFrom('hotels').select('id').execute();
    return { hotels: hotels.map((h) => h.id), printed: printed.join('\n') };
  }

  it('imports no sample hotel (their PINs are published) and prints no sample URL', async () => {
    const { hotels, printed } = await startWith({ NODE_ENV: 'production' });
    expect(hotels).toEqual([]);
    expect(printed).toContain('GreenMiles is running at');
    expect(printed).not.toContain('/tilleuls-101');
  });

  it("prints no sample URL: not the sample code of no hotel, not a hotel of the operator's that took a sample's id", async () => {
    const { printed } = await startWith({ NODE_ENV: 'production' }, async ({ handle }) => {
      const sample = readFileSync(SAMPLE_HOTEL_FILES[0] ?? '', 'utf8');
      const own = sample
        .replace('name: Hôtel Les Tilleuls', 'name: Hôtel du Port')
        .replace(/, qrId: [\w-]+/g, '')
        .replace(/^unassignedQrIds:.*$/m, '');
      await importContent(handle.db, parseContent(own));
    });
    const urls = printed.match(/https?:\/\/\S+/g) ?? [];
    expect(urls, printed).toHaveLength(1);
    expect(printed).toContain(`GreenMiles is running at ${urls[0]}`);
  });

  it('imports them with SEED_SAMPLES=1', async () => {
    const { hotels } = await startWith({ NODE_ENV: 'production', SEED_SAMPLES: '1' });
    expect(hotels.sort()).toEqual([1, 2]);
  });
});
