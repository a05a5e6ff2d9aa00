/**
 * `npm run staff:add` (server/cli.ts) on both databases: the way IT lets a person in when no manager can sign in. The
 * command adds the account and prints its PIN once; a server process then signs the person in with it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './harness.ts';

function staffAdd(databaseUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, ['server/cli.ts', 'staff:add', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('is an npm script running the CLI', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(scripts['staff:add']).toBe('node server/cli.ts staff:add');
});

describe.each(DIALECTS)('npm run staff:add [%s]', { timeout: 90_000 }, (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    // Nobody at hotel 1 can sign in as a manager any more.
    await database.handle.db
      .updateTable('staff_accounts')
      .set({ enabled: 0 })
      .where('hotel_id', '=', 1)
      .where('role', '=', 'manager')
      .execute();
    server = await startServer(database.url);
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database.drop();
  });

  it('adds a manager and prints the PIN once; the person signs in with it on a running server and manages people', async () => {
    const added = staffAdd(database.url, ['--hotel', '1', '--name', 'Amina Diallo', '--role', 'manager']);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    const pin = /^PIN: (\d{6})$/m.exec(added.stdout)?.[1];
    expect(pin, added.stdout).toBeDefined();
    expect(added.stdout).toMatch(/^hotel 1: staff account "Amina Diallo" \(manager, id \d+\) added$/m);
    const session = await fetch(`${server.base}/api/staff/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hId: 1, name: 'amina diallo', pin }),
    });
    expect(session.status).toBe(201);
    const { token, account } = (await session.json()) as { token: string; account: { id: number; role: string } };
    expect(account.role).toBe('manager');
    const list = await fetch(`${server.base}/api/staff/hotels/1/accounts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    // The trail has it, done by no account (a command on the server).
    const row = await database.handle.db
      .selectFrom('staff_audit')
      .select(['account_id', 'actor_name', 'detail'])
      .where('kind', '=', 'accountAdded')
      .where('hotel_id', '=', 1)
      .where('target_account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_id: null, actor_name: null, detail: 'Amina Diallo (manager)' });
  });

  it('refuses a name the hotel has (any case), an unknown hotel (exit 1), and a bad role or missing option (usage, exit 2)', () => {
    const taken = staffAdd(database.url, ['--hotel', '1', '--name', 'HUGO', '--role', 'frontDesk']);
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('Another staff account of the hotel is named HUGO');
    const unknown = staffAdd(database.url, ['--hotel', '999', '--name', 'Zed', '--role', 'frontDesk']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('Hotel not found');
    for (const args of [
      ['--hotel', '1', '--name', 'Zed', '--role', 'owner'],
      ['--hotel', '1', '--role', 'manager'],
      ['--hotel', 'x', '--name', 'Zed', '--role', 'manager'],
    ]) {
      const refused = staffAdd(database.url, args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(
        /^usage: .*staff:add --hotel ID --name NAME --role manager\|frontDesk\|housekeeping/,
      );
    }
    // An option the command does not know: its name and the usage, no stack trace.
    const unknownOption = staffAdd(database.url, ['--hotel', '1', '--name', 'Zed', '--role', 'manager', '--pin', '1']);
    expect(unknownOption.status).toBe(2);
    expect(unknownOption.stderr).toMatch(/--pin/);
    expect(unknownOption.stderr).toMatch(/\nusage: /);
    expect(unknownOption.stderr).not.toMatch(/\n\s+at /);
  });
});
