import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const lingui = join(process.cwd(), 'node_modules/@lingui/cli/dist/lingui.js');

it('the catalogs are what `npm run i18n:extract` writes, so extracting an untouched tree changes nothing', () => {
  // One process: Lingui's extraction workers crash under vitest's NODE_ENV=test.
  const check = spawnSync(process.execPath, [lingui, 'check', 'sync', '--clean', '--workers', '1'], {
    encoding: 'utf8',
  });
  expect(check.stdout + check.stderr).toContain('PASS sync');
  expect(check.status).toBe(0);
}, 60_000);
