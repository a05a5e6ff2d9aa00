import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../contract/errors.ts';
import { buildApp } from '../../server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/connection.ts';
import { DomainError, type ErrorKind } from '../../server/domain/errors.ts';
import { STATUS_OF_KIND } from '../../server/error-handler.ts';
import { TEST_FRONT_TOKEN } from './harness.ts';

/** The documented table (docs/server.md "Error kinds"): a kind → status change must change the docs too. */
const DOCUMENTED: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
};
/** One code the domain raises with each kind. */
const EXAMPLES: Array<[ErrorKind, ErrorCode]> = [
  ['bad_request', 'unknown_option'],
  ['unauthorized', 'front_token_missing'],
  ['forbidden', 'front_token_invalid'],
  ['not_found', 'code_not_available'],
  ['conflict', 'already_claimed'],
  ['unprocessable', 'content_invalid'],
  ['rate_limited', 'too_many_emails'],
  ['payload_too_large', 'photo_too_large'],
  ['unsupported_media_type', 'photo_not_jpeg'],
  ['unavailable', 'mail_not_configured'],
];

describe('the error handler', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    handle = openDatabase('sqlite::memory:');
    const stream = { write: (line: string) => logged.push(line) };
    app = await buildApp({ db: handle.db, frontToken: TEST_FRONT_TOKEN, logger: { level: 'warn', stream } });
    // Routes that fail the way domain code does; added after buildApp, before the app is ready.
    app.get<{ Params: { kind: ErrorKind; code: ErrorCode } }>('/test/fail/:kind/:code', async (request) => {
      throw new DomainError(request.params.kind, request.params.code, `refused as ${request.params.kind}`);
    });
    app.get('/test/fail-with-cause', async () => {
      throw new DomainError('unavailable', 'mail_send_failed', 'SMTP said no', {
        cause: new Error('ECONNREFUSED'),
      });
    });
    app.get('/test/crash', async () => {
      throw new Error('a bug');
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('maps every kind to its documented status', () => {
    expect(STATUS_OF_KIND).toEqual(DOCUMENTED);
  });

  it('covers every kind in these tests', () => {
    expect(EXAMPLES.map(([kind]) => kind).sort()).toEqual(Object.keys(DOCUMENTED).sort());
  });

  it.each(EXAMPLES)('answers a %s domain error (%s) with its status, its code and its message', async (kind, code) => {
    const response = await app.inject({ url: `/test/fail/${kind}/${code}` });
    expect(response.statusCode).toBe(DOCUMENTED[kind]);
    expect(response.json()).toEqual({ error: code, message: `refused as ${kind}` });
  });

  it('logs the cause of a domain error that has one', async () => {
    logged.length = 0;
    const response = await app.inject({ url: '/test/fail-with-cause' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'mail_send_failed', message: 'SMTP said no' });
    const warnings = logged.map(
      (line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } },
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'SMTP said no',
        err: expect.objectContaining({ message: 'ECONNREFUSED' }),
      }),
    ]);
  });

  it('answers any other failure 500 internal_error without its message, and logs it', async () => {
    logged.length = 0;
    const response = await app.inject({ url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: 'An error occurred' });
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual(['request failed']);
  });
});
