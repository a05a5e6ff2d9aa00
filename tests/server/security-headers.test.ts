/** docs/server.md#security-headers on the built app's page, its files, the API and its errors. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrations.ts';
import { CONTENT_SECURITY_POLICY } from '../../server/security-headers.ts';
import { TEST_FRONT_TOKEN } from './harness.ts';

describe('security headers', () => {
  let app: FastifyInstance;
  const database = openDatabase('sqlite::memory:');

  beforeAll(async () => {
    await migrateToLatest(database.db, database.kind);
    const dist = mkdtempSync(join(tmpdir(), 'greenmiles-headers-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<meta name="greenmiles-front-token" content="">');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};');
    app = await buildApp({ db: database.db, frontToken: TEST_FRONT_TOKEN, staticDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const answers = [
    ['the page', '/', 200],
    ['an app route', '/stay/some-stay', 200],
    ['a built file', '/assets/app-abc123.js', 200],
    ['an API answer', '/healthz', 200],
    ['an API error', '/api/green/hotels/999', 404],
    ['a malformed call', '/api/green/hotels/abc', 400],
    ['an address with a NUL character', '/api/green/hotels/1%00', 400],
    ['a page address with a NUL character', '/?x=%00', 400],
  ] as const;

  for (const [what, url, status] of answers) {
    it(`${what} (${url}) carries the policy and the headers`, async () => {
      const response = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode).toBe(status);
      const policy = String(response.headers['content-security-policy']);
      expect(policy.split(';').map((part) => part.trim())).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
        ]),
      );
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
    });
  }

  it('allows scripts of its own origin only, never inline ones', () => {
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'"]);
  });
});
