/** Real server processes for the cross-process and fault tests (tests/support/api-server.ts on a given database). */
import { type ChildProcess, spawn } from 'node:child_process';
import { TEST_FRONT_TOKEN } from '../server/harness.ts';
import { freePort } from './free-port.ts';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote on stderr (shown when it fails to start). */
  errors: string[];
  /** What it wrote on stdout: its log lines (LOG_LEVEL=error unless `env` says otherwise). */
  output: string[];
}

/** A server process on the database; `env` adds to or overrides its environment (a rate limit, TRUST_PROXY, LOG_LEVEL,
 * api-server.ts's TEST_REQUEST_TIMEOUT_MS…). */
export async function startServer(
  databaseUrl: string,
  port?: number,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['tests/support/api-server.ts'], {
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      FRONT_TOKEN: TEST_FRONT_TOKEN,
      LOG_LEVEL: 'error',
      // The races send 200 submissions to one stay at once, which the per-stay limit would mostly answer 429 before
      // they race; the limits across servers are tests/server/rate-limits.test.ts's.
      RATE_LIMIT_SUBMISSIONS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${base}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { base, child, errors, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server process did not start: ${errors.join('')}`);
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}
