/**
 * Housekeeping's report on a skipped cleaning (PUT /api/staff/hotels/{hId}/housekeeping/{date}/rooms/{roomNumber}/check),
 * on both databases: what it records, what it refuses without writing, a race of two reports, and what it changes in
 * the figures (docs/impact.md#evidence) and on the guest's skip-cleaning card.
 */
import { expect, it } from 'vitest';
import { periodSummary } from '../../server/domain/impact.ts';
import { actionOfType, answerCleaning, roomStay, type TestStay } from './actions-support.ts';
import { describeEachDialect, type Harness, staffHeaders } from './harness.ts';

const checkUrl = (date: string, room: string, hotelId = 1) =>
  `/api/staff/hotels/${hotelId}/housekeeping/${date}/rooms/${room}/check`;

async function check(h: Harness, date: string, room: string, outcome: unknown, headers?: Record<string, string>) {
  return h.app.inject({
    method: 'PUT',
    url: checkUrl(date, room),
    payload: { outcome },
    headers: headers ?? (await staffHeaders(h.app, 1)),
  });
}

/** The rows a report writes: its check and its audit line. */
async function written(h: Harness) {
  const checks = await h.handle.db.selectFrom('cleaning_checks').select(['room_number', 'outcome']).execute();
  const audit = await h.handle.db
    .selectFrom('staff_audit')
    .select(['room_number', 'detail', 'actor_name', 'stay_uuid'])
    .where('kind', '=', 'cleaningChecked')
    .execute();
  return { checks: checks.length, audit: audit.length, auditRows: audit };
}

/** A guest of `qrId` who skips the cleaning of the day (an answer at 08:00 Paris) and the day's summary. */
async function skippingGuest(h: Harness, qrId: string, room: string, morning: string): Promise<TestStay> {
  const stay = await roomStay(h, qrId, 0);
  await answerCleaning(h, stay, morning, true, room);
  return stay;
}

describeEachDialect('housekeeping’s report on a skipped cleaning', (get) => {
  it('records “not cleaned, as asked”: the list, the audit trail, the figures and the guest’s card say so', async () => {
    const h = get();
    const stay = await skippingGuest(h, 'tilleuls-101', '101', '2026-06-10T06:00:00Z');
    const period = { hotelId: 1, from: '2026-06-10', to: '2026-06-10' };
    const before = await periodSummary(h.handle.db, period);
    const cleaningBefore = before.impact.find((row) => row.category === 'cleaning');
    expect(cleaningBefore).toMatchObject({ units: 1, confirmedUnits: 0 });
    expect(before.evidence).toMatchObject({ declared: 1, staffConfirmed: 0 });

    h.clock.current = new Date('2026-06-10T09:30:00Z');
    const answer = await check(h, '2026-06-10', '101', 'honoured');
    expect(answer.statusCode, answer.body).toBe(200);
    const room = {
      roomNumber: '101',
      since: '2026-06-10T06:00:00.000Z',
      skipping: true,
      changedBackAt: null,
      check: { outcome: 'honoured', checkedBy: 'Claire', checkedAt: '2026-06-10T09:30:00.000Z' },
    };
    expect(answer.json()).toEqual(room);
    const list = await h.app.inject({
      url: '/api/staff/hotels/1/housekeeping?date=2026-06-10',
      headers: await staffHeaders(h.app, 1),
    });
    expect(list.json().rooms).toEqual([room]);
    expect((await written(h)).auditRows).toEqual([
      { room_number: '101', detail: '2026-06-10 honoured', actor_name: 'Claire', stay_uuid: stay.sUUID },
    ]);

    const after = await periodSummary(h.handle.db, period);
    expect(after.impact.find((row) => row.category === 'cleaning')).toMatchObject({ units: 1, confirmedUnits: 1 });
    expect(after.evidence).toMatchObject({ declared: 0, staffConfirmed: 1 });
    expect(after.saved).toEqual(before.saved);

    const card = await actionOfType(h.app, stay, 'LUNICLEAN');
    expect(card.cleaningCheck).toEqual({ outcome: 'honoured', checkedAt: '2026-06-10T09:30:00.000Z' });

    // The same report again (a second tap, a retried call): answered as it stands, nothing written twice.
    h.clock.current = new Date('2026-06-10T09:45:00Z');
    const again = await check(h, '2026-06-10', '101', 'honoured');
    expect([again.statusCode, again.json()]).toEqual([200, room]);
    // Another report on it: the first one stands.
    const other = await check(h, '2026-06-10', '101', 'cleanedAnyway');
    expect([other.statusCode, other.json().error]).toEqual([409, 'cleaning_already_checked']);
    expect(await written(h)).toMatchObject({ checks: 1, audit: 1 });

    // The guest then asks for the cleaning after all: housekeeping's word no longer backs a skip that is not one.
    await answerCleaning(h, stay, '2026-06-10T09:50:00Z', false, '101');
    expect((await actionOfType(h.app, stay, 'LUNICLEAN')).cleaningCheck).toBeUndefined();
    const changed = await periodSummary(h.handle.db, period);
    expect(changed.impact.find((row) => row.category === 'cleaning')).toMatchObject({ units: 0, confirmedUnits: 0 });
    expect(changed.evidence).toMatchObject({ declared: 1, staffConfirmed: 0 });
  });

  it('records “cleaned anyway”: the cleaning’s saving is not counted, the guest keeps the points and is told', async () => {
    const h = get();
    const stay = await skippingGuest(h, 'tilleuls-102', '102', '2026-06-11T06:00:00Z');
    const period = { hotelId: 1, from: '2026-06-11', to: '2026-06-11' };
    const before = await periodSummary(h.handle.db, period);
    expect(before.impact.find((row) => row.category === 'cleaning')?.units).toBe(1);
    expect(before.saved.waterLitres).toBeGreaterThan(0);
    const points = (await actionOfType(h.app, stay, 'LUNICLEAN')).earnedGreenMiles;

    h.clock.current = new Date('2026-06-11T10:00:00Z');
    const answer = await check(h, '2026-06-11', '102', 'cleanedAnyway');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().check).toMatchObject({ outcome: 'cleanedAnyway', checkedBy: 'Claire' });

    const after = await periodSummary(h.handle.db, period);
    const cleaning = after.impact.find((row) => row.category === 'cleaning');
    expect(cleaning).toMatchObject({ units: 0, confirmedUnits: 0 });
    expect(cleaning?.water.saved).toBe(0);
    expect(after.saved.waterLitres).toBe(0);
    expect(after.evidence).toMatchObject({ declared: 1, staffConfirmed: 0 });
    const card = await actionOfType(h.app, stay, 'LUNICLEAN');
    expect(card.cleaningCheck).toEqual({ outcome: 'cleanedAnyway', checkedAt: '2026-06-11T10:00:00.000Z' });
    expect(card.earnedGreenMiles).toBe(points);
  });

  it('refuses, writing nothing: no session, another hotel, a bad outcome, a day to come, a room not skipping', async () => {
    const h = get();
    const stay = await skippingGuest(h, 'tilleuls-201', '201', '2026-06-12T06:00:00Z');
    await skippingGuest(h, 'tilleuls-101', '101', '2026-06-12T06:10:00Z');
    // Room 101's guest asks for the cleaning again.
    const changing = await roomStay(h, 'tilleuls-102', 0);
    await answerCleaning(h, changing, '2026-06-12T06:20:00Z', true, '102');
    await answerCleaning(h, changing, '2026-06-12T06:30:00Z', false, '102');
    h.clock.current = new Date('2026-06-12T09:00:00Z');
    const before = await written(h);
    const headers = await staffHeaders(h.app, 1);

    const refusals: [string, Promise<{ statusCode: number; json: () => { error: string } }>, number, string][] = [
      [
        'no session',
        h.app.inject({ method: 'PUT', url: checkUrl('2026-06-12', '201'), payload: { outcome: 'honoured' } }),
        401,
        'staff_session_missing',
      ],
      [
        'another hotel’s session',
        check(h, '2026-06-12', '201', 'honoured', await staffHeaders(h.app, 2)),
        403,
        'staff_session_wrong_hotel',
      ],
      ['an outcome that is none', check(h, '2026-06-12', '201', 'maybe', headers), 400, 'bad_request'],
      ['no outcome', check(h, '2026-06-12', '201', undefined, headers), 400, 'bad_request'],
      ['not a calendar date', check(h, '2026-06-31', '201', 'honoured', headers), 400, 'bad_request'],
      ['tomorrow', check(h, '2026-06-13', '201', 'honoured', headers), 400, 'cleaning_date_in_future'],
      ['the day before yesterday', check(h, '2026-06-10', '201', 'honoured', headers), 400, 'cleaning_date_too_old'],
      ['a room not on the list', check(h, '2026-06-12', '7', 'honoured', headers), 404, 'room_not_skipping'],
      ['another day’s list', check(h, '2026-06-11', '201', 'honoured', headers), 404, 'room_not_skipping'],
      ['a cleaning asked again', check(h, '2026-06-12', '102', 'honoured', headers), 409, 'cleaning_changed_back'],
    ];
    for (const [what, call, status, error] of refusals) {
      const answer = await call;
      expect([answer.statusCode, answer.json().error], what).toEqual([status, error]);
    }
    expect(await written(h)).toEqual(before);
    expect((await actionOfType(h.app, stay, 'LUNICLEAN')).cleaningCheck).toBeUndefined();
  });

  it('of two reports on one room at once, exactly one lands', async () => {
    const h = get();
    await skippingGuest(h, 'tilleuls-101', '101', '2026-06-14T06:00:00Z');
    await skippingGuest(h, 'tilleuls-102', '102', '2026-06-14T06:05:00Z');
    h.clock.current = new Date('2026-06-14T09:00:00Z');
    const before = await written(h);
    const [one, two] = [await staffHeaders(h.app, 1), await staffHeaders(h.app, 1)];

    const differing = await Promise.all([
      check(h, '2026-06-14', '101', 'honoured', one),
      check(h, '2026-06-14', '101', 'cleanedAnyway', two),
    ]);
    expect(differing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const landed = differing.find((answer) => answer.statusCode === 200)?.json().check.outcome;
    const refused = differing.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error).toBe('cleaning_already_checked');

    const same = await Promise.all([
      check(h, '2026-06-14', '102', 'honoured', one),
      check(h, '2026-06-14', '102', 'honoured', two),
    ]);
    expect(same.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(same[0]?.json()).toEqual(same[1]?.json());

    expect(await written(h)).toMatchObject({ checks: before.checks + 2, audit: before.audit + 2 });
    const rows = await h.handle.db
      .selectFrom('cleaning_checks')
      .select(['room_number', 'outcome'])
      .where('cleaning_date', '=', '2026-06-14')
      .orderBy('room_number')
      .execute();
    expect(rows).toEqual([
      { room_number: '101', outcome: landed },
      { room_number: '102', outcome: 'honoured' },
    ]);
  });
});
