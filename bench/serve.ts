import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** A SQLite file in a new temporary directory, and the removal of that directory. */
function freshDatabase(): { url: string; remove: () => void } {
  const directory = mkdtempSync(join(tmpdir(), 'greenmiles-bench-'));
  return {
    url: `sqlite:${join(directory, 'bench.db')}`,
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** Starts `npm start`'s entry point on a loopback port; resolves once /healthz answers. */
export async function startServer(options: ServerOptions = {}): Promise<StartedServer> {
  const database = options.databaseUrl === undefined ? freshDatabase() : { url: options.databaseUrl, remove: () => {} };
  const server = await spawnServer(
    'server/main.ts',
    { DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...options.env },
    options.port,
  ).catch((error: unknown) => {
    database.remove();
    throw error;
  });
  const { pid } = server.child;
  if (pid === undefined) throw new Error('server/main.ts started without a process id');
  return {
    baseUrl: server.base,
    pid,
    stop: async () => {
      await stopServer(server);
      database.remove();
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
