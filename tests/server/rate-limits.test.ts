/**
 * The server's rate limits (docs/behaviour.md#rate-limits), on both databases: stay creations per client address and
 * submissions per stay, each per UTC minute, with the defaults `npm start` runs with. Each test runs in a minute of
 * its own on the harness clock, so one test's counts are out of the next one's window.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { readRateLimit } from '../../server/config.ts';
import { addressSubject, DEFAULT_RATE_LIMITS } from '../../server/domain/rate-limits.ts';
import { actionOfType, ledgerRows, newStay, submit } from './actions-support.ts';
import { appSharing, describeEachDialect, type Harness, writableCounts } from './harness.ts';

const PER_ADDRESS = DEFAULT_RATE_LIMITS.stayCreationsPerAddress ?? 0;
const PER_STAY = DEFAULT_RATE_LIMITS.submissionsPerStay ?? 0;
const BREAKFAST_ADDRESS = '203.0.113.7';

function createStay(h: Harness, remoteAddress: string, hotelId = 1) {
  return h.app.inject({ method: 'POST', url: `/api/stays/hotel/${hotelId}/new`, payload: {}, remoteAddress });
}

async function aRoomOfHotel(h: Harness, hotelId: number) {
  return h.handle.db
    .selectFrom('rooms')
    .select(['id', 'hotel_id'])
    .where('hotel_id', '=', hotelId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

it('reads RATE_LIMIT_* variables: unset is the default, 0 is no limit, anything else but a whole number is refused', () => {
  expect(readRateLimit('RATE_LIMIT_SUBMISSIONS', undefined, 30)).toBe(30);
  expect(readRateLimit('RATE_LIMIT_SUBMISSIONS', '0', 30)).toBeNull();
  expect(readRateLimit('RATE_LIMIT_SUBMISSIONS', '500', 30)).toBe(500);
  expect(() => readRateLimit('RATE_LIMIT_SUBMISSIONS', '2.5', 30)).toThrow(/RATE_LIMIT_SUBMISSIONS/);
  expect(() => readRateLimit('RATE_LIMIT_SUBMISSIONS', '-1', 30)).toThrow(/whole number/);
});

it('counts an IPv4 address by itself and an IPv6 address by its /64 network', () => {
  expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
  expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe(addressSubject('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
  expect(addressSubject('2001:db8:1:2::1')).not.toBe(addressSubject('2001:db8:1:3::1'));
});

describeEachDialect('rate limits', (get) => {
  it('serves a breakfast room: 60 guests behind one address open their stays within a minute', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T08:00:05Z');
    const burst = await Promise.all(Array.from({ length: 60 }, () => createStay(h, BREAKFAST_ADDRESS)));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(60).fill(201));
    expect(new Set(burst.map((response) => response.json().sUUID)).size).toBe(60);
  });

  it('refuses the stay creation beyond the address allowance with 429 and Retry-After, writing nothing', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T09:00:20Z');
    for (let served = 0; served < PER_ADDRESS; served += 1)
      expect((await createStay(h, BREAKFAST_ADDRESS)).statusCode).toBe(201);
    const before = await writableCounts(h.handle);
    const refused = await createStay(h, BREAKFAST_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('stay_creation_rate_limited');
    expect(refused.headers['retry-after']).toBe('40');
    expect(await writableCounts(h.handle)).toEqual(before);

    // Another address, and the same address the next minute, are served.
    expect((await createStay(h, '198.51.100.20')).statusCode).toBe(201);
    h.clock.current = new Date('2026-04-01T09:01:00Z');
    expect((await createStay(h, BREAKFAST_ADDRESS)).statusCode).toBe(201);
  });

  it('counts refused QR secrets too: guessing a room id uses the allowance', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T10:00:00Z');
    const room = await aRoomOfHotel(h, 1);
    const guess = (n: number) =>
      h.app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: room.hotel_id, rId: room.id, qrId: `guess-${n}` },
        remoteAddress: '192.0.2.99',
      });
    for (let n = 0; n < PER_ADDRESS; n += 1) expect((await guess(n)).statusCode).toBe(403);
    const refused = await guess(PER_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('stay_creation_rate_limited');
  });

  it('counts guessed room QR ids of the one-call room entry too, the rooms that exist with them', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T10:30:00Z');
    const scan = (qrId: string) =>
      h.app.inject({ method: 'POST', url: `/api/rooms/${qrId}/stays`, payload: {}, remoteAddress: '192.0.2.98' });
    for (let n = 0; n < PER_ADDRESS - 1; n += 1) expect((await scan(`guess-${n}`)).statusCode).toBe(404);
    expect((await scan('tilleuls-101')).statusCode).toBe(201);
    const refused = await scan('tilleuls-102');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('stay_creation_rate_limited');
  });

  it('refuses submissions to one stay beyond its allowance, and keeps only the current minute counted', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T11:00:30Z');
    const stay = await newStay(h.app, h.handle);
    const other = await newStay(h.app, h.handle);
    const yesno = await actionOfType(h.app, stay, 'YESNO');
    for (let sent = 0; sent < PER_STAY; sent += 1)
      expect((await submit(h.app, stay, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    const ledger = await ledgerRows(h.handle, stay.id);
    const refused = await submit(h.app, stay, yesno.actId, 'yesno', { response: false });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('submission_rate_limited');
    expect(refused.headers['retry-after']).toBe('30');
    expect(await ledgerRows(h.handle, stay.id)).toEqual(ledger);

    expect((await submit(h.app, other, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    h.clock.current = new Date('2026-04-01T11:01:00Z');
    expect((await submit(h.app, stay, yesno.actId, 'yesno', { response: false })).statusCode).toBe(200);
    const windows = await h.handle.db
      .selectFrom('cap_counters')
      .select('window_id')
      .distinct()
      .where('cap', '=', 'submissions')
      .execute();
    expect(windows.map((row) => row.window_id)).toEqual(['2026-04-01T11:01']);
  });

  it('keys the counters by (cap, window_id, subject), held in the key itself on SQLite (WITHOUT ROWID, migration 0015)', async () => {
    const { dialect, handle } = get();
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'cap_counters'`.execute(
        handle.db,
      );
      expect(rows[0]?.sql).toMatch(/primary key \("cap", "window_id", "subject"\)\s*\)\s*without rowid$/i);
    } else {
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
        WHERE tablename = 'cap_counters' AND indexname = 'cap_counters_pk'`.execute(handle.db);
      expect(rows[0]?.indexdef).toMatch(/\(cap, window_id, subject\)$/);
    }
  });

  it('holds across two servers on one database: 200 concurrent submissions to one stay, exactly the allowance passes', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T12:00:00Z');
    const second = await appSharing(h);
    try {
      const stay = await newStay(h.app, h.handle);
      const yesno = await actionOfType(h.app, stay, 'YESNO');
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          submit(n % 2 === 0 ? h.app : second, stay, yesno.actId, 'yesno', { response: true }),
        ),
      );
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(PER_STAY);
      expect(statuses.filter((status) => status === 429)).toHaveLength(200 - PER_STAY);
      expect(await ledgerRows(h.handle, stay.id)).toHaveLength(1);
      console.log(
        `rate limits [${h.dialect}]: 200 concurrent submissions to one stay over 2 servers: ${PER_STAY} answered 200, ` +
          `${200 - PER_STAY} answered 429, 5xx: ${statuses.filter((status) => status >= 500).length}`,
      );
    } finally {
      await second.close();
    }
  });
});
