/**
 * A production install as an operator makes it (docs/operations.md#install): a clean clone of the committed HEAD,
 * then scripts/install-production.sh, run from a shell whose PATH has no project's node_modules/.bin (the system's
 * Node, whatever its version) and no npm_* variables of the npm run that started the caller.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The caller's environment as an operator's shell has it, plus `extra`. */
export function operatorEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.toLowerCase().startsWith('npm_')) env[name] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules'))
    .join(':');
  return { ...env, ...extra };
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string, args: string[], cwd: string, env = operatorEnv()): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

/** `git clone` of this repository's committed HEAD into `dir`/app; returns the clone's path. */
export function cloneHead(dir: string): string {
  const app = join(dir, 'app');
  run('git', ['clone', '--quiet', REPO_ROOT, app], dir);
  run('git', ['checkout', '--quiet', run('git', ['rev-parse', 'HEAD'], REPO_ROOT).stdout.trim()], app);
  return app;
}

/** The registry is asked only about what npm's cache lacks. */
const INSTALL_FLAGS = '--prefer-offline';

/** scripts/install-production.sh in the clone. */
export function installProduction(app: string): void {
  run('sh', ['scripts/install-production.sh'], app, operatorEnv({ NPM_INSTALL_FLAGS: INSTALL_FLAGS }));
}

/** The full install (devDependencies included), as the README's `npm install`. */
export function installEverything(app: string): void {
  run('npm', ['install', '--no-audit', '--no-fund', INSTALL_FLAGS], app);
}

/** Disk use of a directory in MiB (du). */
export function sizeMiB(path: string): number {
  return Number(run('du', ['-sm', path], REPO_ROOT).stdout.split('\t')[0]);
}
