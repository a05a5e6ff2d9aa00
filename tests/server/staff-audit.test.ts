/**
 * The audit trail (docs/behaviour.md#audit-trail) on both databases: each staff action leaves exactly one row saying
 * who, what and where, written with the action; a refused action (wrong role, another hotel, unknown code, 409)
 * leaves none.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { StaffRole } from '../../contract/staff-roles.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { hashPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { staffNameKey } from '../../server/domain/staff-sessions.ts';
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

async function trailSize(h: Harness): Promise<number> {
  const row = await h.handle.db
    .selectFrom('staff_audit')
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
