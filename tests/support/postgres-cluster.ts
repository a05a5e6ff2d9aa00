/**
 * A private PostgreSQL cluster (the newest installed of SUPPORTED_POSTGRES_VERSIONS) in a temp dir: a Unix socket, and
 * TCP on 127.0.0.1 only when asked (`tcp: true`), fsync off unless asked to be durable (`durable: true`, as a hotel runs
 * it). Run as root, the
 * cluster belongs to the `postgres` user (initdb refuses root). Used by the server tests' global setup
 * and by the API benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Newest first: the first one installed is used. */
export const SUPPORTED_POSTGRES_VERSIONS = [17, 16, 15, 14, 13];

/**
 * The directory of `initdb` and `pg_ctl`: PG_BIN_DIR when set, else the newest supported version installed
 * under /usr/lib/postgresql (Debian and Ubuntu's layout).
 */
export function postgresBinDir(
  env: NodeJS.ProcessEnv = process.env,
  isInstalled: (dir: string) => boolean = (dir) => existsSync(join(dir, 'initdb')),
): string {
  if (env.PG_BIN_DIR) return env.PG_BIN_DIR;
  const candidates = SUPPORTED_POSTGRES_VERSIONS.map((version) => `/usr/lib/postgresql/${version}/bin`);
  const found = candidates.find(isInstalled);
  if (found) return found;
  throw new Error(
    `No PostgreSQL server binaries in ${candidates.join(', ')}: install PostgreSQL ${SUPPORTED_POSTGRES_VERSIONS.at(-1)}–${SUPPORTED_POSTGRES_VERSIONS[0]}, or set PG_BIN_DIR to the directory of initdb and pg_ctl`,
  );
}

export interface PostgresCluster {
  /** Admin URL (user postgres, database postgres) over the Unix socket. */
  url: string;
  /** The same over TCP (127.0.0.1), when the cluster was started with `tcp: true`. */
  tcpUrl?: string;
  /** Stops the cluster and removes its files. */
  stop: () => void;
  /**
   * Stops the server, keeping its data, as a database restart does: `fast` (the default) cuts open connections and
   * rolls their transactions back; `immediate` is a crash (the next start recovers from the WAL).
   */
  pause: (mode?: 'fast' | 'immediate') => void;
  /** Starts the paused server again on the same socket, waiting until it accepts connections. */
  resume: () => void;
}

export interface PostgresClusterOptions {
  maxConnections?: number;
  /** Listen on 127.0.0.1 too (`tcpUrl`). */
  tcp?: boolean;
  /** fsync on, as production runs (the tests run with fsync off: they never crash the machine). */
  durable?: boolean;
  /** Extensions to load at start (`shared_preload_libraries`), e.g. `pg_stat_statements`. */
  preload?: string[];
  /**
   * Confines the server's processes to these CPUs (a `taskset` list: `0`, `0,1`); keeping other processes off them
   * is the caller's part (the API benchmarks).
   */
  cpus?: string;
}

export function startPostgresCluster(options: PostgresClusterOptions = {}): PostgresCluster {
  const binDir = postgresBinDir();
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
  const run = (bin: string, args: string[], cpus?: string) => {
    const program: [string, ...string[]] = [join(binDir, bin), ...args];
    const confined: [string, ...string[]] = cpus === undefined ? program : ['taskset', '-c', cpus, ...program];
    const [command, ...commandArgs]: [string, ...string[]] = asRoot
      ? ['runuser', '-u', 'postgres', '--', ...confined]
      : confined;
    execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  // The server's processes, started by pg_ctl, inherit its CPUs.
  const startServer = () =>
    run(
      'pg_ctl',
      [
        '-D',
        dataDir,
        '-o',
        [
          `-p ${port} -k ${sockDir} -c listen_addresses='${options.tcp ? '127.0.0.1' : ''}'`,
          `-c fsync=${options.durable ? 'on' : 'off'} -c max_connections=${options.maxConnections ?? 200}`,
          options.preload?.length ? `-c shared_preload_libraries=${options.preload.join(',')}` : '',
        ].join(' '),
        '-l',
        logFile,
        '-w',
        'start',
      ],
      options.cpus,
    );
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    startServer();
  } catch (error) {
    // A program that did not start (ENOENT) has no stderr: its error says why.
    const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr ?? '').trim() : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start a private PostgreSQL cluster: ${stderr || error}`);
  }
  return {
    url: `postgres://postgres@${encodeURIComponent(sockDir)}:${port}/postgres`,
    ...(options.tcp ? { tcpUrl: `postgres://postgres@127.0.0.1:${port}/postgres` } : {}),
    pause: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    resume: startServer,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped (paused): only the files are left to remove.
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
