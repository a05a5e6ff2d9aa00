/**
 * Gzipped JavaScript loaded by a guest's first visit to /stay/{sUUID}: a real Chromium opens the page served by
 * the real server (built SPA, fresh database) and every script response is gzipped and summed.
 * Run with `npm run bench:bundle` (builds first). Budget: 130 KB.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createHotelStay, startServer } from './serve.ts';

const BUDGET_KB = 130;
const server = await startServer(4391);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const { sUUID, profileUUID } = await createHotelStay(server.baseUrl, 1);
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    'profileUUID',
    profileUUID,
  ] as const);
  const page = await context.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${server.baseUrl}/stay/${sUUID}`, { waitUntil: 'networkidle' });
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const script of scripts) {
    console.log(
      `${(script.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(script.raw / 1024).toFixed(1).padStart(7)} KB  ${script.url}`,
    );
  }
  const totalGzip = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  console.log(
    `\nFirst visit to /stay/{sUUID}: ${scripts.length} scripts, ${totalGzip.toFixed(1)} KB gzipped JS (budget ${BUDGET_KB} KB)`,
  );
} finally {
  await browser.close();
  server.stop();
}
