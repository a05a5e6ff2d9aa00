/** docs/server.md#configuration-environment: production never runs on the public development front token. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertProductionConfig } from '../../server/config.ts';

describe('production configuration', () => {
  it('refuses NODE_ENV=production without FRONT_TOKEN, accepts it with one, and development without', () => {
    expect(() => assertProductionConfig({ NODE_ENV: 'production' })).toThrow(/FRONT_TOKEN must be set/);
    expect(() => assertProductionConfig({ NODE_ENV: 'production', FRONT_TOKEN: 'a-real-token' })).not.toThrow();
    expect(() => assertProductionConfig({})).not.toThrow();
  });

  it('`npm start` (server/main.ts) exits with code 1 before touching the database', () => {
    const directory = mkdtempSync(join(tmpdir(), 'greenmiles-production-'));
    const { FRONT_TOKEN: _ignored, ...environment } = process.env;
    const run = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...environment, NODE_ENV: 'production', PORT: '0', DATABASE_URL: `sqlite:${join(directory, 'x.db')}` },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FRONT_TOKEN must be set when NODE_ENV=production');
    expect(spawnSync('ls', [directory], { encoding: 'utf8' }).stdout.trim()).toBe('');
  });
});
