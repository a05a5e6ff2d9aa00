import { describe, expect, it } from 'vitest';
import { postgresBinDir } from '../support/postgres-cluster.ts';

describe('the test cluster finds PostgreSQL', () => {
  const installed =
    (...versions: number[]) =>
    (dir: string) =>
      versions.some((version) => dir === `/usr/lib/postgresql/${version}/bin`);

  it('takes the newest installed version of 13–17', () => {
    expect(postgresBinDir({}, installed(13, 16))).toBe('/usr/lib/postgresql/16/bin');
    expect(postgresBinDir({}, installed(17, 15))).toBe('/usr/lib/postgresql/17/bin');
    expect(postgresBinDir({}, installed(13))).toBe('/usr/lib/postgresql/13/bin');
  });

  it('uses PG_BIN_DIR when set', () => {
    expect(postgresBinDir({ PG_BIN_DIR: '/opt/pg/bin' }, installed(16))).toBe('/opt/pg/bin');
  });

  it('says what to install or set when none is found', () => {
    expect(() => postgresBinDir({}, installed(12, 18))).toThrow(/install PostgreSQL 13–17, or set PG_BIN_DIR/);
  });
});
