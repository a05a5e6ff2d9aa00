/**
 * `npm start`: one process serving the API and the built SPA (server/start.ts), shut down gracefully on SIGTERM/SIGINT
 * (server/shutdown.ts). Stdout carries only the JSON log; what a person reads (the URL block, the build) goes to stderr.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { assertProductionConfig, readConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';
import { databaseStartFailure } from './db/unavailable.ts';
import { MetricsPortError } from './metrics.ts';
import { createDrain, shutDown } from './shutdown.ts';
import { start } from './start.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
try {
  assertProductionConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = readConfig();

function viteBuild(): boolean {
  const vite = join(root, 'node_modules', '.bin', 'vite');
  if (!existsSync(vite)) {
    // A production install (scripts/install-production.sh) builds dist/ and then removes the build tools.
    console.error(
      'vite is not installed: build dist/ before removing the devDependencies (docs/operations.md#install)',
    );
    return false;
  }
  return spawnSync(vite, ['build'], { cwd: root, stdio: ['ignore', 2, 2], timeout: 5 * 60_000 }).status === 0;
}

let log: FastifyBaseLogger | undefined;
const drain = createDrain();
let running: { database: DatabaseHandle; server: FastifyInstance };
try {
  // A connection lost during start-up fails the start-up's own query, which says more.
  const database = openDatabase(config.databaseUrl, (error) =>
    log?.warn({ detail: error.message }, 'PostgreSQL connection lost'),
  );
  const server = await start({
    config,
    database,
    distDir: join(root, 'dist'),
    buildSpa: viteBuild,
    print: (text) => console.error(text),
    drain,
  });
  running = { database, server };
} catch (error) {
  const failure =
    databaseStartFailure(error, config.databaseUrl) ?? (error instanceof MetricsPortError ? error.message : null);
  if (failure === null) throw error;
  console.error(`GreenMiles cannot start: ${failure}`);
  process.exit(1);
}
const { database, server } = running;
log = server.log;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  // The drain cuts what is left when its window ends; this only guards against a close that hangs after it.
  const timer = setTimeout(() => {
    server.log.error({ signal }, 'shutdown did not complete: exiting');
    process.exit(1);
  }, config.shutdownDrainMs + 5_000);
  timer.unref();
  try {
    await shutDown({ app: server, database, drain, drainMs: config.shutdownDrainMs, signal });
    process.exit(0);
  } catch (error) {
    server.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
