import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';

/** Starts `npm start`'s entry point on a fresh SQLite database and a loopback port; resolves once /healthz answers. */
export async function startServer(port: number): Promise<{ baseUrl: string; stop: () => void }> {
  const databaseFile = join(mkdtempSync(join(tmpdir(), 'greenmiles-bench-')), 'bench.db');
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become healthy within 60 s');
}

export async function createHotelStay(baseUrl: string, hId: number): Promise<{ sUUID: string; profileUUID: string }> {
  const response = await fetch(`${baseUrl}/api/stays/hotel/${hId}/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ profileUUID: randomUUID() }),
  });
  if (!response.ok) throw new Error(`Stay creation failed: ${response.status}`);
  return (await response.json()) as { sUUID: string; profileUUID: string };
}

/** Debian's chromium (CHROMIUM_PATH names another) with the flags every bench runs it with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A browser context of a returning guest: the profile id is stored, as after a first visit. */
export async function returningGuest(browser: Browser, profileUUID: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    'profileUUID',
    profileUUID,
  ] as const);
  return context;
}
