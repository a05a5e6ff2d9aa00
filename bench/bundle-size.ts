/**
 * Compressed JavaScript loaded by a guest's first visit to /stay/{sUUID}: a real Chromium opens the page served by
 * the real server (built SPA, fresh database) and every script response is compressed (gzip level 9, Brotli
 * quality 11, as a build-time precompression would) and summed. The welcome popup opens on that visit, so its code
 * counts. Run with `npm run bench:bundle` (builds first); BENCH_PORT picks the server's port. Budget: 110 KB gzip.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launchChromium, returningGuest } from './chromium.ts';
import { createHotelStay, startServer } from './serve.ts';

const BUDGET_KB = 110;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4391) });
const browser = await launchChromium();
try {
  const { sUUID, profileUUID } = await createHotelStay(server.baseUrl, 1);
  const context = await returningGuest(browser, profileUUID);
  const page = await context.newPage();
  // Bodies are read while the page loads and awaited once it is idle, so no script is missed.
  const bodies: Array<Promise<{ url: string; body: Buffer }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, body })));
  });
  await page.goto(`${server.baseUrl}/stay/${sUUID}`, { waitUntil: 'networkidle' });
  await page.getByRole('dialog').first().waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(bodies)).map(({ url, body }) => ({
    url,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  scripts.sort((a, b) => b.gzip - a.gzip);
  console.log('     gzip    brotli       raw  script');
  for (const { url, raw, gzip, brotli } of scripts) {
    console.log(`${kb(gzip).padStart(9)}${kb(brotli).padStart(10)}${kb(raw).padStart(10)}  ${url}`);
  }
  const total = (key: 'raw' | 'gzip' | 'brotli') => scripts.reduce((sum, script) => sum + script[key], 0);
  console.log(
    `${kb(total('gzip')).padStart(9)}${kb(total('brotli')).padStart(10)}${kb(total('raw')).padStart(10)}  total (KB)`,
  );
  const verdict = total('gzip') / 1024 <= BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\nFirst visit to /stay/{sUUID}: ${scripts.length} scripts, ${kb(total('gzip'))} KB gzip, ${kb(total('brotli'))} KB Brotli (budget ${BUDGET_KB} KB gzip: ${verdict})`,
  );
} finally {
  await browser.close();
  server.stop();
}
