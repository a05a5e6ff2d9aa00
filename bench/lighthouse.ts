/**
 * Lighthouse accessibility and performance scores of the actions page and the rewards page of a real stay, served by
 * the real server (built SPA, fresh database) and opened in Debian chromium as a returning guest (profile and welcome
 * already stored). Run with `npm run bench:lighthouse` (builds first). Printed figures, never a pass or fail.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createHotelStay, startServer } from './serve.ts';

const DEBUGGING_PORT = 9393;
const CATEGORIES = ['accessibility', 'performance'] as const;

function startChromium(): ChildProcess {
  return spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${mkdtempSync(join(tmpdir(), 'greenmiles-lighthouse-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

async function debuggerReady(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Chromium did not open its debugging port within 30 s');
}

const server = await startServer(4392);
const browserProcess = startChromium();
try {
  await debuggerReady();
  const { sUUID, profileUUID } = await createHotelStay(server.baseUrl, 1);
  // A returning guest: the page finds its profile and skips the welcome popup. Lighthouse keeps this storage.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUGGING_PORT}`);
  const [context] = browser.contexts();
  if (!context) throw new Error('Chromium opened no browser context');
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/healthz`);
  await page.evaluate((profile) => {
    localStorage.setItem('profileUUID', profile);
    localStorage.setItem('welcomeShown', 'true');
  }, profileUUID);
  await page.close();
  await browser.close();

  for (const [name, path] of [
    ['actions page', `/stay/${sUUID}`],
    ['rewards page', `/rewards/${sUUID}`],
  ] as const) {
    const result = await lighthouse(`${server.baseUrl}${path}`, {
      port: DEBUGGING_PORT,
      onlyCategories: [...CATEGORIES],
      disableStorageReset: true,
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse returned no result for the ${name}`);
    const scores = CATEGORIES.map((category) => {
      const score = result.lhr.categories[category]?.score;
      return `${category} ${score == null ? 'n/a' : Math.round(score * 100)}`;
    });
    console.log(`${name.padEnd(13)} ${scores.join('  ')}`);
  }
} finally {
  browserProcess.kill('SIGTERM');
  server.stop();
}
