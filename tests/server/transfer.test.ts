/**
 * Transfer (docs/performance.md#transfer-compression-and-caching): the build's precompression (scripts/precompress.ts)
 * and how the server sends dist/ (server/static-files.ts) — the encoding the request accepts, `vary`, and each
 * file's Cache-Control. Serving files does not touch the database: SQLite only.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { buildApp } from '../../server/app.ts';
import {
  acceptedLanguages,
  cacheControlFor,
  firstScreenOf,
  IMMUTABLE_CACHE,
  PAGE_CACHE,
  preferredEncoding,
  UNHASHED_CACHE,
} from '../../server/static-files.ts';
import { createTestDatabase, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

const script = `export function greet(name) { return 'Bonjour ' + name; }\n`.repeat(60);
const style = `.card { margin-inline: 1rem; color: #1f6f4a; }\n`.repeat(40);
const picture = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(30)}</svg>`;
/** As the build tags them (vite.config.ts `preloadFirstScreens`). */
const preloads = [
  '<link rel="modulepreload" crossorigin href="/assets/EntryPage-Aa11Bb22.js" data-first-screens="entry">',
  '<link rel="modulepreload" crossorigin href="/assets/_sUUID-Cc33Dd44.js" data-first-screens="entry stay">',
  '<link rel="modulepreload" crossorigin href="/assets/messages-Ee55Ff66.js" data-locale="en">',
  '<link rel="modulepreload" crossorigin href="/assets/messages-Gg77Hh88.js" data-locale="fr">',
  '<link rel="preload" as="style" crossorigin href="/assets/_sUUID-Ii99Jj00.css" data-first-screens="entry stay">',
];
const indexHtml = (title: string) =>
  `<!doctype html><html><head><meta name="greenmiles-front-token" content=""><title>${title}</title>` +
  `<script type="module" src="/assets/index-Ab12_-yZ.js"></script>\n${preloads.map((link) => `    ${link}\n`).join('')}` +
  '</head><body><div id="root"></div></body></html>';

const staticDir = mkdtempSync(join(tmpdir(), 'greenmiles-transfer-'));
mkdirSync(join(staticDir, 'assets'));
mkdirSync(join(staticDir, 'pictures'));
writeFileSync(join(staticDir, 'index.html'), indexHtml('GreenMiles'));
writeFileSync(join(staticDir, 'assets', 'index-Ab12_-yZ.js'), script);
writeFileSync(join(staticDir, 'assets', 'stay-frame-Q9x8W7v6.css'), style);
writeFileSync(join(staticDir, 'pictures', 'shower.svg'), picture);
writeFileSync(join(staticDir, 'pictures', 'dot.svg'), '<svg/>');
writeFileSync(join(staticDir, 'pictures', 'photo.png'), Buffer.alloc(2048, 7));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

describe('the build precompression', () => {
  it('writes a .br and a .gz copy of each text file, each the same content once decompressed', async () => {
    const files = await precompressDirectory(staticDir, ['index.html']);
    expect(files.map((file) => file.path).sort()).toEqual([
      'assets/index-Ab12_-yZ.js',
      'assets/stay-frame-Q9x8W7v6.css',
      'pictures/dot.svg',
      'pictures/shower.svg',
    ]);
    for (const path of ['assets/index-Ab12_-yZ.js', 'assets/stay-frame-Q9x8W7v6.css', 'pictures/shower.svg']) {
      const original = readFileSync(join(staticDir, path));
      const br = readFileSync(join(staticDir, `${path}.br`));
      const gz = readFileSync(join(staticDir, `${path}.gz`));
      expect(brotliDecompressSync(br).equals(original), path).toBe(true);
      expect(gunzipSync(gz).equals(original), path).toBe(true);
      expect(br.length, path).toBeLessThan(original.length);
    }
  });

  it('leaves out the files named in except, the formats compressed already and copies that would not be smaller', () => {
    for (const path of ['index.html', 'pictures/photo.png', 'pictures/dot.svg']) {
      expect(existsSync(join(staticDir, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(staticDir, `${path}.gz`)), path).toBe(false);
    }
  });
});

describe('sending the built SPA', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      staticDir,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const get = (url: string, acceptEncoding?: string, acceptLanguage?: string) =>
    app.inject({
      url,
      headers: {
        accept: 'text/html,*/*',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
    });

  it('sends a hashed file as Brotli to a browser that accepts it, cached for a year as immutable', async () => {
    const response = await get('/assets/index-Ab12_-yZ.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the file as it is, and says the answer varies by Accept-Encoding', async () => {
    const gzipped = await get('/assets/stay-frame-Q9x8W7v6.css', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toContain('text/css');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(style);
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/stay-frame-Q9x8W7v6.css', acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(plain.body, acceptEncoding).toBe(style);
      expect(plain.headers['cache-control'], acceptEncoding).toBe(IMMUTABLE_CACHE);
    }
  });

  it('sends a file without a hash in its name compressed, with a short cache', async () => {
    const response = await get('/pictures/shower.svg', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe(UNHASHED_CACHE);
    const uncompressible = await get('/pictures/dot.svg', 'br, gzip');
    expect(uncompressible.headers['content-encoding']).toBeUndefined();
    expect(uncompressible.body).toBe('<svg/>');
  });

  it('sends the page, at / and as the history fallback, compressed with its front token and never cached stale', async () => {
    for (const url of ['/', '/index.html', '/stay/abc', '/tilleuls-101']) {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toContain('text/html');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe(PAGE_CACHE);
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toContain(`content="${TEST_FRONT_TOKEN}"`);
      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toContain(`content="${TEST_FRONT_TOKEN}"`);
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain(`content="${TEST_FRONT_TOKEN}"`);
    }
  });

  it.each([
    ['/tilleuls-101', 'en-GB,en;q=0.9', [0, 1, 2, 3, 4]],
    ['/demo/hotel/1?k=abc', undefined, [0, 1, 3, 4]],
    ['/hotel/1', 'ar, de;q=0.8', [0, 1, 3, 4]],
    ['/stay/abc', 'en-GB,en;q=0.9', [1, 2, 4]],
    ['/demo/stay/abc', 'de-DE, en;q=0.5', [1, 2, 4]],
    ['/stay/abc', undefined, [1, 3, 4]],
    ['/rewards/abc', 'en', [2]],
    ['/', 'fr;q=0.2, en;q=0.8', [2]],
  ])('preloads on %s (Accept-Language %s) only what its first screen needs', async (url, acceptLanguage, kept) => {
    const response = await get(url, 'br', acceptLanguage);
    expect(response.headers.vary).toContain('accept-language');
    const page = brotliDecompressSync(response.rawPayload).toString();
    expect(preloads.filter((link) => page.includes(link))).toEqual(kept.map((index) => preloads[index]));
    expect(page).toContain('<script type="module" src="/assets/index-Ab12_-yZ.js"></script>');
  });

  it('renders the page again once index.html changes on disk (a new build while the server runs)', async () => {
    writeFileSync(join(staticDir, 'index.html'), indexHtml('GreenMiles, rebuilt'));
    const response = await get('/', 'br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>GreenMiles, rebuilt</title>');
  });
});

describe('the choice of encoding and of cache', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });

  it.each([
    ['/tilleuls-101', 'entry'],
    ['/demo/tilleuls-101?x=1', 'entry'],
    ['/hotel/1', 'entry'],
    ['/demo/hotel/1?k=0042', 'entry'],
    ['/stay/0aa8b997-293c-4e07-a18e-264dd7f93d72', 'stay'],
    ['/demo/stay/abc', 'stay'],
    ['/stay/abc/finished', null],
    ['/rewards/abc', null],
    ['/tilleuls-101/disabled', null],
    ['/inspector', null],
    ['/', null],
    ['/demo', null],
  ] as const)('the first screen of %s is %s', (url, screen) => {
    expect(firstScreenOf(url)).toBe(screen);
  });

  it.each([
    ['en-GB,en;q=0.9,fr;q=0.8', ['en-gb', 'en', 'fr']],
    ['fr;q=0.2, ar, de;q=0', ['ar', 'fr']],
    ['*', []],
    [undefined, []],
  ] as const)('Accept-Language %s → %j', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages);
  });

  it.each([
    ['assets/framework-CkPC9ujz.js', IMMUTABLE_CACHE],
    ['assets/framework-CkPC9ujz.js.br', IMMUTABLE_CACHE],
    ['assets/_-_mode_-HY2zGTSH.css', IMMUTABLE_CACHE],
    ['assets/staff-M5mjDhQ_.js.gz', IMMUTABLE_CACHE],
    ['assets/rewardClaim.machine-CMdwINDh.js', IMMUTABLE_CACHE],
    ['assets/app.js', UNHASHED_CACHE],
    ['pictures/shower.svg', UNHASHED_CACHE],
    ['pictures/framework-CkPC9ujz.svg', UNHASHED_CACHE],
  ])('%s → %s', (path, cacheControl) => {
    expect(cacheControlFor(path)).toBe(cacheControl);
  });
});
