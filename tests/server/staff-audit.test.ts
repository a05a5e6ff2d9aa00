/**
 * The audit trail (docs/behaviour.md#audit-trail) on both databases: each staff action leaves exactly one row saying
 * who, what and where, written with the action; a refused action (wrong role, another hotel, unknown code, 409)
 * leaves none.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { StaffAuditKind, StaffAuditReply } from '../../contract/schemas.ts';
import type { StaffRole } from '../../contract/staff-roles.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { hashPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { createStore } from '../../server/db/store.ts';
import { dailyReport } from '../../server/domain/daily-report.ts';
import { addDays, localDate, localDayStart } from '../../server/domain/hotel-time.ts';
import { rotateRoomQrId } from '../../server/domain/qr-codes.ts';
import { recordStaffAction, SERVER_COMMAND, type StaffActor } from '../../server/domain/staff-audit.ts';
import { AUDIT_PAGE_SIZE } from '../../server/domain/staff-audit-trail.ts';
import { staffNameKey } from '../../server/domain/staff-sessions.ts';
import { composeDailyReportMail } from '../../server/mail/daily-report-mail.ts';
import { roomStay } from './actions-support.ts';
import { describeEachDialect, type Harness, rewardIdOf, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

type Headers = Record<string, string>;

let accountCounter = 0;

/** A new staff account of the hotel (written as account management would), signed in: its id, name and headers. */
async function signedInAccount(
  h: Harness,
  hotelId: number,
  role: StaffRole,
  name = `Person ${++accountCounter}`,
): Promise<{ id: number; name: string; headers: Headers }> {
  const pin = '246810';
  const now = new Date().toISOString();
  const { id } = await h.handle.db
    .insertInto('staff_accounts')
    .values({
      hotel_id: hotelId,
      name,
      name_key: staffNameKey(name),
      role,
      pin_hash: await hashPin(pin),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/staff/sessions',
    payload: { hId: hotelId, pin, name },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { token } = response.json() as { token: string };
  return { id, name, headers: { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${token}` } };
}

/** The trail's rows of a kind, oldest first. */
function rowsOf(h: Harness, kind: string) {
  return h.handle.db.selectFrom('staff_audit').selectAll().where('kind', '=', kind).orderBy('id').execute();
}

/** The trail's rows but sign-ins (a test's sessions sign in as it goes): what the calls under test added. */
async function trailSize(h: Harness): Promise<number> {
  const row = await h.handle.db
    .selectFrom('staff_audit')
    .where('kind', '!=', 'signIn')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims the hotel-1 reward `key` for the stay; its code as the guest's screen shows it. */
async function claimedCode(h: Harness, stay: { sUUID: string; profileUUID: string }, key: string) {
  const rwId = await rewardIdOf(h.handle, 1, key);
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/rewards/${rwId}/claim`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { rwId, code: `TIL-${response.json().code}` };
}

const post = (h: Harness, url: string, headers: Headers, payload?: object) =>
  h.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** What every row names: the hotel, when, and who (the account, its name and role at the time). */
const by = (account: { id: number; name: string }, role: StaffRole, at: string) => ({
  hotel_id: 1,
  at,
  account_id: account.id,
  actor_name: account.name,
  role,
});

describeEachDialect('audit trail: what each staff action records', (get) => {
  it('a code check records who checked which code of which room; an unknown, an ambiguous or a forbidden check records nothing', async () => {
    const h = get();
    h.clock.current = new Date('2026-06-01T08:00:00Z');
    const guest = await roomStay(h, 'tilleuls-101', 100);
    const coffee = await claimedCode(h, guest, 'coffee-code');
    const desk = await signedInAccount(h, 1, 'frontDesk');
    h.clock.current = new Date('2026-06-01T08:05:00Z');
    const checked = await post(h, '/api/staff/codes/verify', desk.headers, { code: coffee.code });
    expect(checked.statusCode, checked.body).toBe(200);
    const [row, ...more] = await rowsOf(h, 'codeChecked');
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      ...by(desk, 'frontDesk', '2026-06-01T08:05:00.000Z'),
      room_number: '101',
      code: coffee.code,
      reward_id: coffee.rwId,
      stay_uuid: null,
      detail: null,
    });
    expect(row?.claim_id).toEqual(expect.any(Number));

    const before = await trailSize(h);
    expect((await post(h, '/api/staff/codes/verify', desk.headers, { code: 'TIL-NOPE' })).statusCode).toBe(404);
    // A pool code that reads as the prefixed code of another claim: 409, nothing recorded.
    const gift = await claimedCode(h, guest, 'local-gift');
    await h.handle.db
      .updateTable('reward_claims')
      .set({ code: coffee.code })
      .where('reward_id', '=', gift.rwId)
      .execute();
    const ambiguous = await post(h, '/api/staff/codes/verify', desk.headers, { code: coffee.code });
    expect(ambiguous.json().error).toBe('ambiguous_code');
    const housekeeper = await signedInAccount(h, 1, 'housekeeping');
    const forbidden = await post(h, '/api/staff/codes/verify', housekeeper.headers, { code: coffee.code });
    expect(forbidden.json().error).toBe('staff_role_forbidden');
    expect(await trailSize(h)).toBe(before);
  });

  it('a hand-over records one codeRedeemed; a replay records nothing more', async () => {
    const h = get();
    h.clock.current = new Date('2026-06-02T08:00:00Z');
    const guest = await roomStay(h, 'tilleuls-102', 100);
    const coffee = await claimedCode(h, guest, 'coffee-code');
    const desk = await signedInAccount(h, 1, 'frontDesk');
    const before = (await rowsOf(h, 'codeRedeemed')).length;
    expect((await post(h, '/api/staff/codes/redeem', desk.headers, { code: coffee.code })).json().redeemedNow).toBe(
      true,
    );
    expect((await post(h, '/api/staff/codes/redeem', desk.headers, { code: coffee.code })).json().redeemedNow).toBe(
      false,
    );
    const rows = (await rowsOf(h, 'codeRedeemed')).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        ...by(desk, 'frontDesk', '2026-06-02T08:00:00.000Z'),
        room_number: '102',
        code: coffee.code,
        reward_id: coffee.rwId,
      }),
    ]);
  });

  it('the hidden stay reset records the stay and its room once; a second reset, another hotel or a housekeeper none', async () => {
    const h = get();
    h.clock.current = new Date('2026-06-03T08:00:00Z');
    const guest = await roomStay(h, 'tilleuls-201', 0);
    const terminate = (headers: Headers) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/stays/${guest.sUUID}/terminate`,
        payload: { uuid: guest.profileUUID },
        headers,
      });
    const before = await trailSize(h);
    expect((await terminate(await staffHeaders(h.app, 2))).json().error).toBe('staff_session_wrong_hotel');
    const housekeeper = await signedInAccount(h, 1, 'housekeeping');
    expect((await terminate(housekeeper.headers)).json().error).toBe('staff_role_forbidden');
    expect(await trailSize(h)).toBe(before);

    const desk = await signedInAccount(h, 1, 'frontDesk');
    expect((await terminate(desk.headers)).statusCode).toBe(200);
    expect((await terminate(desk.headers)).statusCode).toBe(200);
    const rows = (await rowsOf(h, 'stayReset')).filter((row) => row.stay_uuid === guest.sUUID);
    expect(rows).toEqual([
      expect.objectContaining({
        ...by(desk, 'frontDesk', '2026-06-03T08:00:00.000Z'),
        room_number: '201',
        stay_uuid: guest.sUUID,
      }),
    ]);
  });

  it('a QR rotation records the room, or the hotel key; an unknown room or a front-desk session records nothing', async () => {
    const h = get();
    h.clock.current = new Date('2026-06-04T08:00:00Z');
    const manager = await signedInAccount(h, 1, 'manager');
    const desk = await signedInAccount(h, 1, 'frontDesk');
    const before = await trailSize(h);
    expect((await post(h, '/api/staff/hotels/1/rooms/999/qr-rotation', manager.headers)).statusCode).toBe(404);
    const forbidden = await post(h, '/api/staff/hotels/1/rooms/101/qr-rotation', desk.headers);
    expect(forbidden.json().error).toBe('staff_role_forbidden');
    expect((await post(h, '/api/staff/hotels/1/qr-key-rotation', desk.headers)).statusCode).toBe(403);
    expect(await trailSize(h)).toBe(before);

    expect((await post(h, '/api/staff/hotels/1/rooms/101/qr-rotation', manager.headers)).statusCode).toBe(200);
    expect((await post(h, '/api/staff/hotels/1/qr-key-rotation', manager.headers)).statusCode).toBe(200);
    expect(await trailSize(h)).toBe(before + 2);
    expect((await rowsOf(h, 'roomQrRotated')).at(-1)).toMatchObject({
      ...by(manager, 'manager', '2026-06-04T08:00:00.000Z'),
      room_number: '101',
    });
    expect((await rowsOf(h, 'hotelKeyRotated')).at(-1)).toMatchObject({
      ...by(manager, 'manager', '2026-06-04T08:00:00.000Z'),
      room_number: null,
    });
    // `npm run qr:rotate`: a command on the server, nobody's account.
    await rotateRoomQrId(
      createStore(h.handle.db, h.handle.kind),
      1,
      '102',
      SERVER_COMMAND,
      new Date('2026-06-04T09:00Z'),
    );
    expect((await rowsOf(h, 'roomQrRotated')).at(-1)).toMatchObject({
      hotel_id: 1,
      at: '2026-06-04T09:00:00.000Z',
      account_id: null,
      actor_name: null,
      role: null,
      room_number: '102',
    });
  });

  it('a content import records a server command with the file’s name; a refused import records nothing', async () => {
    const h = get();
    const text = await readFile(SAMPLE_HOTEL_FILES[0] ?? '', 'utf8');
    const before = await trailSize(h);
    await importContent(h.handle.db, parseContent(text), 'les-tilleuls.yaml');
    expect(await trailSize(h)).toBe(before + 1);
    expect((await rowsOf(h, 'contentImported')).at(-1)).toMatchObject({
      hotel_id: 1,
      account_id: null,
      actor_name: null,
      role: null,
      detail: 'les-tilleuls.yaml',
    });
    await importContent(h.handle.db, parseContent(text));
    expect((await rowsOf(h, 'contentImported')).at(-1)?.detail).toBe('hotel:import');

    const taken = text.replace('{ number: "101", qrId: tilleuls-101 }', '{ number: "101", qrId: demo-101 }');
    await expect(importContent(h.handle.db, parseContent(taken))).rejects.toThrow(/already belongs to hotel 2/);
    expect(await trailSize(h)).toBe(before + 2);
  });
});

describe('localDayStart', () => {
  it('is the first instant of the hotel-local day: midnight, on clock-change days too, or the first minute left', () => {
    expect(localDayStart('2026-07-10', 'Europe/Paris').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    // Summer time begins on 29 March 2026 at 02:00: that day is 23 hours long.
    expect(localDayStart('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localDayStart('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(localDayStart('2026-07-10', 'Pacific/Kiritimati').toISOString()).toBe('2026-07-09T10:00:00.000Z');
    expect(localDayStart('2026-07-10', 'Etc/GMT+12').toISOString()).toBe('2026-07-10T12:00:00.000Z');
    // Where a clock change skips midnight, the day begins at the first minute it has.
    for (const [date, zone] of [
      ['2026-09-06', 'America/Santiago'],
      ['2026-03-08', 'America/Havana'],
    ] as const) {
      const start = localDayStart(date, zone);
      expect(localDate(start, zone), zone).toBe(date);
      expect(localDate(new Date(start.getTime() - 60_000), zone), zone).toBe(addDays(date, -1));
    }
  });
});

/** A row of the trail of hotel 1, written as an action would (at the UTC instant `at`). */
function record(h: Harness, at: string, kind: StaffAuditKind, actor: StaffActor, subject: object = {}) {
  return recordStaffAction(h.handle.db, { hotelId: 1, kind, actor, at: new Date(at), ...subject });
}

const trailOf = (h: Harness, headers: Headers, query: string, hotelId = 1) =>
  h.app.inject({ url: `/api/staff/hotels/${hotelId}/audit${query}`, headers });

describeEachDialect('audit trail: what the manager reads', (get) => {
  let manager: { id: number; name: string; headers: Headers };
  let desk: { id: number; name: string; headers: Headers };
  const deskActor = (): StaffActor => ({ accountId: desk.id, accountName: desk.name, role: 'frontDesk' });

  // July 2026 in Paris (UTC+2): the 10th runs from 22:00 UTC on the 9th to 22:00 UTC on the 10th.
  it('filters by hotel-local days (both ends included, to the millisecond), person and kind', async () => {
    const h = get();
    manager = await signedInAccount(h, 1, 'manager', 'Maëlle');
    desk = await signedInAccount(h, 1, 'frontDesk', 'Karim');
    await record(h, '2026-07-09T21:59:59.999Z', 'codeChecked', deskActor(), { code: 'TIL-AAA' });
    await record(h, '2026-07-09T22:00:00.000Z', 'codeChecked', deskActor(), { code: 'TIL-BBB', roomNumber: '101' });
    await record(h, '2026-07-10T09:00:00.000Z', 'signInFailed', { accountId: null, accountName: 'Eve', role: null });
    await record(h, '2026-07-10T21:59:59.999Z', 'codeRedeemed', deskActor(), { code: 'TIL-CCC' });
    await record(h, '2026-07-10T22:00:00.000Z', 'codeChecked', deskActor(), { code: 'TIL-DDD' });
    await recordStaffAction(h.handle.db, {
      hotelId: 2,
      kind: 'codeChecked',
      actor: SERVER_COMMAND,
      at: new Date('2026-07-10T10:00:00.000Z'),
    });

    const day = await trailOf(h, manager.headers, '?from=2026-07-10&to=2026-07-10');
    expect(day.statusCode, day.body).toBe(200);
    const { entries, nextBefore } = day.json() as StaffAuditReply;
    expect(nextBefore).toBeNull();
    expect(entries.map((entry) => entry.code ?? entry.actorName)).toEqual(['TIL-CCC', 'Eve', 'TIL-BBB']);
    expect(entries[2]).toEqual({
      id: expect.any(Number),
      at: '2026-07-09T22:00:00.000Z',
      kind: 'codeChecked',
      accountId: desk.id,
      actorName: 'Karim',
      role: 'frontDesk',
      roomNumber: '101',
      sUUID: null,
      rwId: null,
      code: 'TIL-BBB',
      targetAccountId: null,
      detail: null,
    });

    const codes = async (query: string) =>
      ((await trailOf(h, manager.headers, query)).json() as StaffAuditReply).entries.map((entry) => entry.code);
    expect(await codes(`?from=2026-07-09&to=2026-07-11&accountId=${desk.id}`)).toEqual([
      'TIL-DDD',
      'TIL-CCC',
      'TIL-BBB',
      'TIL-AAA',
    ]);
    expect(await codes(`?from=2026-07-09&to=2026-07-11&accountId=${desk.id}&kind=codeChecked`)).toEqual([
      'TIL-DDD',
      'TIL-BBB',
      'TIL-AAA',
    ]);
    expect(await codes('?from=2026-07-11&to=2026-07-31')).toEqual(['TIL-DDD']);
    expect(await codes('?from=2026-07-01&to=2026-07-09')).toEqual(['TIL-AAA']);
    // Another hotel's trail is not this one's.
    expect(await codes('?from=2026-07-10&to=2026-07-10&kind=codeChecked')).toEqual(['TIL-BBB']);
  });

  it('pages the latest first by `before`, `limit` entries at a time, until nextBefore is null', async () => {
    const h = get();
    const seen: Array<string | null> = [];
    let query = '?from=2026-07-09&to=2026-07-11&limit=2';
    for (let pages = 0; pages < 5; pages += 1) {
      const page = (await trailOf(h, manager.headers, query)).json() as StaffAuditReply;
      seen.push(...page.entries.map((entry) => entry.code ?? entry.actorName));
      if (page.nextBefore === null) break;
      expect(page.entries).toHaveLength(2);
      query = `?from=2026-07-09&to=2026-07-11&limit=2&before=${page.nextBefore}`;
    }
    expect(seen).toEqual(['TIL-DDD', 'TIL-CCC', 'Eve', 'TIL-BBB', 'TIL-AAA']);

    // Without `limit`, 100 entries a page.
    for (let minute = 0; minute <= AUDIT_PAGE_SIZE; minute += 1)
      await record(
        h,
        new Date(Date.parse('2026-08-01T08:00:00Z') + minute * 60_000).toISOString(),
        'codeChecked',
        deskActor(),
      );
    const first = (await trailOf(h, manager.headers, '?from=2026-08-01&to=2026-08-01')).json() as StaffAuditReply;
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.at).toBe('2026-08-01T09:40:00.000Z');
    const rest = (
      await trailOf(h, manager.headers, `?from=2026-08-01&to=2026-08-01&before=${first.nextBefore}`)
    ).json() as StaffAuditReply;
    expect(rest.entries.map((entry) => entry.at)).toEqual(['2026-08-01T08:00:00.000Z']);
    expect(rest.nextBefore).toBeNull();
    const huge = await trailOf(h, manager.headers, '?from=2026-08-01&to=2026-08-01&before=99999999999');
    expect([huge.statusCode, huge.json().error]).toEqual([400, 'bad_request']);
  });

  it('is the managers’ of the hotel only: a front-desk session and another hotel’s manager are refused (403)', async () => {
    const h = get();
    const otherHotel = await staffHeaders(h.app, 2);
    for (const path of ['audit', 'audit.csv']) {
      const refused = (headers: Headers, hotelId = 1) =>
        h.app.inject({ url: `/api/staff/hotels/${hotelId}/${path}?from=2026-07-10&to=2026-07-10`, headers });
      const asDesk = await refused(desk.headers);
      expect(asDesk.statusCode).toBe(403);
      expect(asDesk.json().error).toBe('staff_role_forbidden');
      const asOtherHotel = await refused(otherHotel);
      expect(asOtherHotel.statusCode).toBe(403);
      expect(asOtherHotel.json().error).toBe('staff_session_wrong_hotel');
      expect((await refused({})).statusCode).toBe(401);
      expect((await refused(manager.headers, 999)).json().error).toBe('staff_session_wrong_hotel');
    }
  });

  it('refuses days that do not exist or run backwards, and a CSV period beyond 366 days (400)', async () => {
    const h = get();
    for (const [query, error] of [
      ['?from=2026-02-30', 'bad_request'],
      ['?from=2026-07-11&to=2026-07-10', 'invalid_period'],
    ]) {
      const answer = await trailOf(h, manager.headers, query ?? '');
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error, query).toBe(error);
    }
    const csv = (query: string) =>
      h.app.inject({ url: `/api/staff/hotels/1/audit.csv${query}`, headers: manager.headers });
    // 10 July 2025 to 10 July 2026: 366 days.
    expect((await csv('?from=2025-07-09&to=2026-07-10')).json().error).toBe('invalid_period');
    expect((await csv('?from=2025-07-10&to=2026-07-10')).statusCode).toBe(200);
  });

  it('exports the period as a CSV file: header, hotel-local and UTC times, quoted cells, no formula', async () => {
    const h = get();
    const attacker = (accountName: string): StaffActor => ({ accountId: null, accountName, role: null });
    await record(h, '2026-07-20T06:00:00.000Z', 'signInFailed', attacker('=HYPERLINK("http://evil.example","Click")'), {
      detail: '203.0.113.7',
    });
    await record(h, '2026-07-20T06:01:00.000Z', 'signInFailed', attacker('+1'), { detail: '@SUM(A1)' });
    await record(h, '2026-07-20T06:02:00.000Z', 'signInFailed', attacker('-2'), { detail: '\tx' });
    await record(h, '2026-07-20T06:03:00.000Z', 'accountRenamed', deskActor(), {
      detail: 'Dupont, "Jo"\r\nline two',
      targetAccountId: desk.id,
    });

    h.clock.current = new Date('2026-07-21T10:00:00Z');
    const answer = await h.app.inject({
      url: '/api/staff/hotels/1/audit.csv?from=2026-07-20',
      headers: manager.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="greenmiles-audit-1-2026-07-20-2026-07-21.csv"',
    );
    const ids = ((await trailOf(h, manager.headers, '?from=2026-07-20')).json() as StaffAuditReply).entries.map(
      (entry) => entry.id,
    );
    expect(answer.body).toBe(
      [
        '\uFEFF"id","time (Europe/Paris)","at (UTC)","kind","accountId","actorName","role","roomNumber","sUUID","rwId","code","targetAccountId","detail"',
        `${ids[0]},"2026-07-20 08:03:00","2026-07-20T06:03:00.000Z","accountRenamed",${desk.id},"Karim","frontDesk",,,,,${desk.id},"Dupont, ""Jo""\r\nline two"`,
        `${ids[1]},"2026-07-20 08:02:00","2026-07-20T06:02:00.000Z","signInFailed",,"'-2",,,,,,,"'\tx"`,
        `${ids[2]},"2026-07-20 08:01:00","2026-07-20T06:01:00.000Z","signInFailed",,"'+1",,,,,,,"'@SUM(A1)"`,
        `${ids[3]},"2026-07-20 08:00:00","2026-07-20T06:00:00.000Z","signInFailed",,"'=HYPERLINK(""http://evil.example"",""Click"")",,,,,,,"203.0.113.7"`,
        '',
      ].join('\r\n'),
    );
  });
});

describeEachDialect('audit trail: the daily report names the person', (get) => {
  it('says who handed each reward over, and counts the day’s staff actions by kind (refused sign-ins included)', async () => {
    const h = get();
    // 20 May 2026 in Paris (UTC+2).
    h.clock.current = new Date('2026-05-20T08:00:00Z');
    const guest = await roomStay(h, 'tilleuls-101', 100);
    const coffee = await claimedCode(h, guest, 'coffee-code');
    const gift = await claimedCode(h, guest, 'local-gift');
    const intruder: StaffActor = { accountId: null, accountName: 'admin', role: null };
    for (const minute of ['01', '02', '03']) await record(h, `2026-05-20T03:${minute}:00Z`, 'signInFailed', intruder);
    h.clock.current = new Date('2026-05-20T10:00:00Z');
    const desk = await signedInAccount(h, 1, 'frontDesk', 'Karim');
    expect((await post(h, '/api/staff/codes/verify', desk.headers, { code: coffee.code })).statusCode).toBe(200);
    expect((await post(h, '/api/staff/codes/redeem', desk.headers, { code: coffee.code })).statusCode).toBe(200);
    h.clock.current = new Date('2026-05-20T11:00:00Z');
    const used = await h.app.inject({
      method: 'POST',
      url: `/api/rewards/${gift.rwId}/used`,
      payload: { sUUID: guest.sUUID, uuid: guest.profileUUID },
    });
    expect(used.statusCode, used.body).toBe(200);
    // 00:30 on the 21st in Paris: the next day's.
    await record(h, '2026-05-20T22:30:00Z', 'signInFailed', intruder);

    const report = await dailyReport(h.handle.db, 1, '2026-05-20');
    expect(
      report.sections.redemptions.map(({ rewardName, code, usedBy, staffName }) => ({
        rewardName,
        code,
        usedBy,
        staffName,
      })),
    ).toEqual([
      { rewardName: 'Un café offert au bar', code: coffee.code, usedBy: 'staff', staffName: 'Karim' },
      { rewardName: 'Un pot de miel du pays', code: gift.code, usedBy: 'guest', staffName: null },
    ]);
    expect(report.staffActions).toEqual([
      { kind: 'signIn', count: 1 },
      { kind: 'signInFailed', count: 3 },
      { kind: 'codeChecked', count: 1 },
      { kind: 'codeRedeemed', count: 1 },
    ]);

    const french = composeDailyReportMail(report);
    expect(french.text).toContain(
      `Chambre 101 — Un café offert au bar — ${coffee.code} — 20 mai, 12:00 — remise par Karim`,
    );
    expect(french.text).toContain(
      `Chambre 101 — Un pot de miel du pays — ${gift.code} — 20 mai, 13:00 — utilisée par le client`,
    );
    expect(french.text).toContain(
      '== Actions du personnel ==\nConnexions\u00a0: 1\nConnexions refusées\u00a0: 3\nCodes vérifiés\u00a0: 1',
    );
    expect(french.html).toContain('remise par Karim');
    const english = composeDailyReportMail({ ...report, hotel: { ...report.hotel, language: 'en' } });
    expect(english.text).toContain('handed over by Karim');
    expect(english.text).toContain('Refused sign-ins: 3');
    const arabic = composeDailyReportMail({ ...report, hotel: { ...report.hotel, language: 'ar' } });
    expect(arabic.text).toContain('سلّمها Karim');
    expect(arabic.text).toContain('محاولات دخول مرفوضة: 3');

    const quiet = composeDailyReportMail(await dailyReport(h.handle.db, 1, '2026-05-19'));
    expect(quiet.text).toContain('Aucune récompense utilisée.');
    expect(quiet.text).toContain('Aucune action du personnel ce jour-là.');
  });
});
