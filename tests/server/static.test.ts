import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { APP_ADDRESSES, isAppAddress, OPERATIONS_WORDS } from '../../contract/app-addresses.ts';
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
    it('answers 404 JSON, never the page, on a path a probe or scraper tries by habit', async () => {
      const { app } = get();
      const probes = ['livez', 'readyz', 'healthz'];
      for (const word of OPERATIONS_WORDS.filter((w) => !probes.includes(w)))
        for (const url of [`/${word}`, `/demo/${word}`]) {
          const response = await app.inject({ url, headers: { accept: '*/*' } });
          expect(response.statusCode, url).toBe(404);
          expect(response.json().error, url).toBe('not_found');
        }
    });
    it('answers 404 JSON for a file name anywhere and the API, even to a browser', async () => {
      const { app } = get();
      for (const url of ['/assets/nope.js', '/favicon.png', '/stay/abc/x.json', '/api/x', '/api/rooms/a/b/c']) {
        const response = await app.inject({ url, headers: html });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
      }
    });
    it('answers an address the app does not have with 404: the page (its not-found screen) to a browser, JSON to anything else', async () => {
      const { app } = get();
      for (const url of ['/stay/abc/unknown', '/hotel/1/2', '/a/b', '/staff', '/demo/staff/1']) {
        const page = await app.inject({ url, headers: html });
        expect(page.statusCode, url).toBe(404);
        expect(page.body, url).toContain(TEST_FRONT_TOKEN);
        const other = await app.inject({ url, headers: { accept: '*/*' } });
        expect(other.statusCode, url).toBe(404);
        expect(other.json().error, url).toBe('not_found');
      }
    });
  },
  { staticDir: () => staticDir },
);

it("the server's app addresses are the SPA router's (src/routeTree.gen.ts)", () => {
  const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const to = /\n {2}to:\n((?: {4}\| '[^']+'\n)+)/.exec(tree)?.[1] ?? '';
  const routes = [...to.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  expect([...APP_ADDRESSES].sort()).toEqual(routes.sort());
});

it('tells the addresses of the app from other paths', () => {
  const pages = ['/', '/demo', '/tilleuls-101', '/demo/demo-101/disabled', '/hotel/1', '/demo/stay/x/proof/3'];
  const others = ['/health', '/demo/metrics', '/stay', '/demo/demo', '/x/y', '/stay/x/y', '/staff', '/demo/inspector'];
  for (const path of [...pages, '/staff/1', '/inspector', '/camera/s/1']) expect(isAppAddress(path), path).toBe(true);
  for (const path of others) expect(isAppAddress(path), path).toBe(false);
});

it('escapes the token it writes into the page', () => {
  expect(injectFrontToken('<meta name="greenmiles-front-token" content="">', 'a"<b>')).toBe(
    '<meta name="greenmiles-front-token" content="a&quot;&lt;b&gt;">',
  );
});
