/**
 * `npm run hotel:create` (server/cli.ts, server/content/create-hotel.ts) on both databases: a hotel from nothing. The
 * command imports the smallest valid content (in the history and the trail) and a first manager, prints the PIN once;
 * a running server then signs the manager in with it and shows the content editor's document.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentReply } from '../../contract/content-editor.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './harness.ts';

function hotelCreate(databaseUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, ['server/cli.ts', 'hotel:create', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const LAC = ['--id', '7', '--name', 'Hôtel du Lac', '--time-zone', 'Europe/Paris', '--language', 'fr'];

it('is an npm script running the CLI', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(scripts['hotel:create']).toBe('node server/cli.ts hotel:create');
});

describe.each(DIALECTS)('npm run hotel:create [%s]', { timeout: 90_000 }, (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    server = await startServer(database.url);
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database.drop();
  });

  it('creates the hotel with its languages and nothing else, and a manager who signs in with the printed PIN', async () => {
    const created = hotelCreate(database.url, [...LAC, '--language', 'en', '--manager', 'Amina Diallo']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^hotel 7 "Hôtel du Lac" created \(fr, en; no rooms, actions or rewards yet\)$/m);
    expect(created.stdout).toMatch(/^ {2}hotel QR key [0-9a-z]{12} \(QR code: \{app address\}\/hotel\/7\?k=/m);
    expect(created.stdout).toMatch(/^hotel 7: staff account "Amina Diallo" \(manager, id \d+\) added$/m);
    const pin = /^PIN: (\d{6})$/m.exec(created.stdout)?.[1];
    expect(pin, created.stdout).toBeDefined();

    const session = await fetch(`${server.base}/api/staff/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hId: 7, name: 'amina diallo', pin }),
    });
    expect(session.status).toBe(201);
    const { token, account } = (await session.json()) as { token: string; account: { id: number; role: string } };
    expect(account.role).toBe('manager');
    const content = await fetch(`${server.base}/api/staff/hotels/7/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(content.status).toBe(200);
    const { document, number } = (await content.json()) as ContentReply;
    expect(number).toBe(1);
    expect(document.hotel).toMatchObject({ id: 7, name: 'Hôtel du Lac', isDemo: false, timeZone: 'Europe/Paris' });
    expect(document.languages.map(({ code, name, isPrimary }) => ({ code, name, isPrimary }))).toEqual([
      { code: 'fr', name: 'Français', isPrimary: true },
      { code: 'en', name: 'English', isPrimary: false },
    ]);
    expect([document.rooms ?? [], document.actions ?? [], document.rewards ?? []]).toEqual([[], [], []]);

    // The trail: the content imported and the account added, both by the command (no account).
    const trail = await database.handle.db
      .selectFrom('staff_audit')
      .select(['kind', 'account_id', 'detail'])
      .where('hotel_id', '=', 7)
      .where('kind', '!=', 'signIn')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { kind: 'accountAdded', account_id: null, detail: 'Amina Diallo (manager), hotel:create' },
      { kind: 'contentImported', account_id: null, detail: 'hotel:create' },
    ]);
  });

  it('refuses an id that exists, changing nothing (exit 1)', async () => {
    const before = await database.handle.db
      .selectFrom('hotels')
      .select(['name', 'content_version'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const refused = hotelCreate(database.url, [
      '--id',
      '1',
      '--name',
      'Autre',
      '--time-zone',
      'Europe/Paris',
      '--language',
      'fr',
      '--manager',
      'Zed',
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Hotel 1 exists already: choose another id (its content is edited on the staff page)',
    );
    expect(
      await database.handle.db
        .selectFrom('hotels')
        .select(['name', 'content_version'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    const zed = await database.handle.db
      .selectFrom('staff_accounts')
      .select('id')
      .where('name', '=', 'Zed')
      .executeTakeFirst();
    expect(zed).toBeUndefined();
  });

  it('reports content the rules refuse (exit 1) and a missing option with the usage (exit 2), creating nothing', async () => {
    const badZone = hotelCreate(database.url, [
      '--id',
      '8',
      '--name',
      'Hôtel',
      '--time-zone',
      'Mars/Base',
      '--language',
      'fr',
      '--manager',
      'Zed',
    ]);
    expect(badZone.status).toBe(1);
    expect(badZone.stderr).toContain('hotel.timeZone: unknown time zone "Mars/Base"');
    expect(badZone.stderr).not.toMatch(/\n\s+at /);
    for (const args of [
      ['--id', '8', '--name', 'Hôtel', '--time-zone', 'Europe/Paris', '--manager', 'Zed'],
      ['--id', '8', '--name', 'Hôtel', '--time-zone', 'Europe/Paris', '--language', 'fr'],
      ['--id', 'x', '--name', 'Hôtel', '--time-zone', 'Europe/Paris', '--language', 'fr', '--manager', 'Zed'],
    ]) {
      const refused = hotelCreate(database.url, args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(/^usage: .*hotel:create --id ID --name NAME --time-zone ZONE --language CODE/);
    }
    const eight = await database.handle.db.selectFrom('hotels').select('id').where('id', '=', 8).executeTakeFirst();
    expect(eight).toBeUndefined();
  });
});
