/**
 * `Cache-Control` of the API (docs/server.md#cache-control): answers carry stay ids, reward codes and balances, so no
 * cache may keep one — `no-store` on every /api answer, errors included — except the two lists that revalidate with
 * their ETag (`private, no-cache`). On SQLite only: the header does not depend on the database.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CACHE_CONTROL, BODY_LIMIT, buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type ApiRoute, listApiRoutes } from '../support/api-routes.ts';
import { createTestDatabase, newHotelStay, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

const REVALIDATED = 'private, no-cache';
const ETAG_LISTS = ['/api/stays/:sUUID/actions', '/api/stays/:sUUID/rewards'];

describe('Cache-Control of the API', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let routes: ApiRoute[];
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSampleHotels(database.handle.db);
    app = await buildApp({ db: database.handle.db, kind: database.handle.kind, frontToken: TEST_FRONT_TOKEN });
    routes = await listApiRoutes();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers of every kind say no-store: success, creation, refusals, errors before and after routing', async () => {
    const { sUUID, profileUUID } = await newHotelStay(app);
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, number, InjectOptions]> = [
      ['a stay read', 200, { url: `/api/stays/${sUUID}?uuid=${profileUUID}` }],
      ['a stay creation', 200, { method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID } }],
      ['a reward code', 404, { url: `/api/rewards/1/code?sUUID=${sUUID}&uuid=${profileUUID}` }],
      ['a room QR', 200, { url: '/api/rooms/tilleuls-101/info' }],
      ['a validation error', 400, { url: `/api/stays/${sUUID}?uuid=nope` }],
      ['another profile', 404, { url: `/api/stays/${sUUID}?uuid=${crypto.randomUUID()}` }],
      [
        'a claim without enough points',
        409,
        { method: 'POST', url: '/api/rewards/1/claim', payload: { sUUID, uuid: profileUUID } },
      ],
      [
        'no front token',
        401,
        { method: 'POST', url: `/api/demo/stays/${sUUID}/reset`, payload: { uuid: profileUUID } },
      ],
      ['no staff session', 401, { url: '/api/staff/hotels/1/housekeeping' }],
      ['an unknown call', 404, { url: '/api/no-such-call' }],
      ['the API root', 404, { url: '/api' }],
      ['a malformed URL', 400, { url: '/api/stays/%E0%A4%A' }],
      [
        'a body too deep',
        400,
        { method: 'POST', url: '/api/stays/hotel/1/new', payload: '['.repeat(40), headers: json },
      ],
      [
        'a body too large',
        413,
        { method: 'POST', url: '/api/stays/hotel/1/new', payload: `"${'x'.repeat(BODY_LIMIT)}"`, headers: json },
      ],
      [
        'a body not JSON',
        415,
        { method: 'POST', url: '/api/stays/hotel/1/new', payload: 'x', headers: { 'content-type': 'text/plain' } },
      ],
      ['an answer list that failed', 400, { url: `/api/stays/${sUUID}/actions?lang=fr&uuid=nope` }],
    ];
    for (const [name, status, request] of cases) {
      const response = await app.inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['cache-control'], name).toBe(API_CACHE_CONTROL);
    }
  });

  it('the actions and rewards lists revalidate with their ETag: private, no-cache on 200 and 304', async () => {
    const { sUUID, profileUUID } = await newHotelStay(app);
    for (const list of ['actions', 'rewards']) {
      const url = `/api/stays/${sUUID}/${list}?lang=fr&uuid=${profileUUID}`;
      const first = await app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(REVALIDATED);
      const again = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe(REVALIDATED);
    }
  });

  it('every /api route, called without what it needs, says no-store; pages and /healthz are left to their own rules', async () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} };
      const response = await app.inject({ method: route.method as InjectOptions['method'], url, ...body });
      const expected = ETAG_LISTS.includes(route.url) && response.statusCode === 200 ? REVALIDATED : API_CACHE_CONTROL;
      expect(response.headers['cache-control'], `${route.method} ${route.url} → ${response.statusCode}`).toBe(expected);
    }
    expect((await app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });
});
