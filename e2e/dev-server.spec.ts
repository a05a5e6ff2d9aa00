/**
 * `npm run dev` (README, Development) as a maintainer runs it: the Vite dev server, proxying /api to an API server
 * (playwright.config.ts starts both), and on its own, without one.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { FRONT_TOKEN_HEADER, FRONT_TOKEN_META } from '../contract/headers.ts';
import { freePort } from '../tests/support/spawned-server.ts';
import { chooseLanguage, STAY_URL } from './support.ts';

test('the dev server shows a stay page, its calls carrying the front token of the API server', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  // The welcome popup opens once per device, on this first visit: closed before the reload, it stays closed.
  await page.getByRole('button', { name: "C'est parti !" }).click();
  // The scan's stay creation answered the hotel (docs/server.md#stay-creation): a reload of the stay page asks for it.
  const hotelCall = page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith('/api/green/hotels/'));
  await page.reload();
  // Vite's modules, not the built SPA.
  await expect(page.locator('script[src="/@vite/client"]')).toHaveCount(1);

  const token = await page.locator(`meta[name="${FRONT_TOKEN_META}"]`).getAttribute('content');
  expect(token).toBeTruthy();
  const answer = await hotelCall;
  expect(answer.request().headers()[FRONT_TOKEN_HEADER]).toBe(token);
  // A token the API server does not know answers 403.
  expect(answer.status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Mes gestes' })).toBeVisible();
  await expect(page.locator('[data-scope="action-card"]').first()).toBeVisible();
});

const viteCli = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

test('without an API server the dev server keeps running and says how to start one', async () => {
  const [devPort, apiPort] = [await freePort(), await freePort()];
  const vite = spawn(process.execPath, [viteCli, '--port', String(devPort), '--strictPort', '--host', '127.0.0.1'], {
    env: { ...process.env, API_SERVER_URL: `http://127.0.0.1:${apiPort}` },
  });
  let output = '';
  for (const stream of [vite.stdout, vite.stderr]) stream.on('data', (chunk) => (output += chunk));
  try {
    await expect
      .poll(() => output, { timeout: 20_000 })
      .toContain(`No GreenMiles API server at http://127.0.0.1:${apiPort}: start one with \`npm start\``);
    const page = await fetch(`http://127.0.0.1:${devPort}/hotel/1`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(vite.exitCode).toBeNull();
  } finally {
    vite.kill();
  }
});
