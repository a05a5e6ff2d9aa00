/** The QA inspector's page (docs/inspector.md#enabling): served with QA_INSPECTOR=1 only, and said in index.html. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { start } from '../../server/start.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './harness.ts';

const distDir = mkdtempSync(join(tmpdir(), 'greenmiles-inspector-'));
writeFileSync(
  join(distDir, 'index.html'),
  '<!doctype html><html><head><meta name="greenmiles-front-token" content=""><meta name="greenmiles-qa-inspector" content=""></head><body></body></html>',
);
mkdirSync(join(distDir, 'assets'));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };
const inspectorMeta = (page: string) => /<meta name="greenmiles-qa-inspector" content="([^"]*)">/.exec(page)?.[1];

describe.each(DIALECTS)('QA inspector page [%s]', (dialect) => {
  let database: TestDatabase | undefined;
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    await server?.close();
    await database?.drop();
  });

  /** `npm start` with the given environment, as server/main.ts runs it. */
  async function startWith(env: Record<string, string>) {
    database = await createTestDatabase(dialect);
    server = await start({
      config: readConfig({ PORT: '0', HOST: '127.0.0.1', FRONT_TOKEN: 'token', LOG_LEVEL: 'warn', ...env }),
      database: database.handle,
      distDir,
      buildSpa: () => true,
      print: () => {},
      logger: false,
    });
    const address = server.server.address();
    return `http://127.0.0.1:${address !== null && typeof address === 'object' ? address.port : 0}`;
  }

  it('answers 404 for /inspector without QA_INSPECTOR, and the page says the inspector is off', async () => {
    const base = await startWith({});
    for (const path of ['/inspector', '/inspector/', '/inspector?x=1']) {
      const response = await fetch(`${base}${path}`, { headers: html });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('<html');
    }
    const home = await (await fetch(`${base}/hotel/1`, { headers: html })).text();
    expect(inspectorMeta(home)).toBe('');
  });

  it.each(['0', 'true', ''])('keeps it off for QA_INSPECTOR=%j (only 1 turns it on)', async (value) => {
    const base = await startWith({ QA_INSPECTOR: value });
    expect((await fetch(`${base}/inspector`, { headers: html })).status).toBe(404);
  });

  it('serves the app at /inspector with QA_INSPECTOR=1, every page saying the inspector is on', async () => {
    const base = await startWith({ QA_INSPECTOR: '1' });
    const page = await fetch(`${base}/inspector`, { headers: html });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(inspectorMeta(text)).toBe('on');
    expect(text).toContain('content="token"');
    for (const path of ['/', '/hotel/1', '/stay/abc'])
      expect(inspectorMeta(await (await fetch(`${base}${path}`, { headers: html })).text()), path).toBe('on');
  });
});
