/**
 * The production install (docs/operations.md#install) and the image's steps (Dockerfile): a clean clone of the
 * committed HEAD, scripts/install-production.sh from a shell on the system's Node, then the server started with the
 * Dockerfile's own CMD and environment — runtime packages only, Node 24 from the `node` dependency — as an
 * unprivileged user when the test runs as root (CI), the tree read-only to it, the data in a directory apart; and
 * the Dockerfile's HEALTHCHECK command against it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloneHead, installProduction, operatorEnv, REPO_ROOT, run, sizeMiB } from '../support/production-install.ts';
import { freePort } from '../support/spawned-server.ts';

const INSTALL_TIMEOUT_MS = 15 * 60_000;
/** Real processes of the installed tree (npm, a server start) on a machine busy with other tests. */
const PROCESS_TIMEOUT_MS = 2 * 60_000;

/** The image's user stands for any unprivileged one: nobody, when the test may switch user. */
const NOBODY = 65534;
const imageUser = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};

/** A JSON-array instruction of the Dockerfile (`CMD […]`, `HEALTHCHECK … CMD […]`). */
function dockerfileCommand(text: string, instruction: RegExp): string[] {
  const match = instruction.exec(text);
  if (!match?.[1]) throw new Error(`the Dockerfile has no ${instruction.source}`);
  return JSON.parse(match[1]) as string[];
}

const dockerfileText = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
const dockerfile = {
  cmd: dockerfileCommand(dockerfileText, /^CMD (\[.*\])$/m),
  healthcheck: dockerfileCommand(dockerfileText, /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m),
};

let dir: string;
let app: string;
let data: string;
let server: ChildProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'greenmiles-production-'));
  chmodSync(dir, 0o755);
  data = join(dir, 'data');
  mkdirSync(data);
  if (imageUser.uid !== undefined) chownSync(data, imageUser.uid, imageUser.gid);
  app = cloneHead(dir);
  installProduction(app);
  console.log(
    `production install: node_modules ${sizeMiB(join(app, 'node_modules'))} MiB, of which the Node 24 binary (node package) ${sizeMiB(join(app, 'node_modules', 'node'))} MiB`,
  );
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

it('builds the image with this install script', () => {
  expect(dockerfileText).toMatch(/^RUN sh scripts\/install-production\.sh$/m);
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

it(
  'gives every npm script Node 24 from the node dependency, on an older system Node too',
  () => {
    expect(run('npm', ['exec', '--', 'node', '--version'], app).stdout.trim()).toMatch(/^v24\./);
  },
  PROCESS_TIMEOUT_MS,
);

it(
  'starts as the image does and serves the probe, a guest page and the HEALTHCHECK',
  async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The image's environment: Node 24 of node_modules first on PATH, production, the data directory apart.
    const env = operatorEnv({
      PATH: `${join(app, 'node_modules', '.bin')}:${operatorEnv().PATH}`,
      NODE_ENV: 'production',
      FRONT_TOKEN: 'production-install-test-token',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(data, 'greenmiles.db')}`,
      SEED_SAMPLES: '1',
      LOG_LEVEL: 'error',
    });
    const [command = '', ...args] = dockerfile.cmd;
    const errors: string[] = [];
    server = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'ignore', 'pipe'], ...imageUser });
    server.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    // Ready: the database is open and migrated (docs/operations.md#health-probes).
    let probe: Response | undefined;
    const deadline = Date.now() + 60_000;
    while (!probe?.ok && server.exitCode === null && Date.now() < deadline) {
      probe = await fetch(`${base}/readyz`).catch(() => undefined);
      if (!probe?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(probe?.status, errors.join('')).toBe(200);

    const page = await fetch(`${base}/tilleuls-101`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('production-install-test-token');
    expect(existsSync(join(data, 'greenmiles.db'))).toBe(true);

    const [check = '', ...checkArgs] = dockerfile.healthcheck;
    expect(spawnSync(check, checkArgs, { cwd: app, env, ...imageUser }).status).toBe(0);
    // The HEALTHCHECK reads the liveness probe, which only the app's process answers 200 (no page fallback).
    expect(dockerfile.healthcheck.join(' ')).toContain('/livez');
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect((await fetch(`${base}/health`)).status).toBe(404);
  },
  PROCESS_TIMEOUT_MS,
);

it(
  'runs the hotel commands with runtime packages only (content check, QR sheet fonts and PDF)',
  () => {
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
  },
  PROCESS_TIMEOUT_MS,
);
