/**
 * A private PostgreSQL 15 cluster in a temp dir: Unix socket only, no TCP, fsync off. Run as root, the
 * cluster belongs to the `postgres` user (initdb refuses root). Used by the server tests' global setup
 * and by the API benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** Admin URL (user postgres, database postgres) over the Unix socket. */
  url: string;
  /** Stops the cluster and removes its files. */
  stop: () => void;
}

export function startPostgresCluster(options: { maxConnections?: number } = {}): PostgresCluster {
  const root = mkdtempSync(join(tmpdir(), 'greenmiles-pg-'));
  const dataDir = join(root, 'data');
  const sockDir = root;
  const logFile = join(root, 'postgres.log');
  const port = 20000 + Math.floor(Math.random() * 30000);
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pgUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const pgGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, pgUid, pgGid);
  }
  const run = (bin: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(PG_BIN, bin);
    const finalArgs = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
    execFileSync(command, finalArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${sockDir} -c listen_addresses='' -c fsync=off -c max_connections=${options.maxConnections ?? 200}`,
      '-l',
      logFile,
      '-w',
      'start',
    ]);
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String((error as { stderr: unknown }).stderr) : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start a private PostgreSQL cluster: ${detail || error}`);
  }
  return {
    url: `postgres://postgres@${encodeURIComponent(sockDir)}:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
