/** The housekeeping list (GET /api/staff/hotels/{hId}/housekeeping), on both databases. */
import { expect, it } from 'vitest';
import { cleaningDateOf } from '../../server/domain/housekeeping.ts';
import { answerCleaning, newStay } from './actions-support.ts';
import { describeEachDialect, staffHeaders } from './harness.ts';

it('names the day of the 11:00 switch (Europe/Paris, UTC+2 in April)', () => {
  expect(cleaningDateOf(new Date('2026-04-10T08:59:00Z'), 'Europe/Paris')).toBe('2026-04-10');
  expect(cleaningDateOf(new Date('2026-04-10T09:00:00Z'), 'Europe/Paris')).toBe('2026-04-11');
  expect(cleaningDateOf(new Date('2026-04-09T22:30:00Z'), 'Europe/Paris')).toBe('2026-04-10');
});

describeEachDialect('housekeeping list', (get) => {
  it('lists the rooms skipping the day’s cleaning, with the answers changed back, by room number', async () => {
    const h = get();
    h.clock.current = new Date('2026-04-09T06:00:00Z');
    const [early, yesterday, changed, tomorrow, kept] = [
      await newStay(h.app, h.handle),
      await newStay(h.app, h.handle),
      await newStay(h.app, h.handle),
      await newStay(h.app, h.handle),
      await newStay(h.app, h.handle),
    ];
    // 10:00 Paris on the 9th: the 9th's cleaning, not the 10th's.
    await answerCleaning(h, early, '2026-04-09T08:00:00Z', true, '7');
    // 12:00 Paris on the 9th: the 10th's cleaning.
    await answerCleaning(h, yesterday, '2026-04-09T10:00:00Z', true, '12');
    await answerCleaning(h, changed, '2026-04-09T10:05:00Z', true, '9');
    // 08:00 Paris on the 10th: changed back, the room is cleaned on the 10th after all.
    await answerCleaning(h, changed, '2026-04-10T06:00:00Z', false, '9');
    await answerCleaning(h, early, '2026-04-10T07:00:00Z', true, '101');
    // 12:00 Paris on the 10th: the 11th's cleaning.
    await answerCleaning(h, tomorrow, '2026-04-10T10:00:00Z', true, '102');
    // Keeping the cleaning without ever skipping it is not on the list.
    await answerCleaning(h, kept, '2026-04-10T07:30:00Z', false, '201');

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
        },
        { roomNumber: '12', since: '2026-04-09T10:00:00.000Z', skipping: true, changedBackAt: null },
        { roomNumber: '101', since: '2026-04-10T07:00:00.000Z', skipping: true, changedBackAt: null },
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
      rooms: [{ roomNumber: '102', since: '2026-04-10T10:00:00.000Z', skipping: true, changedBackAt: null }],
    });
  });

  it('is for the hotel’s staff only, and refuses a date that is not a calendar date', async () => {
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
    for (const date of ['2026-02-30', '2026-4-1', 'today']) {
      const refused = await h.app.inject({ url: `/api/staff/hotels/1/housekeeping?date=${date}`, headers });
      expect([refused.statusCode, refused.json().error], date).toEqual([400, 'bad_request']);
    }
  });
});
