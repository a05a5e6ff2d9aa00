/** `npm start` (server/start.ts) on a first start: the SPA is built before anything looks for it, then the URLs. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { hotelQrUrl } from '../../server/domain/qr-codes.ts';
import { start } from '../../server/start.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './harness.ts';

describe.each(DIALECTS)('first start [%s]', (dialect) => {
  let database: TestDatabase | undefined;
  let server: FastifyInstance | undefined;
  const distDir = join(mkdtempSync(join(tmpdir(), 'greenmiles-start-')), 'dist');
  afterEach(async () => {
    await server?.close();
    await database?.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** Starts on an empty database with no dist/, recording logs, printed text and the build, in order. */
  async function firstStart(build: () => boolean) {
    database = await createTestDatabase(dialect);
    const events: string[] = [];
    server = await start({
      config: readConfig({ PORT: '0', HOST: '127.0.0.1', FRONT_TOKEN: 'token', LOG_LEVEL: 'info' }),
      database: database.handle,
      distDir,
      buildSpa: () => {
        events.push('build');
        return build();
      },
      print: (text) => events.push(`print ${text}`),
      logger: { level: 'info', stream: { write: (line: string) => events.push(`log ${line}`) } },
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${address !== null && typeof address === 'object' ? address.port : 0}`;
    return { events, base };
  }

  const warnings = (events: string[]) =>
    events.filter((event) => event.startsWith('log ') && event.includes('"level":40'));

  it('builds the SPA before anything warns about dist/, then prints the URLs to open as a block', async () => {
    const { events, base } = await firstStart(() => {
      mkdirSync(distDir, { recursive: true });
      writeFileSync(join(distDir, 'index.html'), '<meta name="greenmiles-front-token" content="">');
      return true;
    });
    expect(events.indexOf('build')).toBeLessThan(events.findIndex((e) => e.startsWith('log ')));
    expect(warnings(events).filter((event) => /dist|must exist/.test(event))).toEqual([]);
    const block = events.findLast((event) => event.startsWith('print ')) ?? '';
    const lines = block.split('\n');
    // The hotel QR URLs carry the hotels' current keys (docs/trust-model.md#presence).
    const keys = await database?.handle.db.selectFrom('hotels').select(['id', 'qr_key']).orderBy('id').execute();
    for (const url of [
      hotelQrUrl(base, 1, keys?.[0]?.qr_key ?? ''),
      `${base}/tilleuls-101`,
      `${base}/tilleuls-102`,
      `${base}/tilleuls-201`,
      `${base}/unassigned-1`,
      hotelQrUrl(base, 2, keys?.[1]?.qr_key ?? ''),
      `${base}/demo-101`,
    ])
      expect(lines.some((line) => /^ +.* {2}\S+$/.test(line) && line.endsWith(`  ${url}`))).toBe(true);
    expect(keys?.map((k) => k.qr_key)).toEqual([
      expect.stringMatching(/^[0-9a-z]{12}$/),
      expect.stringMatching(/^[0-9a-z]{12}$/),
    ]);
    expect(block).toContain(`GreenMiles is running at ${base}`);
    const page = await fetch(`${base}/hotel/1`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('content="token"');
  });

  it('serves the API only, without a dist/ warning, when the SPA cannot be built', async () => {
    const { events, base } = await firstStart(() => false);
    expect(events).toContain('print The app could not be built: serving the API only.');
    expect(warnings(events).filter((event) => /dist|must exist/.test(event))).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/hotel/1`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
