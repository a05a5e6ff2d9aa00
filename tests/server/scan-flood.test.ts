/**
 * Issue #24's disk-filling attack on a real server process (tests/support/api-server.ts: `npm start`'s start-up, the
 * default rate limits) on a SQLite file: scan records of the largest size the schema allows, sent by one client as
 * fast as it can (docs/behaviour.md#qr-scans). Before, each was a row with its user agent and referer, about 3 KB:
 * 2,000 of them grew the database by megabytes. Now they are counts per hotel, day and kind, and the client's
 * address has 120 a minute.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase } from './harness.ts';

const RECORDS = 2000;
const CLIENTS = 20;
const PER_ADDRESS = 120;

it(`${RECORDS} scan records of the largest size from one client: ${PER_ADDRESS} a minute counted, the rest 429, the file grows by no row`, async () => {
  const database = await createTestDatabase('sqlite');
  const server = await startServer(database.url);
  const pages = async () => {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.handle.db);
    return rows[0]?.page_count ?? 0;
  };
  try {
    const record = {
      qrId: 'q'.repeat(100),
      profileUUID: randomUUID(),
      stayUUID: null,
      userAgent: 'u'.repeat(1000),
      referer: `https://x.example/${'r'.repeat(1980)}`,
      scanType: 'HOTEL',
      hId: 1,
      rId: null,
    };
    const send = async () => {
      const response = await fetch(`${server.base}/api/qr-scans/hotel/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(record),
      });
      const body = (await response.json()) as { error?: string };
      return { status: response.status, error: body.error, retryAfter: response.headers.get('retry-after') };
    };
    // The first record creates the hotel's count of the day: its row is there before the measure starts.
    const first = await send();
    const before = await pages();
    const minutes = new Set([new Date().toISOString().slice(0, 16)]);
    const answers = [first];
    let sent = 1;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (sent < RECORDS) {
          sent += 1;
          answers.push(await send());
        }
      }),
    );
    minutes.add(new Date().toISOString().slice(0, 16));

    const counted = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 429);
    // One minute's allowance, or two when the flood ran across a minute's end.
    expect(counted).toBeGreaterThanOrEqual(PER_ADDRESS);
    expect(counted).toBeLessThanOrEqual(PER_ADDRESS * minutes.size);
    expect(counted + refused.length).toBe(RECORDS);
    expect(refused.every((answer) => answer.error === 'stay_creation_rate_limited' && answer.retryAfter)).toBe(true);
    const { scans } = await database.handle.db
      .selectFrom('qr_scan_days')
      .select((eb) => eb.fn.sum<number>('scans').as('scans'))
      .where('hotel_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(scans)).toBe(counted);
    const grown = (await pages()) - before;
    console.log(
      `scan flood: ${RECORDS} records of ${JSON.stringify(record).length} bytes from one client: ${counted} answered 201, ` +
        `${refused.length} answered 429; the database grew by ${grown} pages`,
    );
    // A row per record would be about a page each (4 KB); the counters of the allowance may take a page or two.
    expect(grown).toBeLessThanOrEqual(4);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}, 120_000);
