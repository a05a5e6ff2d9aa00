/**
 * Roles on every staff call (docs/behaviour.md#staff-accounts), on both databases: a table of every staff route and
 * the permission it needs; each is refused 403 staff_role_forbidden to a role without it and 403
 * staff_session_wrong_hotel to another hotel's session that has it, and answered to a role that has it. And the upgrade
 * from a shared PIN: a database at 0018 with a hotel and an open session, migrated forward.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { roleMay, STAFF_ROLES, type StaffPermission, type StaffRole } from '../../contract/staff-roles.ts';
import { buildApp } from '../../server/app.ts';
import { hashPin } from '../../server/content/pin.ts';
import { migrateToLatest, migrationsFor } from '../../server/db/migrations.ts';
import { listApiRoutes } from '../support/api-routes.ts';
import {
  createTestDatabase,
  DIALECTS,
  describeEachDialect,
  type Harness,
  newHotelStay,
  SAMPLE_STAFF,
  staffHeaders,
  TEST_FRONT_TOKEN,
  type TestDatabase,
} from './harness.ts';

type App = Harness['app'];
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}
interface StaffRoute {
  /** The route as Fastify names it. */
  route: string;
  permission: StaffPermission;
  /** A valid call on hotel 1 (made afresh for each use: a stay to end, an account to change). */
  call: (context: { app: App; spareAccountId: number }) => Promise<Call>;
  /** Whether the route names a hotel (its path, or the stay it acts on): another hotel's session is refused. */
  ofHotel: boolean;
}

const STAFF_ROUTES: StaffRoute[] = [
  {
    route: 'POST /api/staff/codes/verify',
    permission: 'codes',
    ofHotel: false,
    call: async () => ({ method: 'POST', url: '/api/staff/codes/verify', payload: { code: 'NOPE1234' } }),
  },
  {
    route: 'POST /api/staff/codes/redeem',
    permission: 'codes',
    ofHotel: false,
    call: async () => ({ method: 'POST', url: '/api/staff/codes/redeem', payload: { code: 'NOPE1234' } }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/redemptions',
    permission: 'codes',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/redemptions' }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/housekeeping',
    permission: 'housekeeping',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/housekeeping' }),
  },
  {
    route: 'PUT /api/staff/hotels/:hId/housekeeping/:date/rooms/:roomNumber/check',
    permission: 'housekeeping',
    ofHotel: true,
    call: async () => ({
      method: 'PUT',
      // Today (UTC): a day housekeeping may still report on, whatever the hotel's zone.
      url: `/api/staff/hotels/1/housekeeping/${new Date().toISOString().slice(0, 10)}/rooms/101/check`,
      payload: { outcome: 'honoured' },
    }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/rooms/:number/qr-rotation',
    permission: 'qrCodes',
    ofHotel: true,
    call: async () => ({ method: 'POST', url: '/api/staff/hotels/1/rooms/101/qr-rotation' }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/qr-key-rotation',
    permission: 'qrCodes',
    ofHotel: true,
    call: async () => ({ method: 'POST', url: '/api/staff/hotels/1/qr-key-rotation' }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/actions/:action/proof-rotation',
    permission: 'qrCodes',
    ofHotel: true,
    call: async () => ({ method: 'POST', url: '/api/staff/hotels/1/actions/garden-visit/proof-rotation' }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/qr-sheet.pdf',
    permission: 'qrCodes',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/qr-sheet.pdf?room=101' }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/summary',
    permission: 'impact',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/summary?from=2026-01-01&to=2026-01-31' }),
  },
  ...['certification.csv', 'certification.pdf'].map(
    (file): StaffRoute => ({
      route: `GET /api/staff/hotels/:hId/${file}`,
      permission: 'impact',
      ofHotel: true,
      call: async () => ({ method: 'GET', url: `/api/staff/hotels/1/${file}?from=2026-01-01&to=2026-01-31` }),
    }),
  ),
  {
    route: 'GET /api/staff/hotels/:hId/accounts',
    permission: 'accounts',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/accounts' }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/accounts',
    permission: 'accounts',
    ofHotel: true,
    call: async () => ({
      method: 'POST',
      url: '/api/staff/hotels/1/accounts',
      payload: { name: `Table ${Math.random()}`, role: 'housekeeping' },
    }),
  },
  {
    route: 'PATCH /api/staff/hotels/:hId/accounts/:accountId',
    permission: 'accounts',
    ofHotel: true,
    call: async ({ spareAccountId }) => ({
      method: 'PATCH',
      url: `/api/staff/hotels/1/accounts/${spareAccountId}`,
      payload: { enabled: true },
    }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/accounts/:accountId/pin-reset',
    permission: 'accounts',
    ofHotel: true,
    call: async ({ spareAccountId }) => ({
      method: 'POST',
      url: `/api/staff/hotels/1/accounts/${spareAccountId}/pin-reset`,
    }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/audit',
    permission: 'audit',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/audit' }),
  },
  {
    route: 'GET /api/staff/hotels/:hId/audit.csv',
    permission: 'audit',
    ofHotel: true,
    call: async () => ({ method: 'GET', url: '/api/staff/hotels/1/audit.csv' }),
  },
  ...(
    [
      ['GET', '/content', undefined],
      ['PUT', '/content', { baseVersion: 'v', document: {} }],
      ['POST', '/content/check', { document: {} }],
      ['GET', '/content/versions', undefined],
      ['GET', '/content/versions/:number', undefined],
      ['POST', '/content/versions/:number/restore', { baseVersion: 'v' }],
      ['GET', '/content.yaml', undefined],
    ] as const
  ).map(
    ([method, path, payload]): StaffRoute => ({
      route: `${method} /api/staff/hotels/:hId${path}`,
      permission: 'content',
      ofHotel: true,
      call: async () => ({ method, url: `/api/staff/hotels/1${path.replace(':number', '1')}`, payload }),
    }),
  ),
  {
    route: 'PUT /api/staff/hotels/:hId/content.yaml',
    permission: 'content',
    ofHotel: true,
    call: async () => ({
      method: 'PUT',
      url: '/api/staff/hotels/1/content.yaml?baseVersion=v',
      payload: 'hotel: {}',
      headers: { 'content-type': 'application/yaml' },
    }),
  },
  {
    route: 'POST /api/staff/hotels/:hId/pictures',
    permission: 'content',
    ofHotel: true,
    call: async () => ({
      method: 'POST',
      url: '/api/staff/hotels/1/pictures',
      payload: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7d44' } })
        .png()
        .toBuffer(),
      headers: { 'content-type': 'image/png' },
    }),
  },
  {
    route: 'PUT /api/stays/:sUUID/terminate',
    permission: 'stayReset',
    ofHotel: true,
    call: async ({ app }) => {
      const stay = await newHotelStay(app, 1);
      return { method: 'PUT', url: `/api/stays/${stay.sUUID}/terminate`, payload: { uuid: stay.profileUUID } };
    },
  },
];

/** Staff calls any signed-in account may make: about the session itself. */
const ANY_ACCOUNT = [
  'GET /api/staff/sessions/current',
  'DELETE /api/staff/sessions/current',
  'DELETE /api/staff/sessions/mine',
];

it('the table lists every staff call but sign-in and the session’s own', async () => {
  const routes = (await listApiRoutes()).map((route) => `${route.method} ${route.url}`);
  const staffCalls = routes.filter(
    (call) =>
      (call.includes(' /api/staff/') || call.endsWith('/terminate')) &&
      call !== 'POST /api/staff/sessions' &&
      !ANY_ACCOUNT.includes(call),
  );
  expect(STAFF_ROUTES.map((row) => row.route).sort()).toEqual(staffCalls.sort());
});

describeEachDialect('each staff call refused to a role without its permission and to another hotel', (get) => {
  it.each(STAFF_ROUTES.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const h = get();
    const headersOf = new Map<StaffRole, Record<string, string>>();
    for (const { name, role, pin } of SAMPLE_STAFF[1] ?? []) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/staff/sessions',
        payload: { hId: 1, name, pin },
      });
      expect(response.statusCode, response.body).toBe(201);
      headersOf.set(role, { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${response.json().token}` });
    }
    expect([...headersOf.keys()].sort()).toEqual([...STAFF_ROLES].sort());
    const manager = headersOf.get('manager') ?? {};
    const spare = await h.app.inject({
      method: 'POST',
      url: '/api/staff/hotels/1/accounts',
      headers: manager,
      payload: { name: `Spare ${Math.random()}`, role: 'housekeeping' },
    });
    const context = { app: h.app, spareAccountId: spare.json().account.id as number };
    const send = async (headers: Record<string, string>) => {
      const call = await row.call(context);
      return h.app.inject({ ...call, headers: { ...call.headers, ...headers } });
    };
    for (const role of STAFF_ROLES) {
      const answer = await send(headersOf.get(role) ?? {});
      if (roleMay(role, row.permission)) {
        // A granted call answers (the CSV file and the PDF are no JSON), finds nothing to act on, or reaches the rules of its body
        // (a content document the validator refuses, a content version another save replaced).
        expect([200, 201, 404, 409, 422], `${role}: ${answer.body}`).toContain(answer.statusCode);
      } else {
        expect(answer.statusCode, role).toBe(403);
        expect(answer.json().error, role).toBe('staff_role_forbidden');
      }
    }
    if (row.ofHotel) {
      // The demo hotel's manager may do everything, at the demo hotel only.
      const otherHotel = await send(await staffHeaders(h.app, 2));
      expect(otherHotel.statusCode).toBe(403);
      expect(otherHotel.json().error).toBe('staff_session_wrong_hotel');
    }
  });
});

/** The level before staff accounts: one staff PIN per hotel (hotels.staff_pin_hash), sessions of the hotel. */
const SHARED_PIN_LEVEL = '0018_staff_pin_attempts';

describe.each(DIALECTS)('upgrading a database with a shared staff PIN [%s]', (dialect) => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it(`migrates a hotel at ${SHARED_PIN_LEVEL}: its PIN signs in as the manager 'Manager'; the open session ends`, async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const { db, kind } = database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
    expect((await migrator.migrateTo(SHARED_PIN_LEVEL)).error).toBeUndefined();
    // Rows as that version wrote them, written out: later code must not shape them.
    const now = new Date().toISOString();
    const pinHash = await hashPin('640271');
    await sql`INSERT INTO hotels (id, name, green_miles_name, time_zone, staff_pin_hash, content_version, updated_at)
      VALUES (9, 'Hôtel Partagé', 'GreenMiles', 'Europe/Paris', ${pinHash}, 'v1', ${now})`.execute(db);
    const expires = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    await sql`INSERT INTO staff_sessions (token_hash, hotel_id, created_at, expires_at)
      VALUES (${'a'.repeat(64)}, 9, ${now}, ${expires})`.execute(db);

    await migrateToLatest(db, kind);
    const accounts = await db
      .selectFrom('staff_accounts')
      .select(['name', 'name_key', 'role', 'enabled', 'pin_hash'])
      .where('hotel_id', '=', 9)
      .execute();
    expect(accounts).toEqual([
      { name: 'Manager', name_key: 'manager', role: 'manager', enabled: 1, pin_hash: pinHash },
    ]);
    expect(await db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);

    const app = await buildApp({ db, kind, frontToken: TEST_FRONT_TOKEN });
    try {
      for (const payload of [
        { hId: 9, pin: '640271' },
        { hId: 9, pin: '640271', name: 'MANAGER' },
      ]) {
        const session = await app.inject({ method: 'POST', url: '/api/staff/sessions', payload });
        expect(session.statusCode, session.body).toBe(201);
        expect(session.json().account).toMatchObject({ name: 'Manager', role: 'manager' });
      }
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/staff/sessions',
        payload: { hId: 9, pin: '640272' },
      });
      expect(wrong.json().error).toBe('staff_pin_invalid');
    } finally {
      await app.close();
    }
  });
});
