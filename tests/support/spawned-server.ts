/**
 * Real server processes on a loopback port, for the tests, journeys and benches that start one of their own: a free
 * port, a server entry point started and waited for, and its stop. No test framework here: the benches use it too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on on 127.0.0.1, the moment it is returned. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote on stderr (shown when it fails to start). */
  errors: string[];
  /** What it wrote on stdout: its log lines. */
  output: string[];
}

/** How long a server may take to answer /healthz: migrations first, on a machine busy with a whole test suite. */
const START_TIMEOUT_MS = 60_000;

/**
 * Starts the server entry point `entry` (`server/main.ts`, `tests/support/api-server.ts`) on 127.0.0.1, with `env`
 * added to this process's environment; resolves once /healthz answers. It fails with what the process wrote on stderr
 * when the process exits first or does not answer in time. A process still running when this one exits is killed.
 */
export async function spawnServer(entry: string, env: NodeJS.ProcessEnv, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(chosen), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const errors: string[] = [];
  const output: string[] = [];
  child.on('error', (error) => errors.push(String(error)));
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const healthy = await fetch(`${base}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { base, child, errors, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not start: ${errors.join('')}`);
}

/** SIGTERM, then waits for the process to exit (at once when it has already). */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}
