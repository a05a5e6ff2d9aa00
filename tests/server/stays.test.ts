import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CreatedStayReply, StayReply } from '../../contract/schemas.ts';
import { addDays, localDate } from '../../server/domain/hotel-time.ts';
import {
  describeEachDialect,
  type Harness,
  newHotelStay,
  rewardIdOf,
  staffHeaders,
  stayWith,
  TEST_FRONT_TOKEN,
} from './harness.ts';

describeEachDialect('stays', (get) => {
  describe('POST /api/stays/hotel/:hId/new', () => {
    it('creates a stay (201) with a generated profileUUID, then gives the same stay back (200)', async () => {
      const { app } = get();
      const first = await app.inject({ method: 'POST', url: '/api/stays/hotel/1/new', payload: {} });
      expect(first.statusCode).toBe(201);
      const body = first.json();
      expect(Value.Check(CreatedStayReply, body)).toBe(true);
      expect(body.sUUID).toBe(body.stay.sUUID);
      expect(body.stay).toMatchObject({
        hId: 1,
        rId: null,
        roomNb: null,
        hotelName: 'Hôtel Les Tilleuls',
        greenMiles: 0,
        status: 'active',
        remainingDays: null,
        endDate: null,
      });
      const again = await app.inject({
        method: 'POST',
        url: '/api/stays/hotel/1/new',
        payload: { profileUUID: body.profileUUID },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().sUUID).toBe(body.sUUID);
    });

    it('keeps the points of a re-scanned stay', async () => {
      const { app, handle } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const stay = await handle.db
        .selectFrom('stays')
        .select('id')
        .where('s_uuid', '=', sUUID)
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('ledger_entries')
        .values({
          stay_id: stay.id,
          amount: 25,
          reason: 'test',
          idempotency_key: `test-${sUUID}`,
          created_at: new Date().toISOString(),
        })
        .execute();
      const rescan = await app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: 2, qrId: 'tilleuls-102', profileUUID },
      });
      expect(rescan.statusCode).toBe(200);
      expect(rescan.json().stay).toMatchObject({ sUUID, greenMiles: 25, rId: 2, roomNb: '102' });
    });

    it('gives another profile, or another hotel, a new stay', async () => {
      const { app } = get();
      const a = await newHotelStay(app, 1);
      const b = await newHotelStay(app, 1);
      expect(b.sUUID).not.toBe(a.sUUID);
      const c = await app.inject({
        method: 'POST',
        url: '/api/stays/hotel/2/new',
        payload: { profileUUID: a.profileUUID },
      });
      expect(c.statusCode).toBe(201);
      expect(c.json().sUUID).not.toBe(a.sUUID);
      expect(c.json().profileUUID).toBe(a.profileUUID);
    });

    it('answers 404 for an unknown hotel', async () => {
      const response = await get().app.inject({ method: 'POST', url: '/api/stays/hotel/999/new', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: expect.any(String) });
    });

    it('answers the OPTIONS probe with 204 and an Allow header', async () => {
      const response = await get().app.inject({ method: 'OPTIONS', url: '/api/stays/hotel/1/new' });
      expect(response.statusCode).toBe(204);
      expect(response.headers.allow).toContain('POST');
    });
  });

  describe('POST /api/stays/new', () => {
    it('creates a room stay with its room number', async () => {
      const response = await get().app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: 3, qrId: 'tilleuls-201' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().stay).toMatchObject({ hId: 1, rId: 3, roomNb: '201' });
    });

    it('refuses a room of another hotel, or an unknown room, with 403 qr_code_invalid', async () => {
      const { app } = get();
      const demoRoom = await app.inject({ url: '/api/rooms/demo-101/info' });
      const other = await app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: demoRoom.json().rId, qrId: 'demo-101' },
      });
      expect(other.statusCode).toBe(403);
      expect(other.json().error).toBe('qr_code_invalid');
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: 99999, qrId: 'tilleuls-101' },
      });
      expect(unknown.statusCode).toBe(403);
    });
  });

  describe('what a stay creation answers besides the stay (docs/server.md#stay-creation)', () => {
    it('answers the hotel and the actions list in `lang` exactly as their own calls do', async () => {
      const { app } = get();
      const response = await app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: 1, rId: 1, qrId: 'tilleuls-101', lang: 'en' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Value.Check(CreatedStayReply, body)).toBe(true);
      expect(body.lang).toBe('en');
      const uuid = body.profileUUID;
      const hotel = await app.inject({ url: `/api/green/hotels/1?uuid=${uuid}` });
      expect(body.hotel).toEqual(hotel.json());
      const actions = await app.inject({ url: `/api/stays/${body.sUUID}/actions?lang=en&uuid=${uuid}` });
      expect(body.actions).toEqual(actions.json());
      expect(body.actions.length).toBeGreaterThan(0);
    });

    it('answers the same from a room QR id alone, and the stay back to its profile (200)', async () => {
      const { app } = get();
      const response = await app.inject({
        method: 'POST',
        url: '/api/rooms/tilleuls-101/stays',
        payload: { lang: 'en' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Value.Check(CreatedStayReply, body)).toBe(true);
      expect(body.stay).toMatchObject({ hId: 1, roomNb: '101', status: 'active' });
      expect(body.lang).toBe('en');
      const uuid = body.profileUUID;
      expect(body.hotel).toEqual((await app.inject({ url: `/api/green/hotels/1?uuid=${uuid}` })).json());
      const actions = await app.inject({ url: `/api/stays/${body.sUUID}/actions?lang=en&uuid=${uuid}` });
      expect(body.actions).toEqual(actions.json());
      const again = await app.inject({
        method: 'POST',
        url: '/api/rooms/tilleuls-101/stays',
        payload: { profileUUID: uuid },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ sUUID: body.sUUID, lang: body.hotel.primaryLanguage });
    });

    it('answers 404 for a room QR id no room has or whose room has no hotel, 400 for a malformed one', async () => {
      const { app, handle } = get();
      const stays = async () => (await handle.db.selectFrom('stays').select('id').execute()).length;
      const before = await stays();
      for (const qrId of ['tilleuls-999', 'unassigned-1']) {
        const response = await app.inject({ method: 'POST', url: `/api/rooms/${qrId}/stays`, payload: {} });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe('not_found');
      }
      const malformed = await app.inject({ method: 'POST', url: '/api/rooms/bad%20qr%3F/stays', payload: {} });
      expect(malformed.statusCode).toBe(400);
      const noBody = await app.inject({ method: 'POST', url: '/api/rooms/tilleuls-101/stays' });
      expect(noBody.statusCode).toBe(400);
      const badProfile = await app.inject({
        method: 'POST',
        url: '/api/rooms/tilleuls-101/stays',
        payload: { profileUUID: 'guest-1' },
      });
      expect(badProfile.statusCode).toBe(400);
      const badLanguage = await app.inject({
        method: 'POST',
        url: '/api/rooms/tilleuls-101/stays',
        payload: { lang: 'not a language' },
      });
      expect(badLanguage.statusCode).toBe(400);
      expect(await stays()).toBe(before);
    });

    it("answers the actions in the hotel's primary language when the body names none", async () => {
      const { app } = get();
      const response = await app.inject({ method: 'POST', url: '/api/stays/hotel/1/new', payload: {} });
      const body = response.json();
      expect(body.lang).toBe(body.hotel.primaryLanguage);
      const actions = await app.inject({
        url: `/api/stays/${body.sUUID}/actions?lang=${body.lang}&uuid=${body.profileUUID}`,
      });
      expect(body.actions).toEqual(actions.json());
    });
  });

  describe('GET /api/stays/:sUUID', () => {
    it('answers the stay to its profile, and 404 to anyone else', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const mine = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
      expect(mine.statusCode).toBe(200);
      expect(Value.Check(StayReply, mine.json())).toBe(true);
      expect(mine.json().stay.sUUID).toBe(sUUID);
      const foreign = await app.inject({ url: `/api/stays/${sUUID}?uuid=${crypto.randomUUID()}` });
      const unknown = await app.inject({ url: `/api/stays/no-such-stay?uuid=${profileUUID}` });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
    });

    it('tells the points earned over the stay apart from the balance: rewards spend the balance only', async () => {
      const h = get();
      const { sUUID, profileUUID } = await stayWith(h, 100);
      const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
      const claim = await h.app.inject({
        method: 'POST',
        url: `/api/rewards/${coffee}/claim`,
        payload: { uuid: profileUUID, sUUID },
      });
      expect(claim.statusCode).toBe(200);
      const { stay } = (await h.app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` })).json();
      expect(stay.greenMiles).toBeLessThan(100);
      expect(stay.earnedGreenMiles).toBe(100);
    });

    it("tells the day skipping the cleaning speaks of by the server's clock: today before 11:00 at the hotel, then tomorrow", async () => {
      const { app, clock } = get();
      try {
        clock.current = new Date('2026-06-02T08:59:00Z');
        const { sUUID, profileUUID } = await newHotelStay(app);
        const read = async () => (await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` })).json().stay;
        // 10:59 in Paris.
        expect(await read()).toMatchObject({ today: '2026-06-02', cleaningDate: '2026-06-02' });
        // 11:00 in Paris.
        clock.current = new Date('2026-06-02T09:00:00Z');
        expect(await read()).toMatchObject({ today: '2026-06-02', cleaningDate: '2026-06-03' });
      } finally {
        clock.current = null;
      }
    });

    it('requires the uuid query', async () => {
      const { app } = get();
      const { sUUID } = await newHotelStay(app);
      const response = await app.inject({ url: `/api/stays/${sUUID}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('bad_request');
    });
  });

  describe('PUT /api/stays/:sUUID/endDate', () => {
    it('sets the end date and counts the remaining days in the hotel time zone', async () => {
      const { app, clock } = get();
      // 23:30 UTC on 1 June is already 2 June in Paris.
      clock.current = new Date('2026-06-01T23:30:00Z');
      try {
        const { sUUID, profileUUID } = await newHotelStay(app);
        const response = await app.inject({
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate: '2026-06-05', uuid: profileUUID },
        });
        expect(response.statusCode).toBe(200);
        // 2, 3, 4 and 5 June (until check-out) are left; the app reads the date and the zone from the stay, never
        // from the device (docs/behaviour.md#dates).
        expect(response.json().stay).toMatchObject({
          endDate: '2026-06-05',
          remainingDays: 4,
          status: 'active',
          today: '2026-06-02',
          timeZone: 'Europe/Paris',
          // 01:30 in Paris: skipping the cleaning now speaks of today's.
          cleaningDate: '2026-06-02',
        });
        const limit = await app.inject({
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate: '2026-06-16', uuid: profileUUID },
        });
        expect(limit.statusCode).toBe(200);
        expect(limit.json().stay.remainingDays).toBe(15);
      } finally {
        clock.current = null;
      }
    });

    it('refuses a date before today, after today + 14, or not a real date, and changes nothing', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const today = localDate(new Date(), 'Europe/Paris');
      for (const endDate of [addDays(today, -1), addDays(today, 15), '2026-02-30', '2026/06/01', 20260601]) {
        const response = await app.inject({
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate, uuid: profileUUID },
        });
        expect(response.statusCode, String(endDate)).toBe(400);
        expect(response.json().error).toBe('bad_request');
      }
      const stay = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
      expect(stay.json().stay.endDate).toBeNull();
    });

    it('answers 404 to another profile', async () => {
      const { app } = get();
      const { sUUID } = await newHotelStay(app);
      const today = localDate(new Date(), 'Europe/Paris');
      const response = await app.inject({
        method: 'PUT',
        url: `/api/stays/${sUUID}/endDate`,
        payload: { endDate: addDays(today, 2), uuid: '3f1c8a52-7d4e-4b1a-9c2d-5e6f7a8b9c0d' },
      });
      expect(response.statusCode).toBe(404);
    });

    it('makes a stay whose end date has passed finished; a scan takes it back until its last possible day', async () => {
      const { app, clock } = get();
      clock.current = new Date('2026-06-10T10:00:00Z');
      try {
        const { sUUID, profileUUID } = await newHotelStay(app);
        await app.inject({
          method: 'PUT',
          url: `/api/stays/${sUUID}/endDate`,
          payload: { endDate: '2026-06-12', uuid: profileUUID },
        });
        clock.current = new Date('2026-06-13T09:00:00Z');
        const stay = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
        expect(stay.json().stay).toMatchObject({ status: 'finished', remainingDays: 0 });
        // docs/behaviour.md#taking-a-stay-back: created on the 10th, the stay can last until the 24th.
        expect((await newHotelStay(app, 1, profileUUID)).sUUID).toBe(sUUID);
        clock.current = new Date('2026-06-24T10:00:00Z');
        const next = await newHotelStay(app, 1, profileUUID);
        expect(next.sUUID).not.toBe(sUUID);
      } finally {
        clock.current = null;
      }
    });
  });

  describe('PUT /api/stays/:sUUID/terminate', () => {
    /**
     * Terminates the stay for profile `uuid` as hotel 1's staff, with the front token `frontToken` (none when null);
     * tests/server/staff.test.ts covers the staff session itself.
     */
    async function terminate(
      app: Harness['app'],
      sUUID: string,
      uuid: string,
      frontToken: string | null = TEST_FRONT_TOKEN,
    ) {
      const { 'x-front-token': _, ...staff } = await staffHeaders(app);
      const headers = frontToken === null ? staff : { ...staff, 'x-front-token': frontToken };
      return app.inject({ method: 'PUT', url: `/api/stays/${sUUID}/terminate`, payload: { uuid }, headers });
    }

    it('requires the front token: 401 when missing, 403 when wrong', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const missing = await terminate(app, sUUID, profileUUID, null);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().error).toBe('front_token_missing');
      const wrong = await terminate(app, sUUID, profileUUID, 'nope');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toBe('front_token_invalid');
      const stay = await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
      expect(stay.json().stay.status).toBe('active');
    });

    it('finishes the stay (remainingDays 0); a new scan of its profile takes it back', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const response = await terminate(app, sUUID, profileUUID);
      expect(response.statusCode).toBe(200);
      expect(response.json().stay).toMatchObject({ sUUID, status: 'finished', remainingDays: 0 });
      const again = await terminate(app, sUUID, profileUUID);
      expect(again.statusCode).toBe(200);
      const endDate = await app.inject({
        method: 'PUT',
        url: `/api/stays/${sUUID}/endDate`,
        payload: { endDate: localDate(new Date(), 'Europe/Paris'), uuid: profileUUID },
      });
      expect(endDate.statusCode).toBe(409);
      const next = await newHotelStay(app, 1, profileUUID);
      expect(next.sUUID).toBe(sUUID);
    });

    it('answers 404 to another profile, even with the right tokens', async () => {
      const { app } = get();
      const { sUUID } = await newHotelStay(app);
      const response = await terminate(app, sUUID, crypto.randomUUID());
      expect(response.statusCode).toBe(404);
    });
  });
});
