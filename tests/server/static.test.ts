import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { injectFrontToken } from '../../server/app.ts';
import { describeEachDialect, TEST_FRONT_TOKEN } from './harness.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'greenmiles-dist-'));
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><html><head><meta name="greenmiles-front-token" content=""><title>GreenMiles</title></head><body><div id="root"></div></body></html>',
);
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app");');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

describeEachDialect(
  'static SPA serving',
  (get) => {
    it('serves index.html at / with the front token written into its meta tag', async () => {
      const response = await get().app.inject({ url: '/', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<meta name="greenmiles-front-token" content="${TEST_FRONT_TOKEN}">`);
    });
    it('serves built assets', async () => {
      const response = await get().app.inject({ url: '/assets/app.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('console.log');
    });
    it('falls back to index.html for app routes that accept HTML', async () => {
      for (const url of ['/tilleuls-101', '/hotel/1', '/stay/abc/finished', '/demo/rewards/x?lang=fr']) {
        const response = await get().app.inject({ url, headers: html });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain(TEST_FRONT_TOKEN);
      }
    });
    it('falls back to index.html for a client that accepts anything (*/* or no Accept header)', async () => {
      for (const headers of [{ accept: '*/*' }, {}]) {
        const response = await get().app.inject({ url: '/tilleuls-101', headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
      }
    });
    it('answers 404 JSON to a client that wants JSON only', async () => {
      const response = await get().app.inject({ url: '/hotel/1', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    });
    it('answers 404 JSON for a missing asset, an unknown API route and a non-GET', async () => {
      const { app } = get();
      expect((await app.inject({ url: '/assets/missing.js' })).json().error).toBe('not_found');
      const api = await app.inject({ url: '/api/unknown', headers: html });
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toBe('not_found');
      expect((await app.inject({ method: 'POST', url: '/stay/abc', headers: html, payload: {} })).statusCode).toBe(404);
    });
  },
  { staticDir: () => staticDir },
);

it('escapes the token it writes into the page', () => {
  expect(injectFrontToken('<meta name="greenmiles-front-token" content="">', 'a"<b>')).toBe(
    '<meta name="greenmiles-front-token" content="a&quot;&lt;b&gt;">',
  );
});
