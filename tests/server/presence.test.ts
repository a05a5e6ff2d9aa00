/**
 * Presence (docs/trust-model.md#presence), each test written as the attack it stops, next to the honest paths that
 * must keep working: the guessed room id, the guessed hotel key, the farming loop, the stay that never ends, the
 * crowded room; a family of four, a guest who re-scans, a guest who changes rooms.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/calendar-days.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { QR_ID_LENGTH } from '../../server/domain/qr-codes.ts';
import { actionOfType, newStay, submit } from './actions-support.ts';
import {
  credit,
  describeEachDialect,
  type Harness,
  newHotelStay,
  SAMPLE_STAFF_PINS,
  stayIdOf,
  TEST_FRONT_TOKEN,
  writableCounts,
} from './harness.ts';

const PRESENCE_HOTEL = 50;
const PRESENCE_PIN = '583920';
const RANDOM_ID = new RegExp(`^[0-9a-hjkmnp-tv-z]{${QR_ID_LENGTH}}$`);

/** A hotel with generated QR ids, key entry, 3-night stays and rooms of 2 (docs/server.md#hotel-content-files). */
function presenceHotel(extra = '', hotelId = PRESENCE_HOTEL) {
  return parseContent(`
hotel:
  id: ${hotelId}
  name: Hôtel Présence
  isDemo: false
  timeZone: Europe/Paris
  staffPin: "${PRESENCE_PIN}"
  maxStayNights: 3
  roomCapacity: 2
${extra}
languages:
  - { code: fr, name: Français, enabled: true, isPrimary: true, position: 0 }
rooms:
  - { number: "1" }
  - { number: "2" }
  - { number: "3", qrId: readable-${hotelId} }
`);
}

async function rooms(h: Harness, hotelId = PRESENCE_HOTEL) {
  const rows = await h.handle.db
    .selectFrom('rooms')
    .select(['id', 'number', 'qr_id'])
    .where('hotel_id', '=', hotelId)
    .orderBy('number')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.number ?? '', { rId: r.id, qrId: r.qr_id }]));
}

async function hotelKey(h: Harness, hotelId = PRESENCE_HOTEL): Promise<string> {
  const row = await h.handle.db
    .selectFrom('hotels')
    .select('qr_key')
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return row.qr_key;
}

/** What the app does for a scanned room QR: the stay from the scanned id alone (docs/behaviour.md#room-qr). */
async function scanRoom(app: FastifyInstance, qrId: string, profileUUID?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/rooms/${qrId}/stays`,
    payload: profileUUID ? { profileUUID } : {},
  });
}

async function presenceStaff(app: FastifyInstance) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/sessions',
    payload: { hId: PRESENCE_HOTEL, pin: PRESENCE_PIN },
  });
  const { token } = response.json() as { token: string };
  return { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${token}` };
}

async function stayOf(app: FastifyInstance, sUUID: string, profileUUID: string) {
  return (await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` })).json().stay;
}

describeEachDialect('presence', (get) => {
  describe('QR ids and keys', () => {
    it('generates random room ids and a hotel key at import, and a re-import keeps them (printed sheets)', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const first = await rooms(h);
      expect(first['1']?.qrId).toMatch(RANDOM_ID);
      expect(first['2']?.qrId).toMatch(RANDOM_ID);
      expect(first['1']?.qrId).not.toBe(first['2']?.qrId);
      expect(first['3']?.qrId).toBe(`readable-${PRESENCE_HOTEL}`);
      const key = await hotelKey(h);
      expect(key).toMatch(RANDOM_ID);
      await importContent(h.handle.db, presenceHotel());
      expect(await rooms(h)).toEqual(first);
      expect(await hotelKey(h)).toBe(key);
    });

    it('replaces readable ids once when the file asks for rotation, then keeps them even if the flag stays', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel('  qrKey: readable-key\n', 51));
      expect(await hotelKey(h, 51)).toBe('readable-key');
      await importContent(h.handle.db, presenceHotel('  qrKey: readable-key\n  rotateQrIds: true\n', 51));
      const rotated = await rooms(h, 51);
      expect(rotated['3']?.qrId).toMatch(RANDOM_ID);
      const key = await hotelKey(h, 51);
      expect(key).toMatch(RANDOM_ID);
      await importContent(h.handle.db, presenceHotel('  qrKey: readable-key\n  rotateQrIds: true\n', 51));
      await importContent(h.handle.db, presenceHotel('  qrKey: readable-key\n', 51));
      expect(await rooms(h, 51)).toEqual(rotated);
      expect(await hotelKey(h, 51)).toBe(key);
      expect((await h.app.inject({ url: '/api/rooms/readable-51/info' })).statusCode).toBe(404);
    });
  });

  describe('the guessed room id', () => {
    it('refuses {"hId":1,"rId":2} without the scanned QR id (400 qr_id_required), and writes nothing', async () => {
      const h = get();
      const before = await writableCounts(h.handle);
      const response = await h.app.inject({ method: 'POST', url: '/api/stays/new', payload: { hId: 1, rId: 2 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'qr_id_required', message: expect.any(String) });
      expect(await writableCounts(h.handle)).toEqual(before);
    });

    it("refuses a QR id that is not the room's current one (403 qr_code_invalid): another room's, a guess", async () => {
      const h = get();
      const before = await writableCounts(h.handle);
      for (const qrId of ['tilleuls-101', 'demo-102', 'abcdefghjkmn']) {
        const response = await h.app.inject({
          method: 'POST',
          url: '/api/stays/new',
          payload: { hId: 1, rId: 2, qrId },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('qr_code_invalid');
      }
      expect(await writableCounts(h.handle)).toEqual(before);
    });

    it('honest: the scanned room QR opens the stay in its room', async () => {
      const response = await scanRoom(get().app, 'tilleuls-102');
      expect(response.statusCode).toBe(201);
      expect(response.json().stay).toMatchObject({ hId: 1, rId: 2, roomNb: '102', status: 'active' });
    });
  });

  describe('the hotel key', () => {
    it('refuses the hotel QR without the current key (403 hotel_key_invalid), accepts it with the key', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const url = `/api/stays/hotel/${PRESENCE_HOTEL}/new`;
      for (const payload of [{}, { key: 'abcdefghjkmn' }]) {
        const refused = await h.app.inject({ method: 'POST', url, payload });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('hotel_key_invalid');
      }
      const accepted = await h.app.inject({ method: 'POST', url, payload: { key: await hotelKey(h) } });
      expect(accepted.statusCode).toBe(201);
    });

    it('refuses every hotel QR entry when the hotel turned it off (403 hotel_entry_closed)', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel('  hotelQrEntry: "off"\n'));
      const response = await h.app.inject({
        method: 'POST',
        url: `/api/stays/hotel/${PRESENCE_HOTEL}/new`,
        payload: { key: await hotelKey(h) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('hotel_entry_closed');
      await importContent(h.handle.db, presenceHotel());
    });

    it('honest: the demo hotel stays open (no key needed)', async () => {
      const response = await get().app.inject({ method: 'POST', url: '/api/stays/hotel/2/new', payload: {} });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('staff rotation', () => {
    it('rotates room 1: the old printed code stops working, the new one opens stays', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const old = (await rooms(h))['1'];
      if (!old) throw new Error('room 1');
      const url = `/api/staff/hotels/${PRESENCE_HOTEL}/rooms/1/qr-rotation`;
      expect((await h.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      const response = await h.app.inject({ method: 'POST', url, headers: await presenceStaff(h.app) });
      expect(response.statusCode).toBe(200);
      const { qrId } = response.json() as { qrId: string };
      expect(response.json()).toEqual({ hId: PRESENCE_HOTEL, roomNumber: '1', qrId });
      expect(qrId).toMatch(RANDOM_ID);
      expect((await h.app.inject({ url: `/api/rooms/${old.qrId}/info` })).statusCode).toBe(404);
      const stale = await h.app.inject({
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: PRESENCE_HOTEL, rId: old.rId, qrId: old.qrId },
      });
      expect(stale.json().error).toBe('qr_code_invalid');
      expect((await scanRoom(h.app, old.qrId)).statusCode).toBe(404);
      expect((await scanRoom(h.app, qrId)).statusCode).toBe(201);
      // A re-import keeps the rotated id.
      await importContent(h.handle.db, presenceHotel());
      expect((await rooms(h))['1']?.qrId).toBe(qrId);
    });

    it("rotates the hotel key; refuses another hotel's session (403) and an unknown room (404)", async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const headers = await presenceStaff(h.app);
      const oldKey = await hotelKey(h);
      const rotated = await h.app.inject({
        method: 'POST',
        url: `/api/staff/hotels/${PRESENCE_HOTEL}/qr-key-rotation`,
        headers,
      });
      expect(rotated.statusCode).toBe(200);
      const { key } = rotated.json() as { key: string };
      expect(key).not.toBe(oldKey);
      const url = `/api/stays/hotel/${PRESENCE_HOTEL}/new`;
      expect((await h.app.inject({ method: 'POST', url, payload: { key: oldKey } })).statusCode).toBe(403);
      expect((await h.app.inject({ method: 'POST', url, payload: { key } })).statusCode).toBe(201);
      const foreign = await h.app.inject({ method: 'POST', url: '/api/staff/hotels/1/rooms/101/qr-rotation', headers });
      expect(foreign.json().error).toBe('staff_session_wrong_hotel');
      const unknown = await h.app.inject({
        method: 'POST',
        url: `/api/staff/hotels/${PRESENCE_HOTEL}/rooms/999/qr-rotation`,
        headers,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('the farming loop', () => {
    it('create → earn → end the stay (end date today) → re-scan: the same stay and balance come back', async () => {
      const h = get();
      const created = await scanRoom(h.app, 'tilleuls-101');
      const { sUUID, profileUUID } = created.json() as { sUUID: string; profileUUID: string };
      await credit(h, sUUID, 40);
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
      const ended = await h.app.inject({
        method: 'PUT',
        url: `/api/stays/${sUUID}/endDate`,
        payload: { endDate: today, uuid: profileUUID },
      });
      expect(ended.statusCode).toBe(200);
      // Tonight, after check-out: the stay is finished.
      h.clock.current = new Date(Date.now() + 14 * 3600_000);
      try {
        expect((await stayOf(h.app, sUUID, profileUUID)).status).toBe('finished');
        const again = await scanRoom(h.app, 'tilleuls-101', profileUUID);
        expect(again.statusCode).toBe(200);
        expect(again.json().stay).toMatchObject({ sUUID, greenMiles: 40, status: 'active', endDate: null });
      } finally {
        h.clock.current = null;
      }
    });

    it('create → terminate (staff) → re-scan by the hotel QR: the same stay, not a fresh balance', async () => {
      const h = get();
      const created = await scanRoom(h.app, 'tilleuls-201');
      const { sUUID, profileUUID } = created.json() as { sUUID: string; profileUUID: string };
      await credit(h, sUUID, 25);
      const session = await h.app.inject({
        method: 'POST',
        url: '/api/staff/sessions',
        payload: { hId: 1, pin: SAMPLE_STAFF_PINS[1] },
      });
      const terminated = await h.app.inject({
        method: 'PUT',
        url: `/api/stays/${sUUID}/terminate`,
        payload: { uuid: profileUUID },
        headers: { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${session.json().token}` },
      });
      expect(terminated.json().stay.status).toBe('finished');
      const again = await h.app.inject({ method: 'POST', url: '/api/stays/hotel/1/new', payload: { profileUUID } });
      expect(again.statusCode).toBe(200);
      expect(again.json().stay).toMatchObject({ sUUID, greenMiles: 25, status: 'active', rId: 3 });
    });

    it('honest: after the stay’s last possible day, the same profile gets a fresh stay', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const { rId, qrId } = (await rooms(h))['2'] ?? { rId: 0, qrId: '' };
      const first = await scanRoom(h.app, qrId);
      const { sUUID, profileUUID } = first.json() as { sUUID: string; profileUUID: string };
      h.clock.current = new Date(Date.now() + 5 * 24 * 3600_000);
      try {
        const next = await h.app.inject({
          method: 'POST',
          url: '/api/stays/new',
          payload: { hId: PRESENCE_HOTEL, rId, qrId, profileUUID },
        });
        expect(next.statusCode).toBe(201);
        expect(next.json().sUUID).not.toBe(sUUID);
      } finally {
        h.clock.current = null;
      }
    });
  });

  describe('taking a stay back', () => {
    it('keeps an end date still to come when a stay ended by a full room is taken back', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const { rId, qrId } = (await rooms(h))['3'] ?? { rId: 0, qrId: '' };
      await h.handle.db.updateTable('stays').set({ status: 'finished' }).where('room_id', '=', rId).execute();
      const first = (await scanRoom(h.app, qrId)).json() as { sUUID: string; profileUUID: string };
      const endDate = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
      await h.app.inject({
        method: 'PUT',
        url: `/api/stays/${first.sUUID}/endDate`,
        payload: { endDate, uuid: first.profileUUID },
      });
      await scanRoom(h.app, qrId);
      await scanRoom(h.app, qrId);
      expect((await stayOf(h.app, first.sUUID, first.profileUUID)).status).toBe('finished');
      const back = await scanRoom(h.app, qrId, first.profileUUID);
      expect(back.statusCode).toBe(200);
      expect(back.json().stay).toMatchObject({ sUUID: first.sUUID, status: 'active', endDate });
    });
  });

  describe('stays end by themselves', () => {
    it('a stay without end date ends at check-out, maxStayNights (3) after its creation day: no points from home', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const { qrId } = (await rooms(h))['3'] ?? { qrId: '' };
      const { sUUID, profileUUID } = (await scanRoom(h.app, qrId)).json() as { sUUID: string; profileUUID: string };
      const row = await h.handle.db
        .selectFrom('stays')
        .select('ends_by')
        .where('id', '=', await stayIdOf(h.handle, sUUID))
        .executeTakeFirstOrThrow();
      const created = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
      const expected = new Date(`${created}T00:00:00Z`);
      expected.setUTCDate(expected.getUTCDate() + 3);
      expect(row.ends_by).toBe(expected.toISOString().slice(0, 10));
      h.clock.current = new Date(`${row.ends_by}T09:00:00Z`);
      try {
        expect((await stayOf(h.app, sUUID, profileUUID)).status).toBe('active');
        h.clock.current = new Date(`${row.ends_by}T11:00:00Z`);
        const stay = await stayOf(h.app, sUUID, profileUUID);
        expect(stay).toMatchObject({ status: 'finished', remainingDays: 0 });
      } finally {
        h.clock.current = null;
      }
    });
  });

  describe('stay limits', () => {
    /** Day `offset` after the first day of these tests, and 09:00 on it at the hotel (Paris, summer time). */
    const FIRST_DAY = '2030-06-03';
    const day = (offset: number) => addDays(FIRST_DAY, offset);
    const morningOf = (offset: number) => new Date(`${day(offset)}T07:00:00Z`);
    const eveningOf = (offset: number) => new Date(`${day(offset)}T18:00:00Z`);
    const putEndDate = (app: FastifyInstance, stay: { sUUID: string; profileUUID: string }, endDate: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/stays/${stay.sUUID}/endDate`,
        payload: { endDate, uuid: stay.profileUUID },
      });
    async function lastDayOf(h: Harness, sUUID: string) {
      const row = await h.handle.db
        .selectFrom('stays')
        .select('ends_by')
        .where('s_uuid', '=', sUUID)
        .executeTakeFirstOrThrow();
      return row.ends_by;
    }

    it('an end date pushed every 13 days stops at the last possible day (409 end_date_after_last_day)', async () => {
      const h = get();
      try {
        h.clock.current = morningOf(0);
        const stay = (await scanRoom(h.app, 'tilleuls-102')).json() as { sUUID: string; profileUUID: string };
        // maxStayNights 14 (the default): the stay's last possible day is its creation day + 14.
        expect(await lastDayOf(h, stay.sUUID)).toBe(day(14));
        expect((await putEndDate(h.app, stay, day(13))).statusCode).toBe(200);
        h.clock.current = morningOf(13);
        const stretched = await putEndDate(h.app, stay, day(26));
        expect(stretched.statusCode).toBe(409);
        expect(stretched.json().error).toBe('end_date_after_last_day');
        expect((await stayOf(h.app, stay.sUUID, stay.profileUUID)).endDate).toBe(day(13));
        // Up to the last possible day is fine; it never moves.
        expect((await putEndDate(h.app, stay, day(14))).statusCode).toBe(200);
        expect(await lastDayOf(h, stay.sUUID)).toBe(day(14));
        h.clock.current = eveningOf(14);
        expect(await stayOf(h.app, stay.sUUID, stay.profileUUID)).toMatchObject({
          status: 'finished',
          remainingDays: 0,
        });
        // Over by time: no end date reopens it, and the next scan is a fresh stay, with nothing of the old one.
        const reopened = await putEndDate(h.app, stay, day(16));
        expect(reopened.statusCode).toBe(409);
        expect(reopened.json().error).toBe('stay_finished');
        const next = await scanRoom(h.app, 'tilleuls-102', stay.profileUUID);
        expect(next.statusCode).toBe(201);
        expect(next.json().sUUID).not.toBe(stay.sUUID);
      } finally {
        h.clock.current = null;
      }
    });

    it('a submission cannot stretch a stay either: an endDate after the last day is refused, nothing written', async () => {
      const h = get();
      try {
        h.clock.current = morningOf(0);
        const stay = await newStay(h.app, h.handle, 1);
        h.clock.current = morningOf(10);
        const action = await actionOfType(h.app, stay, 'YESNOSTAY');
        const counts = await writableCounts(h.handle);
        const refused = await submit(h.app, stay, action.actId, 'yesnon', { response: true, endDate: day(15) });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('end_date_after_last_day');
        expect(await writableCounts(h.handle)).toEqual(counts);
        expect((await stayOf(h.app, stay.sUUID, stay.profileUUID)).endDate).toBeNull();
        const honest = await submit(h.app, stay, action.actId, 'yesnon', { response: true, endDate: day(14) });
        expect(honest.statusCode).toBe(200);
        expect((await stayOf(h.app, stay.sUUID, stay.profileUUID)).endDate).toBe(day(14));
      } finally {
        h.clock.current = null;
      }
    });

    it('an end date never reopens a stay over by time (409 stay_finished); the guest who rescans gets it back', async () => {
      const h = get();
      try {
        h.clock.current = morningOf(0);
        const stay = (await scanRoom(h.app, 'tilleuls-201')).json() as { sUUID: string; profileUUID: string };
        await credit(h, stay.sUUID, 30);
        // "I leave today", then the check-out time passes.
        expect((await putEndDate(h.app, stay, day(0))).statusCode).toBe(200);
        h.clock.current = eveningOf(0);
        const reopened = await putEndDate(h.app, stay, day(3));
        expect(reopened.statusCode).toBe(409);
        expect(reopened.json().error).toBe('stay_finished');
        expect(await stayOf(h.app, stay.sUUID, stay.profileUUID)).toMatchObject({
          status: 'finished',
          endDate: day(0),
        });
        // Honest: the guest stayed after all and scans the room code again: the same stay, its points, a new end date.
        const back = await scanRoom(h.app, 'tilleuls-201', stay.profileUUID);
        expect(back.statusCode).toBe(200);
        expect(back.json().stay).toMatchObject({ sUUID: stay.sUUID, greenMiles: 30, status: 'active', endDate: null });
        expect((await putEndDate(h.app, stay, day(3))).statusCode).toBe(200);
        expect(await lastDayOf(h, stay.sUUID)).toBe(day(14));
      } finally {
        h.clock.current = null;
      }
    });

    it('honest: a guest extends the stay twice within the limit', async () => {
      const h = get();
      try {
        h.clock.current = morningOf(0);
        const stay = await newHotelStay(h.app, 1);
        expect((await putEndDate(h.app, stay, day(2))).statusCode).toBe(200);
        h.clock.current = morningOf(1);
        expect((await putEndDate(h.app, stay, day(6))).statusCode).toBe(200);
        h.clock.current = morningOf(5);
        const extended = await putEndDate(h.app, stay, day(14));
        expect(extended.statusCode).toBe(200);
        expect(extended.json().stay).toMatchObject({ status: 'active', endDate: day(14), remainingDays: 10 });
      } finally {
        h.clock.current = null;
      }
    });
  });

  describe('room capacity', () => {
    it('a third guest in a room of 2 ends the oldest stay, never refuses the person standing there', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      await h.handle.db
        .updateTable('stays')
        .set({ status: 'finished' })
        .where('hotel_id', '=', PRESENCE_HOTEL)
        .execute();
      const { qrId } = (await rooms(h))['1'] ?? { qrId: '' };
      const guests = [];
      for (let i = 0; i < 3; i++)
        guests.push((await scanRoom(h.app, qrId)).json() as { sUUID: string; profileUUID: string });
      const statuses = [];
      for (const g of guests) statuses.push((await stayOf(h.app, g.sUUID, g.profileUUID)).status);
      expect(statuses).toEqual(['finished', 'active', 'active']);
    });

    it('holds under concurrent scans: 5 guests at once in a room of 2 leave exactly 2 active stays', async () => {
      const h = get();
      await importContent(h.handle.db, presenceHotel());
      const { rId, qrId } = (await rooms(h))['2'] ?? { rId: 0, qrId: '' };
      await h.handle.db.updateTable('stays').set({ status: 'finished' }).where('room_id', '=', rId).execute();
      const replies = await Promise.all(Array.from({ length: 5 }, () => scanRoom(h.app, qrId)));
      expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const active = [];
      for (const reply of replies) {
        const { sUUID, profileUUID } = reply.json() as { sUUID: string; profileUUID: string };
        if ((await stayOf(h.app, sUUID, profileUUID)).status === 'active') active.push(sUUID);
      }
      expect(active).toHaveLength(2);
    });

    it('honest: a family of four in one room (default capacity 4) all keep their stays; re-scans change nothing', async () => {
      const h = get();
      await h.handle.db.updateTable('stays').set({ status: 'finished' }).where('hotel_id', '=', 2).execute();
      const family = [];
      for (let i = 0; i < 4; i++)
        family.push((await scanRoom(h.app, 'demo-201')).json() as { sUUID: string; profileUUID: string });
      for (const member of family) {
        const again = await scanRoom(h.app, 'demo-201', member.profileUUID);
        expect(again.statusCode).toBe(200);
        expect(again.json().sUUID).toBe(member.sUUID);
      }
      for (const member of family)
        expect((await stayOf(h.app, member.sUUID, member.profileUUID)).status).toBe('active');
    });

    it('honest: a guest who changes rooms keeps the stay, which counts in the new room only', async () => {
      const h = get();
      await h.handle.db.updateTable('stays').set({ status: 'finished' }).where('hotel_id', '=', 2).execute();
      const mover = (await scanRoom(h.app, 'demo-101')).json() as { sUUID: string; profileUUID: string };
      await credit(h, mover.sUUID, 15);
      const moved = await scanRoom(h.app, 'demo-102', mover.profileUUID);
      expect(moved.statusCode).toBe(200);
      expect(moved.json().stay).toMatchObject({ sUUID: mover.sUUID, roomNb: '102', greenMiles: 15, status: 'active' });
      const roommates = [];
      for (let i = 0; i < 4; i++)
        roommates.push((await scanRoom(h.app, 'demo-101')).json() as { sUUID: string; profileUUID: string });
      expect((await stayOf(h.app, mover.sUUID, mover.profileUUID)).status).toBe('active');
    });
  });
});
