import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { HotelReply } from '../../contract/schemas.ts';
import { migrateToLatest, migrationsFor } from '../../server/db/migrations.ts';
import { createTestDatabase, DIALECTS, describeEachDialect, newHotelStay, TEST_FRONT_TOKEN } from './harness.ts';

describeEachDialect('rooms, hotels and QR scans', (get) => {
  describe('GET /api/rooms/:qrId/info', () => {
    it('answers hId and rId of a room QR code', async () => {
      const response = await get().app.inject({ url: '/api/rooms/tilleuls-102/info' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ hId: 1, rId: expect.any(Number) });
    });
    it('answers hId null for a QR code with no hotel', async () => {
      const response = await get().app.inject({ url: '/api/rooms/unassigned-1/info' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ hId: null, rId: null });
    });
    it('answers 404 for an unknown QR code and 400 for a malformed one', async () => {
      const { app } = get();
      const unknown = await app.inject({ url: '/api/rooms/tilleuls-999/info' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('not_found');
      const bad = await app.inject({ url: '/api/rooms/bad%20qr%3F/info' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('GET /api/green/hotels/:hId', () => {
    it('answers the hotel, its languages and primary language', async () => {
      const response = await get().app.inject({ url: `/api/green/hotels/1?uuid=${crypto.randomUUID()}` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Value.Check(HotelReply, body)).toBe(true);
      expect(body.hotel).toMatchObject({ hId: 1, name: 'Hôtel Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' });
      expect(body.primaryLanguage).toBe('fr');
      expect(body.languagesSupported.map((l: { code: string }) => l.code)).toEqual(['fr', 'en', 'ar', 'de']);
      expect(body.languagesSupported.find((l: { code: string }) => l.code === 'ar')).toMatchObject({
        direction: 'rtl',
        enabled: 1,
      });
      expect(body.languagesSupported.find((l: { code: string }) => l.code === 'de')).toMatchObject({
        enabled: 1,
        isPrimary: 0,
      });
    });
    it('knows the demo hotel', async () => {
      const response = await get().app.inject({ url: '/api/green/hotels/2' });
      expect(response.json().hotel.isDemo).toBe(true);
    });
    it('accepts the right front token, refuses a wrong one, and 404s an unknown hotel', async () => {
      const { app } = get();
      expect(
        (await app.inject({ url: '/api/green/hotels/1', headers: { 'x-front-token': TEST_FRONT_TOKEN } })).statusCode,
      ).toBe(200);
      expect((await app.inject({ url: '/api/green/hotels/1', headers: { 'x-front-token': 'wrong' } })).statusCode).toBe(
        403,
      );
      expect((await app.inject({ url: '/api/green/hotels/404' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/green/hotels/abc' })).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/green/hotels/1?uuid=%3Cscript%3E' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/qr-scans', () => {
    it('counts a hotel scan and a room scan per hotel, day and kind (201 with the count’s id as scanId)', async () => {
      const { app, handle } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const hotelScan = {
        qrId: 'hotel-1',
        profileUUID,
        stayUUID: sUUID,
        userAgent: 'test',
        referer: null,
        scanType: 'HOTEL',
        hId: 1,
        rId: null,
      };
      const hotel = await app.inject({ method: 'POST', url: '/api/qr-scans/hotel/1', payload: hotelScan });
      expect(hotel.statusCode).toBe(201);
      expect(hotel.json()).toEqual({ scanId: expect.any(Number) });
      const room = await app.inject({
        method: 'POST',
        url: '/api/qr-scans/room/tilleuls-101',
        payload: {
          qrId: 'tilleuls-101',
          profileUUID,
          stayUUID: null,
          userAgent: null,
          referer: 'https://x.example/',
          scanType: 'ROOM',
          hId: 1,
          rId: null,
        },
      });
      expect(room.statusCode).toBe(201);
      // Counted per hotel, hotel-local day and kind; the user agent and referer are not kept.
      const days = await handle.db
        .selectFrom('qr_scan_days')
        .selectAll()
        .where('hotel_id', '=', 1)
        .orderBy('scan_type')
        .execute();
      expect(days.map((d) => [d.scan_type, d.day, d.scans])).toEqual([
        ['HOTEL', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 1],
        ['ROOM', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 1],
      ]);
      expect([hotel.json().scanId, room.json().scanId]).toEqual(days.map((d) => d.id));
      const again = await app.inject({ method: 'POST', url: '/api/qr-scans/hotel/1', payload: hotelScan });
      expect(again.json().scanId).toBe(hotel.json().scanId);
      expect(
        await handle.db
          .selectFrom('qr_scan_days')
          .select('scans')
          .where('id', '=', hotel.json().scanId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ scans: 2 });
    });
    it('answers 404 for an unknown hotel, an unknown or unassigned QR code and 400 for a bad scan record', async () => {
      const { app } = get();
      const scan = {
        qrId: 'x',
        profileUUID: crypto.randomUUID(),
        stayUUID: null,
        userAgent: null,
        referer: null,
        scanType: 'ROOM',
        hId: null,
        rId: null,
      };
      expect(
        (await app.inject({ method: 'POST', url: '/api/qr-scans/hotel/77', payload: { ...scan, scanType: 'HOTEL' } }))
          .statusCode,
      ).toBe(404);
      // A code no room has, and a code whose room has no hotel: no hotel's day to count it in.
      for (const qrId of ['nowhere', 'unassigned-1'])
        expect(
          (await app.inject({ method: 'POST', url: `/api/qr-scans/room/${qrId}`, payload: scan })).statusCode,
        ).toBe(404);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/qr-scans/room/tilleuls-101',
            payload: { ...scan, scanType: 'OTHER' },
          })
        ).statusCode,
      ).toBe(400);
      const { scanType: _omitted, ...missing } = scan;
      expect(
        (await app.inject({ method: 'POST', url: '/api/qr-scans/room/tilleuls-101', payload: missing })).statusCode,
      ).toBe(400);
    });
  });
});

describe.each(DIALECTS)('upgrading the QR scan log [%s]', (dialect) => {
  it('folds the rows of qr_scans into counts per hotel, UTC day and kind, then drops the table (0016_qr_scan_days)', async () => {
    const database = await createTestDatabase(dialect, { migrate: false });
    try {
      const { db, kind } = database.handle;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
      const before = await migrator.migrateTo('0015_cap_counters_without_rowid');
      expect(before.error).toBeUndefined();
      for (const id of [1, 2])
        await sql`INSERT INTO hotels (id, name, green_miles_name, time_zone, staff_pin_hash, content_version, updated_at)
          VALUES (${id}, 'H', 'GreenMiles', 'Europe/Paris', 'x', 'v', '2026-04-01T00:00:00.000Z')`.execute(db);
      const scan = (hotelId: number | null, scanType: string, createdAt: string) =>
        sql`INSERT INTO qr_scans (qr_id, profile_uuid, user_agent, referer, scan_type, hotel_id, created_at)
          VALUES ('x', 'p', ${'u'.repeat(1000)}, ${'r'.repeat(2000)}, ${scanType}, ${hotelId}, ${createdAt})`.execute(
          db,
        );
      await scan(1, 'HOTEL', '2026-04-01T08:00:00.000Z');
      await scan(1, 'HOTEL', '2026-04-01T23:59:00.000Z');
      await scan(1, 'ROOM', '2026-04-01T09:00:00.000Z');
      await scan(1, 'HOTEL', '2026-04-02T07:00:00.000Z');
      await scan(2, 'ROOM', '2026-04-01T10:00:00.000Z');
      // A code without hotel, and a hotel that does not exist: no count to keep them in.
      await scan(null, 'ROOM', '2026-04-01T10:00:00.000Z');
      await scan(99, 'HOTEL', '2026-04-01T10:00:00.000Z');

      expect(await migrateToLatest(db, kind)).toContain('0016_qr_scan_days');
      const days = await db
        .selectFrom('qr_scan_days')
        .select(['hotel_id', 'day', 'scan_type', 'scans'])
        .orderBy('hotel_id')
        .orderBy('day')
        .orderBy('scan_type')
        .execute();
      expect(days).toEqual([
        { hotel_id: 1, day: '2026-04-01', scan_type: 'HOTEL', scans: 2 },
        { hotel_id: 1, day: '2026-04-01', scan_type: 'ROOM', scans: 1 },
        { hotel_id: 1, day: '2026-04-02', scan_type: 'HOTEL', scans: 1 },
        { hotel_id: 2, day: '2026-04-01', scan_type: 'ROOM', scans: 1 },
      ]);
      await expect(sql`SELECT count(*) FROM qr_scans`.execute(db)).rejects.toThrow(/qr_scans/);
    } finally {
      await database.drop();
    }
  });
});
