/**
 * The production install (docs/operations.md#install), as the Dockerfile runs it: a clean clone of the committed
 * HEAD, scripts/install-production.sh from a shell on the system's Node, then `npm start` with runtime packages only —
 * Node 24 comes from the `node` dependency — on a temporary SQLite data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloneHead, installProduction, operatorEnv, run, sizeMiB } from '../support/production-install.ts';
import { freePort } from '../support/server-process.ts';

const INSTALL_TIMEOUT_MS = 15 * 60_000;

let dir: string;
let app: string;
let data: string;
let server: ChildProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'greenmiles-production-'));
  data = join(dir, 'data');
  app = cloneHead(dir);
  installProduction(app);
  console.log(
    `production install: node_modules ${sizeMiB(join(app, 'node_modules'))} MiB, of which the Node 24 binary (node package) ${sizeMiB(join(app, 'node_modules', 'node'))} MiB`,
  );
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    // npm start's process group: npm and the server it runs.
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

it('leaves no devDependency and nothing for git to see', () => {
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const left = Object.keys(manifest.devDependencies).filter((name) => existsSync(join(app, 'node_modules', name)));
  expect(left).toEqual([]);
  for (const tool of ['vite', 'vitest', '@playwright/test', 'lighthouse', 'typescript'])
    expect(Object.keys(manifest.devDependencies)).toContain(tool);
  expect(existsSync(join(app, 'dist', 'index.html'))).toBe(true);
  expect(run('git', ['status', '--porcelain'], app).stdout).toBe('');
});

it('runs npm start on Node 24 from the node dependency, on an older system Node too', () => {
  expect(run('npm', ['exec', '--', 'node', '--version'], app).stdout.trim()).toMatch(/^v24\./);
});

it('starts with NODE_ENV=production and serves the probe and a guest page', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const errors: string[] = [];
  server = spawn('npm', ['start'], {
    cwd: app,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: operatorEnv({
      NODE_ENV: 'production',
      FRONT_TOKEN: 'production-install-test-token',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(data, 'greenmiles.db')}`,
      SEED_SAMPLES: '1',
      LOG_LEVEL: 'error',
    }),
  });
  server.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  // Liveness probe; /livez once the probes of docs/operations.md#probes are in.
  let probe: Response | undefined;
  const deadline = Date.now() + 60_000;
  while (!probe?.ok && server.exitCode === null && Date.now() < deadline) {
    probe = await fetch(`${base}/healthz`).catch(() => undefined);
    if (!probe?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(probe?.status, errors.join('')).toBe(200);

  const page = await fetch(`${base}/tilleuls-101`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('production-install-test-token');
  expect(existsSync(join(data, 'greenmiles.db'))).toBe(true);
});

it('runs the hotel commands with runtime packages only (content check, QR sheet fonts and PDF)', () => {
  const env = operatorEnv({ DATABASE_URL: `sqlite:${join(data, 'greenmiles.db')}` });
  run('npm', ['run', 'hotel:check', '--', 'server/content/hotels/les-tilleuls.yaml'], app, env);
  const pdf = join(dir, 'qr.pdf');
  run(
    'npm',
    ['run', 'qr:sheet', '--', '--hotel', '1', '--base-url', 'https://greenmiles.example', '--out', pdf],
    app,
    env,
  );
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
});
