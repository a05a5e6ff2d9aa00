/**
 * What production installs (docs/operations.md#install): node_modules of a clean clone of the committed HEAD after
 * the full install (`npm install`, the README's) and after scripts/install-production.sh (build, then prune the
 * devDependencies), with the share of the Node 24 binary the `node` package brings. Figures only, never compared
 * with a goal. Run with `npm run bench:production-size` (a few minutes: two installs' worth of work, one build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneHead, installEverything, installProduction, sizeMiB } from '../tests/support/production-install.ts';

const dir = mkdtempSync(join(tmpdir(), 'greenmiles-size-'));
try {
  const app = cloneHead(dir);
  const modules = join(app, 'node_modules');
  installEverything(app);
  const full = sizeMiB(modules);
  // The script's own npm install then finds everything in place: it builds and prunes.
  installProduction(app);
  const production = sizeMiB(modules);
  const nodeBinary = sizeMiB(join(modules, 'node'));
  console.log('node_modules of a clean clone (MiB, du)');
  console.log(`  full install (npm install)                     ${String(full).padStart(5)}`);
  console.log(`  production (scripts/install-production.sh)     ${String(production).padStart(5)}`);
  console.log(`    of which the Node 24 binary (node package)   ${String(nodeBinary).padStart(5)}`);
  console.log(`    of which the other runtime packages          ${String(production - nodeBinary).padStart(5)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
