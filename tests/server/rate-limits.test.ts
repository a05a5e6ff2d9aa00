/**
 * The server's rate limits (docs/behaviour.md#rate-limits), on both databases: stay creations per client address and
 * submissions per stay, each per UTC minute, with the defaults `npm start` runs with. Each test runs in a minute of
 * its own on the harness clock, so one test's counts are out of the next one's window.
 */
import { randomUUID } from 'node:crypto';
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

/** A scan record as the app sends it (contract QrScanBody), anonymous unless `fields` name a stay. */
function scanRecord(qrId: string, fields: Record<string, unknown> = {}) {
  return {
    qrId,
    profileUUID: randomUUID(),
    stayUUID: null,
    userAgent: null,
    referer: null,
    scanType: 'ROOM',
    hId: null,
    rId: null,
    ...fields,
  };
}

/** The stay creations the address (its /64 for IPv6) used in the harness clock's minute. */
async function addressUses(h: Harness, address: string): Promise<number> {
  const row = await h.handle.db
    .selectFrom('cap_counters')
    .select('used')
    .where('cap', '=', 'stay-creations')
    .where('subject', '=', addressSubject(address))
    .where('window_id', '=', (h.clock.current ?? new Date()).toISOString().slice(0, 16))
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** Two stays opened at `time` (the clock stays there), and the YESNO action they both see. */
async function twoStaysAt(h: Harness, time: string) {
  h.clock.current = new Date(time);
  const stay = await newStay(h.app, h.handle);
  const other = await newStay(h.app, h.handle);
  return { stay, other, yesno: await actionOfType(h.app, stay, 'YESNO') };
}

/** The minutes the submissions' rate limit holds counters of, in order. */
async function submissionWindows(h: Harness): Promise<string[]> {
  const rows = await h.handle.db
    .selectFrom('cap_counters')
    .select('window_id')
    .distinct()
    .where('cap', '=', 'submissions')
    .orderBy('window_id')
    .execute();
  return rows.map((row) => row.window_id);
}

/** The SQLite database's size in pages (null on PostgreSQL). */
async function sqlitePages(h: Harness): Promise<number | null> {
  if (h.dialect !== 'sqlite') return null;
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(h.handle.db);
  return rows[0]?.page_count ?? null;
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

  it('serves a breakfast room on the app’s whole entry path: each guest’s stay and scan use one unit of the allowance', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T08:30:05Z');
    // What the app sends for each guest: the one-call stay creation of the code scanned, then its scan record.
    const enter = async (n: number) => {
      const [url, scanUrl, qrId] =
        n % 2 === 0
          ? ['/api/stays/hotel/1/new', '/api/qr-scans/hotel/1', 'hotel-1']
          : ['/api/rooms/tilleuls-101/stays', '/api/qr-scans/room/tilleuls-101', 'tilleuls-101'];
      const stay = await h.app.inject({ method: 'POST', url, payload: {}, remoteAddress: BREAKFAST_ADDRESS });
      const { sUUID, profileUUID } = stay.json();
      const scan = await h.app.inject({
        method: 'POST',
        url: scanUrl,
        payload: scanRecord(qrId, { profileUUID, stayUUID: sUUID, scanType: n % 2 === 0 ? 'HOTEL' : 'ROOM' }),
        remoteAddress: BREAKFAST_ADDRESS,
      });
      return [stay.statusCode, scan.statusCode];
    };
    const entries = await Promise.all(Array.from({ length: 60 }, (_, n) => enter(n)));
    expect(entries).toEqual(Array(60).fill([201, 201]));
    expect(await addressUses(h, BREAKFAST_ADDRESS)).toBe(60);
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

  it('counts room lookups and room scans against the same allowance: guessing ids through them is refused at 121', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T10:45:00Z');
    const address = '192.0.2.97';
    // A guesser with a stay of its own: its stay does not make scans of other codes free.
    const own = (await h.app.inject({ method: 'POST', url: '/api/rooms/tilleuls-201/stays', payload: {} })).json();
    const lookup = (qrId: string) => h.app.inject({ url: `/api/rooms/${qrId}/info`, remoteAddress: address });
    const scan = (qrId: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/qr-scans/room/${qrId}`,
        payload: scanRecord(qrId, { profileUUID: own.profileUUID, stayUUID: own.sUUID }),
        remoteAddress: address,
      });
    for (let n = 0; n < PER_ADDRESS - 2; n += 1)
      expect((await (n % 2 === 0 ? lookup : scan)(`guess-${n}`)).statusCode).toBe(404);
    expect((await lookup('tilleuls-101')).statusCode).toBe(200);
    expect((await scan('tilleuls-102')).statusCode).toBe(201);
    for (const refused of [await lookup('tilleuls-102'), await scan('tilleuls-101'), await createStay(h, address)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('stay_creation_rate_limited');
    }
    // The existing code answers as an unknown one would: a refusal says nothing about the code.
    expect((await lookup('guess-x')).statusCode).toBe(429);
  });

  it('bounds a flood of scan records: the 121st of a minute from one address is 429, and the counts stay one row', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T10:50:00Z');
    const address = '2001:db8:5:6::1';
    const bulky = { userAgent: 'u'.repeat(1000), referer: `https://x.example/${'r'.repeat(1900)}` };
    const scan = (n: number) =>
      h.app.inject({
        method: 'POST',
        url: '/api/qr-scans/hotel/2',
        payload: { ...scanRecord('hotel-2', { scanType: 'HOTEL', hId: 2 }), ...bulky },
        // Another address of the same /64 each time: counted as one.
        remoteAddress: `2001:db8:5:6::${(n + 1).toString(16)}`,
      });
    const pagesBefore = await sqlitePages(h);
    for (let n = 0; n < PER_ADDRESS; n += 1) expect((await scan(n)).statusCode).toBe(201);
    const before = await writableCounts(h.handle);
    const refused = await scan(PER_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('stay_creation_rate_limited');
    expect(await writableCounts(h.handle)).toEqual(before);
    const days = await h.handle.db.selectFrom('qr_scan_days').selectAll().where('hotel_id', '=', 2).execute();
    expect(days).toEqual([{ id: expect.any(Number), hotel_id: 2, day: '2026-04-01', scan_type: 'HOTEL', scans: 120 }]);
    // 120 records of 3 KB each took about 90 pages as rows; as a count they take none (SQLite's file, 4 KB pages).
    if (pagesBefore !== null) expect((await sqlitePages(h)) ?? 0).toBeLessThanOrEqual(pagesBefore + 2);
    expect(await addressUses(h, address)).toBe(PER_ADDRESS);
  });

  it('bounds the scan records of a stay’s own entry by the stay’s allowance: the 31st of a minute is 429', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-01T10:55:00Z');
    const address = '192.0.2.96';
    const entered = await h.app.inject({
      method: 'POST',
      url: '/api/rooms/tilleuls-102/stays',
      payload: {},
      remoteAddress: address,
    });
    const { sUUID, profileUUID } = entered.json();
    const scan = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/qr-scans/room/tilleuls-102',
        payload: scanRecord('tilleuls-102', { profileUUID, stayUUID: sUUID }),
        remoteAddress: address,
      });
    for (let sent = 0; sent < PER_STAY; sent += 1) expect((await scan()).statusCode).toBe(201);
    const refused = await scan();
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'submission_rate_limited']);
    expect(await addressUses(h, address)).toBe(1);
  });

  it('refuses submissions to one stay beyond its allowance, and keeps only the current minute counted', async () => {
    const h = get();
    const { stay, other, yesno } = await twoStaysAt(h, '2026-04-01T11:00:30Z');
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
    expect(await submissionWindows(h)).toEqual(['2026-04-01T11:01']);
  });

  it("clears a minute's past counters once that minute's clearing has committed, not when it was rolled back", async () => {
    const h = get();
    const { stay, other, yesno } = await twoStaysAt(h, '2026-04-01T11:00:10Z');
    expect((await submit(h.app, stay, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    h.clock.current = new Date('2026-04-01T11:01:10Z');
    // The minute's first use is refused after its use was taken: its transaction, clearing included, rolls back.
    expect((await submit(h.app, stay, yesno.actId, 'quiz', { selectedPosition: 1 })).statusCode).toBe(400);
    expect((await submit(h.app, other, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    expect(await submissionWindows(h)).toEqual(['2026-04-01T11:01']);
  });

  it("clears a limit's past minutes once a minute, not at each stay's first submission of the minute", async () => {
    const h = get();
    // A month after the other tests' minutes: their counters are past ones here.
    const { stay, other, yesno } = await twoStaysAt(h, '2026-05-01T09:00:10Z');
    expect((await submit(h.app, stay, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    // A past minute's counter written after this minute's clearing: only the next minute's clearing removes it.
    await h.handle.db
      .insertInto('cap_counters')
      .values({ cap: 'submissions', subject: 'stay:0', window_id: '2026-05-01T08:59', used: 1 })
      .execute();
    expect((await submit(h.app, other, yesno.actId, 'yesno', { response: true })).statusCode).toBe(200);
    expect(await submissionWindows(h)).toEqual(['2026-05-01T08:59', '2026-05-01T09:00']);
    h.clock.current = new Date('2026-05-01T09:01:10Z');
    expect((await submit(h.app, other, yesno.actId, 'yesno', { response: false })).statusCode).toBe(200);
    expect(await submissionWindows(h)).toEqual(['2026-05-01T09:01']);
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
