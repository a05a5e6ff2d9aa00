/** The housekeeping list (GET /api/staff/hotels/{hId}/housekeeping), on both databases. */
import { expect, it } from 'vitest';
import { cleaningDateAt } from '../../contract/calendar-days.ts';
import { dailyReport } from '../../server/domain/daily-report.ts';
import { answerCleaning, roomStay, type TestStay } from './actions-support.ts';
import { describeEachDialect, staffHeaders } from './harness.ts';

it('names the day of the 11:00 switch (Europe/Paris, UTC+2 in April)', () => {
  expect(cleaningDateAt(new Date('2026-04-10T08:59:00Z'), 'Europe/Paris')).toBe('2026-04-10');
  expect(cleaningDateAt(new Date('2026-04-10T09:00:00Z'), 'Europe/Paris')).toBe('2026-04-11');
  expect(cleaningDateAt(new Date('2026-04-09T22:30:00Z'), 'Europe/Paris')).toBe('2026-04-10');
});

describeEachDialect('housekeeping list', (get) => {
  it('lists the rooms skipping the day’s cleaning, with the answers changed back, by room number', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-09T06:00:00Z');
    // Rooms 7, 9 and 12 next to the sample's 101, 102, 201: the list sorts room numbers as numbers.
    await h.handle.db
      .insertInto('rooms')
      .values(['7', '9', '12'].map((number) => ({ hotel_id: 1, number, qr_id: `housekeeping-${number}` })))
      .execute();
    const stayIn = (number: string) =>
      roomStay(h, number.length === 3 ? `tilleuls-${number}` : `housekeeping-${number}`, 0);
    const [seven, twelve, nine, hundredOne, hundredTwo, twoHundredOne] = [
      await stayIn('7'),
      await stayIn('12'),
      await stayIn('9'),
      await stayIn('101'),
      await stayIn('102'),
      await stayIn('201'),
    ];
    // 10:00 Paris on the 9th: the 9th's cleaning, not the 10th's.
    await answerCleaning(h, seven, '2026-04-09T08:00:00Z', true, '7');
    // 12:00 Paris on the 9th: the 10th's cleaning.
    await answerCleaning(h, twelve, '2026-04-09T10:00:00Z', true, '12');
    await answerCleaning(h, nine, '2026-04-09T10:05:00Z', true, '9');
    // 08:00 Paris on the 10th: changed back, the room is cleaned on the 10th after all.
    await answerCleaning(h, nine, '2026-04-10T06:00:00Z', false, '9');
    await answerCleaning(h, hundredOne, '2026-04-10T07:00:00Z', true, '101');
    // 12:00 Paris on the 10th: the 11th's cleaning.
    await answerCleaning(h, hundredTwo, '2026-04-10T10:00:00Z', true, '102');
    // Keeping the cleaning without ever skipping it is not on the list.
    await answerCleaning(h, twoHundredOne, '2026-04-10T07:30:00Z', false, '201');

    const headers = await staffHeaders(h.app, 1);
    const response = await h.app.inject({ url: '/api/staff/hotels/1/housekeeping?date=2026-04-10', headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      date: '2026-04-10',
      rooms: [
        {
          roomNumber: '9',
          since: '2026-04-09T10:05:00.000Z',
          skipping: false,
          changedBackAt: '2026-04-10T06:00:00.000Z',
          check: null,
        },
        { roomNumber: '12', since: '2026-04-09T10:00:00.000Z', skipping: true, changedBackAt: null, check: null },
        { roomNumber: '101', since: '2026-04-10T07:00:00.000Z', skipping: true, changedBackAt: null, check: null },
      ],
    });
    // Without a date: today, hotel-local (00:30 Paris on the 11th is already the 11th).
    h.clock.current = new Date('2026-04-10T22:30:00Z');
    const today = await h.app.inject({
      url: '/api/staff/hotels/1/housekeeping',
      headers: await staffHeaders(h.app, 1),
    });
    expect(today.json()).toEqual({
      date: '2026-04-11',
      rooms: [
        { roomNumber: '102', since: '2026-04-10T10:00:00.000Z', skipping: true, changedBackAt: null, check: null },
      ],
    });
  });

  it('lists a room only for a stay still in it on the day: not one checking out before, ended, or moved out', async () => {
    const h = get();
    h.clock.current = new Date('2026-05-10T06:00:00Z');
    const [leaving, ended, mover, family, familyToo, departing] = [
      await roomStay(h, 'tilleuls-101', 0),
      await roomStay(h, 'tilleuls-102', 0),
      await roomStay(h, 'tilleuls-201', 0),
      await roomStay(h, 'housekeeping-9', 0),
      await roomStay(h, 'housekeeping-9', 0),
      await roomStay(h, 'housekeeping-12', 0),
    ];
    const setEndDate = (stay: TestStay, endDate: string) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/stays/${stay.sUUID}/endDate`,
        payload: { endDate, uuid: stay.profileUUID },
      });
    expect((await setEndDate(leaving, '2026-05-10')).statusCode).toBe(200);
    expect((await setEndDate(departing, '2026-05-11')).statusCode).toBe(200);
    // 11:30 to 12:00 Paris on the 10th: every answer speaks of the 11th's cleaning.
    await answerCleaning(h, leaving, '2026-05-10T09:30:00Z', true, '101');
    await answerCleaning(h, ended, '2026-05-10T09:40:00Z', true, '102');
    await answerCleaning(h, mover, '2026-05-10T09:45:00Z', true, '201');
    await answerCleaning(h, family, '2026-05-10T09:50:00Z', true, '9');
    await answerCleaning(h, departing, '2026-05-10T09:55:00Z', true, '12');
    // That afternoon: the stay in 102 is ended at the desk, the guest of 201 moves to room 7.
    h.clock.current = new Date('2026-05-10T14:00:00Z');
    const terminated = await h.app.inject({
      method: 'PUT',
      url: `/api/stays/${ended.sUUID}/terminate`,
      payload: { uuid: ended.profileUUID },
      headers: await staffHeaders(h.app, 1),
    });
    expect(terminated.statusCode).toBe(200);
    const seven = await h.handle.db
      .selectFrom('rooms')
      .select('id')
      .where('qr_id', '=', 'housekeeping-7')
      .executeTakeFirstOrThrow();
    const moved = await h.app.inject({
      method: 'POST',
      url: '/api/stays/new',
      payload: { hId: 1, rId: seven.id, qrId: 'housekeeping-7', profileUUID: mover.profileUUID },
    });
    expect(moved.json().sUUID).toBe(mover.sUUID);

    const list = await h.app.inject({
      url: '/api/staff/hotels/1/housekeeping?date=2026-05-11',
      headers: await staffHeaders(h.app, 1),
    });
    // Honest: the room shared by a family (its other guest still there). Room 12's guest leaves that day: its room
    // is cleaned for the next guest.
    expect(list.json().rooms.map((room: { roomNumber: string }) => room.roomNumber)).toEqual(['9']);
    expect(familyToo.sUUID).not.toBe(family.sUUID);
    // The daily report of the 10th names the same rooms for the 11th.
    const report = await dailyReport(h.handle.db, 1, '2026-05-10');
    expect(report.skippedCleanings.map((room) => room.roomNumber)).toEqual(['9']);
  });

  it('is for the hotel’s staff only, and refuses a date that is not a calendar date of the API’s window', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-12T08:00:00Z');
    const missing = await h.app.inject({ url: '/api/staff/hotels/1/housekeeping' });
    expect([missing.statusCode, missing.json().error]).toEqual([401, 'staff_session_missing']);
    const otherHotel = await h.app.inject({
      url: '/api/staff/hotels/1/housekeeping',
      headers: await staffHeaders(h.app, 2),
    });
    expect([otherHotel.statusCode, otherHotel.json().error]).toEqual([403, 'staff_session_wrong_hotel']);
    const headers = await staffHeaders(h.app, 1);
    for (const date of ['2026-02-30', '2026-4-1', 'today', '9999-12-31', '1999-12-31']) {
      const refused = await h.app.inject({ url: `/api/staff/hotels/1/housekeeping?date=${date}`, headers });
      expect([refused.statusCode, refused.json().error], date).toEqual([400, 'bad_request']);
    }
  });
});
