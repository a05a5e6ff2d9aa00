/**
 * Starts a private PostgreSQL 15 cluster for the server tests (unix socket only, in a temp dir owned by
 * `postgres`), unless TEST_DATABASE_URL names an existing server. Its admin URL reaches the tests through
 * `inject('postgresUrl')`. If PostgreSQL cannot start, the whole suite fails: it never silently skips.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export default function setup(project: TestProject): (() => void) | undefined {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresUrl', external);
    return undefined;
  }
  const root = mkdtempSync(join(tmpdir(), 'greenmiles-pg-'));
  const dataDir = join(root, 'data');
  const sockDir = root;
  const logFile = join(root, 'postgres.log');
  const port = 20000 + Math.floor(Math.random() * 30000);
  const asRoot = userInfo().uid === 0;
  let pgUid = -1;
  let pgGid = -1;
  if (asRoot) {
    pgUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    pgGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
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
      `-p ${port} -k ${sockDir} -c listen_addresses='' -c fsync=off -c max_connections=200`,
      '-l',
      logFile,
      '-w',
      'start',
    ]);
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String((error as { stderr: unknown }).stderr) : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start the private PostgreSQL cluster for the server tests: ${detail || error}`);
  }
  project.provide('postgresUrl', `postgres://postgres@${encodeURIComponent(sockDir)}:${port}/postgres`);
  return () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}
