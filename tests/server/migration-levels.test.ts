/**
 * Migration levels (docs/operations.md#upgrade-and-roll-back) on both databases: a version older than its database
 * (a rollback without restoring the backup made before the upgrade) refuses it in one line naming both levels, in
 * `npm start` and in the CLI, changing nothing; a database made by the first migrations, with data in it, migrates
 * forward to the current set and serves that data.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { describeDatabaseUrl } from '../../server/db/connection.ts';
import {
  executedMigrations,
  latestMigration,
  MigrationLevelError,
  migrateToLatest,
  migrationsFor,
} from '../../server/db/migrations.ts';
import { createTestDatabase, DIALECTS, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

/** A migration of a newer version than this one. */
const NEWER = '0999_from_a_newer_version';

function run(script: string, args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.split('\n').filter(Boolean) };
}

describe.each(DIALECTS)('a database a newer version migrated [%s]', { timeout: 90_000 }, (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.handle.db
      .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
      .insertInto('kysely_migration')
      .values({ name: NEWER, timestamp: new Date().toISOString() })
      .execute();
  });
  afterAll(() => database.drop());

  const line = () =>
    `the database ${describeDatabaseUrl(database.url)} is at migration ${NEWER}, newer than this version of GreenMiles (whose newest is ${latestMigration(dialect)}): run the newer version, or restore the backup made before the upgrade (docs/operations.md#upgrade-and-roll-back)`;

  it('migrateToLatest refuses it, naming both levels, and runs nothing', async () => {
    const before = await executedMigrations(database.handle.db);
    const refusal = await migrateToLatest(database.handle.db, database.handle.kind).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MigrationLevelError);
    expect(refusal).toMatchObject({ databaseLevel: NEWER, codeLevel: latestMigration(dialect) });
    expect(await executedMigrations(database.handle.db)).toEqual(before);
  });

  it('`npm start` (server/main.ts) exits 1 with one line on stderr, before serving', () => {
    const start = run('server/main.ts', [], database.url);
    expect(start.status).toBe(1);
    expect(start.stderr).toEqual([`GreenMiles cannot start: ${line()}`]);
    expect(start.stdout).not.toContain('GreenMiles is running');
  });

  it('the CLI (db:migrate, qr:rotate) exits 1 with the same line', () => {
    for (const args of [['migrate'], ['qr:rotate', '--hotel', '1', '--key']]) {
      const cli = run('server/cli.ts', args, database.url);
      expect(cli.status, args.join(' ')).toBe(1);
      expect(cli.stderr).toEqual([`GreenMiles cannot run: ${line()}`]);
    }
  });
});

/** The first migrations: the schema of an early GreenMiles, before stays had an end-by date or hotels a QR key. */
const EARLY_LEVEL = '0004_checkout';

describe.each(DIALECTS)('upgrading a database made by the first migrations [%s]', (dialect) => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it(`migrates a database at ${EARLY_LEVEL} with a hotel, a stay and its points forward; the app serves and writes them`, async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const { db, kind } = database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
    expect((await migrator.migrateTo(EARLY_LEVEL)).error).toBeUndefined();
    expect(await executedMigrations(db)).toEqual(Object.keys(migrationsFor(kind)).slice(0, 4));

    // Rows as that version wrote them (its columns only), written out: later code must not shape them.
    const createdAt = new Date().toISOString();
    await sql`INSERT INTO hotels (id, name, green_miles_name, time_zone, staff_pin_hash, content_version, updated_at)
      VALUES (7, 'Hôtel Ancien', 'GreenMiles', 'Europe/Paris', 'x', 'v1', ${createdAt})`.execute(db);
    await sql`INSERT INTO hotel_languages (hotel_id, code, name, enabled, direction, is_primary, position)
      VALUES (7, 'fr', 'Français', 1, 'ltr', 1, 0)`.execute(db);
    await sql`INSERT INTO rooms (hotel_id, number, qr_id) VALUES (7, '101', 'ancien-101')`.execute(db);
    await sql`INSERT INTO actions (hotel_id, key, type, scope, period, reward, position, positive_response)
      VALUES (7, 'towels', 'YESNO', 'ROOM', 'STAY', 15, 0, 'YES')`.execute(db);
    const action = await db.selectFrom('actions').select('id').where('key', '=', 'towels').executeTakeFirstOrThrow();
    await sql`INSERT INTO action_translations (action_id, lang, name, description, question)
      VALUES (${action.id}, 'fr', 'Serviettes', 'Réutilisez vos serviettes.', 'Réutiliserez-vous vos serviettes ?')`.execute(
      db,
    );
    const room = await db.selectFrom('rooms').select('id').where('qr_id', '=', 'ancien-101').executeTakeFirstOrThrow();
    const sUUID = '11111111-2222-4333-8444-555555555555';
    const profileUUID = '66666666-7777-4888-8999-aaaaaaaaaaaa';
    await sql`INSERT INTO stays (s_uuid, profile_uuid, hotel_id, room_id, status, created_at)
      VALUES (${sUUID}, ${profileUUID}, 7, ${room.id}, 'active', ${createdAt})`.execute(db);
    const stay = await db.selectFrom('stays').select('id').where('s_uuid', '=', sUUID).executeTakeFirstOrThrow();
    await sql`INSERT INTO ledger_entries (stay_id, amount, reason, idempotency_key, created_at)
      VALUES (${stay.id}, 40, 'welcome', 'early:welcome', ${createdAt})`.execute(db);

    const applied = await migrateToLatest(db, kind);
    expect(applied).toEqual(Object.keys(migrationsFor(kind)).slice(4));
    expect((await executedMigrations(db)).at(-1)).toBe(latestMigration(kind));

    const app = await buildApp({ db, kind, frontToken: TEST_FRONT_TOKEN });
    try {
      const read = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().stay).toMatchObject({
        hotelName: 'Hôtel Ancien',
        roomNb: '101',
        greenMiles: 40,
        status: 'active',
      });
      const answer = await app.inject({
        method: 'POST',
        url: `/api/actions/${action.id}/yesno`,
        payload: { uuid: profileUUID, sUUID, response: true },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const after = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
      expect(after.json().stay.greenMiles).toBe(55);
    } finally {
      await app.close();
    }
  });
});
