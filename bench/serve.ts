import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { spawnServer, stopServer } from '../tests/support/spawned-server.ts';

export interface ServerOptions {
  /** Its loopback port; a free one when not given. */
  port?: number;
  /** The database it opens (DATABASE_URL), already migrated; a fresh SQLite file, removed at its stop, when not given. */
  databaseUrl?: string;
  /** More of its environment (METRICS_TOKEN…). */
  env?: Record<string, string>;
}

export interface StartedServer {
  baseUrl: string;
  pid: number;
  /** SIGTERM; resolves once the process has exited. */
  stop: () => Promise<void>;
}

/** Starts `npm start`'s entry point on a loopback port; resolves once /healthz answers. */
export async function startServer(options: ServerOptions = {}): Promise<StartedServer> {
  const freshDirectory = options.databaseUrl === undefined ? mkdtempSync(join(tmpdir(), 'greenmiles-bench-')) : null;
  const removeFresh = () => {
    if (freshDirectory !== null) rmSync(freshDirectory, { recursive: true, force: true });
  };
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(freshDirectory ?? tmpdir(), 'bench.db')}`;
  const server = await spawnServer(
    'server/main.ts',
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...options.env },
    options.port,
  ).catch((error: unknown) => {
    removeFresh();
    throw error;
  });
  const { pid } = server.child;
  if (pid === undefined) throw new Error('server/main.ts started without a process id');
  return {
    baseUrl: server.base,
    pid,
    stop: async () => {
      await stopServer(server);
      removeFresh();
    },
  };
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
