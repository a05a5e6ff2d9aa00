import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, type Harness, newHotelStay, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

/** A guarded call, and the headers it needs besides the front token (a staff session's). */
type Request = Omit<InjectOptions, 'headers'> & { otherHeaders?: Record<string, string> };

/** Sends the call with `headers` added to the ones it needs besides the front token. */
function send(h: Harness, { otherHeaders, ...request }: Request, headers: Record<string, string | undefined> = {}) {
  return h.app.inject({ ...request, headers: { ...otherHeaders, ...headers } });
}

/** The staff session of hotel 1, without the front token (each test sets that one). */
async function staffOnly(app: Harness['app']) {
  const { authorization = '' } = await staffHeaders(app);
  return { authorization };
}

/** The calls that take x-front-token, each built for a fresh stay of hotel 1. */
const GUARDED: Array<{ call: string; policy: 'required' | 'whenSent'; request: (h: Harness) => Promise<Request> }> = [
  {
    call: 'PUT /api/stays/:sUUID/terminate',
    policy: 'required',
    request: async ({ app }) => {
      const stay = await newHotelStay(app);
      return {
        method: 'PUT',
        url: `/api/stays/${stay.sUUID}/terminate`,
        payload: { uuid: stay.profileUUID },
        otherHeaders: await staffOnly(app),
      };
    },
  },
  {
    call: 'POST /api/demo/stays/:sUUID/reset',
    policy: 'required',
    request: async ({ app }) => {
      const stay = await newHotelStay(app, 2);
      return { method: 'POST', url: `/api/demo/stays/${stay.sUUID}/reset`, payload: { uuid: stay.profileUUID } };
    },
  },
  {
    call: 'GET /api/actions/:actId',
    policy: 'required',
    request: async ({ app }) => {
      const stay = await newHotelStay(app);
      const query = `lang=fr&sUUID=${stay.sUUID}&uuid=${stay.profileUUID}`;
      const actions = (await app.inject({ url: `/api/stays/${stay.sUUID}/actions?${query}` })).json();
      return { method: 'GET', url: `/api/actions/${actions[0].actId}?${query}` };
    },
  },
  {
    call: 'GET /api/green/hotels/:hId',
    policy: 'whenSent',
    request: async () => ({ method: 'GET', url: '/api/green/hotels/1' }),
  },
];

describeEachDialect('the x-front-token hook', (get) => {
  for (const { call, policy, request } of GUARDED) {
    describe(call, () => {
      it('answers with the right token', async () => {
        const h = get();
        const response = await send(h, await request(h), { 'x-front-token': TEST_FRONT_TOKEN });
        expect(response.statusCode).toBe(200);
      });

      it('refuses a wrong token: 403 front_token_invalid', async () => {
        const h = get();
        const response = await send(h, await request(h), { 'x-front-token': 'wrong' });
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('front_token_invalid');
      });

      if (policy === 'required') {
        it('refuses a missing or empty token: 401 front_token_missing', async () => {
          const h = get();
          for (const headers of [{}, { 'x-front-token': '' }]) {
            const response = await send(h, await request(h), headers);
            expect(response.statusCode).toBe(401);
            expect(response.json().error).toBe('front_token_missing');
          }
        });
      } else {
        it('answers without a token (one of its callers does not send it)', async () => {
          const h = get();
          expect((await send(h, await request(h))).statusCode).toBe(200);
        });
      }
    });
  }

  it('checks the token after validation: a malformed call without the token is 400', async () => {
    const response = await get().app.inject({ method: 'PUT', url: '/api/stays/bad%20id/terminate', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('bad_request');
  });

  it('leaves the other calls alone, even with a wrong token', async () => {
    const { app } = get();
    const stay = await newHotelStay(app);
    const headers = { 'x-front-token': 'wrong' };
    expect((await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}`, headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/rooms/tilleuls-101/info', headers })).statusCode).toBe(200);
  });
});
