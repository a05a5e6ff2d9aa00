import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, STAY_URL } from './support.ts';

/** docs/performance.md#transfer-compression-and-caching, on the real build served by the real server. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Below this, a file may have no compressed copy: the build writes none when compressing would not make it smaller. */
const TINY_FILE_BYTES = 1024;

/** A built file the build may have left without compressed copies (the page preloads some such chunks). */
function isTiny(file: string): boolean {
  return statSync(join(process.cwd(), 'dist', file)).size < TINY_FILE_BYTES;
}

function filesOfPage(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

test('every JavaScript and CSS file of the build but the tiniest has its Brotli and gzip copy', () => {
  const directory = join(process.cwd(), 'dist', 'assets');
  const assets = readdirSync(directory);
  const text = assets.filter(
    (file) => /\.(js|css)$/.test(file) && statSync(join(directory, file)).size >= TINY_FILE_BYTES,
  );
  expect(text.length).toBeGreaterThan(5);
  for (const file of text) {
    expect(assets, file).toContain(`${file}.br`);
    expect(assets, file).toContain(`${file}.gz`);
  }
});

test('the page goes compressed and is never cached stale; its hashed files go compressed and are cached for good', async ({
  request,
}) => {
  for (const [acceptEncoding, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const headers = { accept: 'text/html', 'accept-encoding': acceptEncoding };
    const page = await request.get('/hotel/1', { headers });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-encoding'], acceptEncoding).toBe(expected);
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(page.headers().vary).toContain('accept-encoding');
    const files = filesOfPage(await page.text());
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const answer = await request.get(file, { headers: { 'accept-encoding': acceptEncoding } });
      expect(answer.status(), file).toBe(200);
      if (!isTiny(file)) expect(answer.headers()['content-encoding'], `${file} ${acceptEncoding}`).toBe(expected);
      expect(answer.headers()['cache-control'], file).toBe(IMMUTABLE);
      expect(answer.headers().vary, file).toContain('accept-encoding');
    }
  }
  const picture = await request.get('/pictures/shower.svg', { headers: { 'accept-encoding': 'br' } });
  expect(picture.headers()['content-encoding']).toBe('br');
  expect(picture.headers()['cache-control']).not.toContain('immutable');
});

test("a guest's first visit gets every script and style sheet but the tiniest compressed", async ({ page }) => {
  const encodings: Array<Promise<string | null>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    encodings.push(
      (async () => {
        const encoding = (await response.allHeaders())['content-encoding'];
        if (encoding === 'br' || encoding === 'gzip') return null;
        return (await response.body()).length < TINY_FILE_BYTES ? null : response.url();
      })(),
    );
  });
  await chooseLanguage(page, 'fr');
  await page.goto('/tilleuls-101');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: "C'est parti !" }).click();
  await expect(page.locator('[data-scope="action-card"]').first()).toBeVisible();
  expect(encodings.length).toBeGreaterThan(3);
  expect((await Promise.all(encodings)).filter((url) => url !== null)).toEqual([]);
});
