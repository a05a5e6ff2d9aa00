/**
 * PostgreSQL write transactions (`store.write`) on the pool's prepared statements (server/db/connection.ts): commits,
 * rollbacks from the first or a later statement, a statement PostgreSQL cannot parse, reads only.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../server/db/store.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

describe('PostgreSQL write transactions', () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    store = createStore(database.handle.db, 'postgres');
    await sql`CREATE TABLE scratch (id integer PRIMARY KEY, note text NOT NULL)`.execute(database.handle.db);
  });

  afterAll(async () => {
    await database.drop();
  });

  afterEach(async () => {
    await sql`DELETE FROM scratch`.execute(database.handle.db);
  });

  const insert = (db: Store['db'], id: number, note = `note ${id}`) =>
    sql`INSERT INTO scratch (id, note) VALUES (${id}, ${note})`.execute(db);
  const ids = async () =>
    (await sql<{ id: number }>`SELECT id FROM scratch ORDER BY id`.execute(store.db)).rows.map((row) => row.id);
  const transactionId = async (db: Store['db']) =>
    (await sql<{ id: string }>`SELECT txid_current()::text AS id`.execute(db)).rows[0]?.id;

  it('commits the writes', async () => {
    const result = await store.write(async (tx) => {
      await insert(tx.db, 1);
      await insert(tx.db, 2);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await ids()).toEqual([1, 2]);
  });

  it('runs the first statement inside the transaction', async () => {
    const [first, second] = await store.write(async (tx) => [await transactionId(tx.db), await transactionId(tx.db)]);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    // Outside a transaction each statement is a transaction of its own.
    expect(await transactionId(store.db)).not.toBe(await transactionId(store.db));
  });

  it('rolls back every write when a later statement fails, and the connection serves the next transaction', async () => {
    await insert(store.db, 1);
    await expect(
      store.write(async (tx) => {
        await insert(tx.db, 2);
        await insert(tx.db, 1); // the primary key is taken
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([1]);
    await store.write((tx) => insert(tx.db, 3));
    expect(await ids()).toEqual([1, 3]);
  });

  it('rolls back when the first statement fails, whatever the connection it runs on next', async () => {
    await insert(store.db, 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(store.write((tx) => insert(tx.db, 1))).rejects.toMatchObject({ code: '23505' });
    }
    await Promise.all([4, 5, 6, 7].map((id) => store.write((tx) => insert(tx.db, id))));
    expect(await ids()).toEqual([1, 4, 5, 6, 7]);
  });

  it('answers the same error each time the first statement cannot be parsed, then prepares it once it can', async () => {
    const readMissing = (db: Store['db']) => sql`SELECT count(*) FROM scratch_later`.execute(db);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // 42P01: the table does not exist (not 26000, a prepared statement taken for parsed when it was not).
      await expect(store.write((tx) => readMissing(tx.db))).rejects.toMatchObject({ code: '42P01' });
    }
    await sql`CREATE TABLE scratch_later (id integer)`.execute(store.db);
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { rows } = await store.write((tx) => readMissing(tx.db));
        expect(rows).toEqual([{ count: 0 }]);
      }
    } finally {
      await sql`DROP TABLE scratch_later`.execute(store.db);
    }
  });

  it('runs a transaction of reads only', async () => {
    await insert(store.db, 1);
    const counts = await store.write(async (tx) => {
      const first = await sql<{ n: number }>`SELECT count(*) AS n FROM scratch`.execute(tx.db);
      const second = await sql<{ n: number }>`SELECT count(*) AS n FROM scratch WHERE id > ${0}`.execute(tx.db);
      return [first.rows[0]?.n, second.rows[0]?.n];
    });
    expect(counts).toEqual([1, 1]);
  });
});
