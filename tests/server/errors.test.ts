import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/app.ts';
import { describeEachDialect, newHotelStay, TEST_FRONT_TOKEN, writableCounts } from './harness.ts';

describeEachDialect('bad requests', (get) => {
  const expectJsonError = (
    response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    status: number,
    code?: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toContain('application/json');
    const body = response.json() as { error: unknown; message: unknown };
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    if (code) expect(body.error).toBe(code);
  };

  it('answers bad input with 4xx JSON and writes nothing', async () => {
    const { app, handle } = get();
    const { sUUID, profileUUID } = await newHotelStay(app);
    const before = await writableCounts(handle);
    const json = { 'content-type': 'application/json' };
    const cases: Array<{ name: string; status: number; code?: string; request: InjectOptions }> = [
      {
        name: 'bad JSON',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: '{"hId": 1,', headers: json },
      },
      {
        name: 'empty JSON body',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/1/new', payload: '', headers: json },
      },
      {
        name: 'JSON that is not an object',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/1/new', payload: '[1,2]', headers: json },
      },
      { name: 'no body', status: 400, code: 'bad_request', request: { method: 'POST', url: '/api/stays/new' } },
      {
        name: 'wrong type (string hId)',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: '1', rId: 1 } },
      },
      {
        name: 'wrong type (boolean rId)',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: 1, rId: true } },
      },
      {
        name: 'wrong type (float hId)',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: 1.5, rId: 1 } },
      },
      {
        name: 'negative hId',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: -1, rId: 1 } },
      },
      {
        name: 'huge hId',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: 1e20, rId: 1 } },
      },
      {
        name: 'missing rId',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/new', payload: { hId: 1 } },
      },
      {
        name: 'profileUUID with bad characters',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID: "x' OR 1=1 --" } },
      },
      {
        name: 'profileUUID too long',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID: 'a'.repeat(65) } },
      },
      {
        name: 'profileUUID as object',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID: { $ne: 1 } } },
      },
      {
        name: 'hotel id not a number',
        status: 400,
        code: 'bad_request',
        request: { method: 'POST', url: '/api/stays/hotel/abc/new', payload: {} },
      },
      {
        name: 'oversized body',
        status: 413,
        code: 'payload_too_large',
        request: {
          method: 'POST',
          url: '/api/stays/hotel/1/new',
          payload: JSON.stringify({ profileUUID: 'a', pad: 'x'.repeat(BODY_LIMIT) }),
          headers: json,
        },
      },
      {
        name: 'form body',
        status: 415,
        code: 'unsupported_media_type',
        request: {
          method: 'POST',
          url: '/api/stays/new',
          payload: 'hId=1&rId=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      },
      {
        name: 'text body',
        status: 415,
        code: 'unsupported_media_type',
        request: {
          method: 'POST',
          url: '/api/stays/new',
          payload: '{"hId":1,"rId":1}',
          headers: { 'content-type': 'text/plain' },
        },
      },
      {
        name: 'uuid with bad characters',
        status: 400,
        code: 'bad_request',
        request: { url: `/api/stays/${sUUID}?uuid=${encodeURIComponent('a b')}` },
      },
      {
        name: 'uuid twice',
        status: 400,
        code: 'bad_request',
        request: { url: `/api/stays/${sUUID}?uuid=${profileUUID}&uuid=other` },
      },
      {
        name: 'sUUID with bad characters',
        status: 400,
        code: 'bad_request',
        request: { url: `/api/stays/${encodeURIComponent('../etc')}?uuid=${profileUUID}` },
      },
      {
        name: 'malformed URL encoding',
        status: 400,
        code: 'bad_request',
        request: { url: '/api/stays/%E0%A4%A?uuid=x' },
      },
      {
        name: 'endDate not a date',
        status: 400,
        code: 'bad_request',
        request: {
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate: 'tomorrow', uuid: profileUUID },
        },
      },
      {
        name: 'endDate out of range',
        status: 400,
        code: 'bad_request',
        request: {
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate: '2999-01-01', uuid: profileUUID },
        },
      },
      {
        name: 'endDate without uuid',
        status: 400,
        code: 'bad_request',
        request: { method: 'PUT', url: `/api/stays/${sUUID}/endDate`, payload: { endDate: '2026-01-01' } },
      },
      {
        name: 'terminate without uuid',
        status: 400,
        code: 'bad_request',
        request: {
          method: 'PUT',
          url: `/api/stays/${sUUID}/terminate`,
          payload: {},
          headers: { 'x-front-token': TEST_FRONT_TOKEN },
        },
      },
      {
        name: 'scan with oversized user agent',
        status: 400,
        code: 'bad_request',
        request: {
          method: 'POST',
          url: '/api/qr-scans/hotel/1',
          payload: {
            qrId: 'hotel-1',
            profileUUID,
            stayUUID: null,
            userAgent: 'u'.repeat(1001),
            referer: null,
            scanType: 'HOTEL',
            hId: 1,
            rId: null,
          },
        },
      },
      { name: 'unknown API route', status: 404, code: 'not_found', request: { url: '/api/nothing/here' } },
      {
        name: 'unknown API route (POST)',
        status: 404,
        code: 'not_found',
        request: { method: 'POST', url: '/api/stays/hotel/1/old', payload: {} },
      },
      {
        name: 'wrong method',
        status: 404,
        code: 'not_found',
        request: { method: 'DELETE', url: `/api/stays/${sUUID}?uuid=${profileUUID}` },
      },
      {
        name: 'unknown stay',
        status: 404,
        code: 'not_found',
        request: { url: `/api/stays/unknown?uuid=${profileUUID}` },
      },
    ];
    for (const { name, status, code, request } of cases) {
      const response = await app.inject(request);
      try {
        expectJsonError(response, status, code);
      } catch (error) {
        throw new Error(`${name}: ${response.statusCode} ${response.body}\n${error}`);
      }
    }
    expect(await writableCounts(handle)).toEqual(before);
  });

  it('never answers 5xx to odd but well-formed input', async () => {
    const { app } = get();
    const { sUUID, profileUUID } = await newHotelStay(app);
    const requests: Array<InjectOptions> = [
      { url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}&extra=1` },
      { url: `/api/stays/${'a'.repeat(64)}?uuid=${'b'.repeat(64)}` },
      { url: `/api/stays/${'a'.repeat(300)}?uuid=x` },
      { method: 'POST', url: '/api/stays/new', payload: { hId: 2147483647, rId: 2147483647 } },
      {
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: 1, profileUUID, unexpected: { deep: [1, 2, 3] } },
      },
      {
        method: 'POST',
        url: '/api/stays/hotel/1/new',
        payload: '{"profileUUID":"\\u0000"}',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/api/stays/hotel/1/new',
        payload: '{"__proto__":{"x":1}}',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'PUT', url: `/api/stays/${sUUID}/endDate`, payload: { endDate: '0000-00-00', uuid: profileUUID } },
      { url: '/api/rooms/..%2F..%2Fetc/info' },
      { url: '/api/green/hotels/99999999999999999999' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, `${request.method ?? 'GET'} ${request.url} → ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400)
        expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('health check', () => {
  describeEachDialect('GET /healthz', (get) => {
    it('answers ok with a database check', async () => {
      const response = await get().app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    });
  });
});
