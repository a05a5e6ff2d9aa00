/**
 * What the server loads at run time is in `dependencies` (docs/architecture.md#folders-and-their-import-rules): a
 * production install prunes every devDependency (docs/operations.md#install). Follows the modules the server's
 * entry points import, as Node loads them (`import type` is erased, every other import and `require.resolve` is
 * loaded), and names each package they reach. production-install.test.ts starts the pruned server for real; this
 * check also covers the modules that start-up does not run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../support/production-install.ts';

const ENTRY_POINTS = ['server/main.ts', 'server/cli.ts', 'server/report-cli.ts', 'server/qr-sheet-cli.ts'];

/** `import … from 'x'` and `export … from 'x'` (not `import type`/`export type`), `import 'x'`, `import('x')`, `require.resolve('x')`. */
const LOADS =
  /^\s*(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)|\brequire(?:\.resolve)?\(\s*'([^']+)'\s*\)/gm;

function packageName(specifier: string): string {
  const [scope = '', name = ''] = specifier.split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The packages the entry points reach, each with the first module that loads it. */
function packagesLoaded(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => resolve(REPO_ROOT, entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(LOADS)) {
      const specifier = match.slice(1).find((group) => group !== undefined) ?? '';
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        expect(existsSync(target), `${relative(REPO_ROOT, file)} loads ${specifier}`).toBe(true);
        queue.push(target);
      } else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        const name = packageName(specifier);
        if (!packages.has(name)) packages.set(name, relative(REPO_ROOT, file));
      }
    }
  }
  return packages;
}

it('finds every package the server loads at run time in dependencies, none only in devDependencies', () => {
  const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const loaded = packagesLoaded(ENTRY_POINTS);
  // The walk reaches the database drivers, the mailer and the QR sheet's fonts, or it follows nothing.
  for (const name of ['better-sqlite3', 'pg', 'nodemailer', '@fontsource/noto-sans-arabic'])
    expect([...loaded.keys()]).toContain(name);
  const missing = [...loaded]
    .filter(([name]) => !(name in manifest.dependencies))
    .map(([name, by]) => `${name} (${by})`);
  expect(missing).toEqual([]);
});
