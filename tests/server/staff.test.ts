/**
 * Staff sessions (POST /api/staff/sessions), the staff-only terminate and the demo reset, on both databases.
 * Rate-limit tests run on their own clock days, each later than the one before, so the wrong PINs of one test are
 * out of the window of the next.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  PIN_FAILURE_WINDOW_MINUTES,
  PIN_FAILURES_PER_ADDRESS,
  PIN_FAILURES_PER_HOTEL,
  STAFF_SESSION_MINUTES,
} from '../../server/domain/staff-sessions.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import {
  appSharing,
  credit,
  describeEachDialect,
  type Harness,
  newHotelStay,
  rewardIdOf,
  SAMPLE_STAFF_PINS,
  staffHeaders,
  stayIdOf,
  TEST_FRONT_TOKEN,
  writableCounts,
} from './harness.ts';

const MINUTE = 60 * 1000;

function openSession(app: Harness['app'], payload: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/staff/sessions', payload: payload as object, remoteAddress });
}

function terminate(app: Harness['app'], stay: { sUUID: string; profileUUID: string }, headers: Record<string, string>) {
  return app.inject({
    method: 'PUT',
    url: `/api/stays/${stay.sUUID}/terminate`,
    payload: { uuid: stay.profileUUID },
    headers,
  });
}

async function statusOf(app: Harness['app'], stay: { sUUID: string; profileUUID: string }) {
  return (await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` })).json().stay.status;
}

describeEachDialect('staff sessions', (get) => {
  it('opens a 15-minute session for the right PIN, storing only the token hash', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-01T09:00:00Z');
    const response = await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] });
    expect(response.statusCode).toBe(201);
    const { token, expiresAt } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(h.clock.current.getTime() + STAFF_SESSION_MINUTES * MINUTE).toISOString());
    const rows = await h.handle.db.selectFrom('staff_sessions').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    const again = await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] });
    expect(again.json().token).not.toBe(token);
  });

  it('refuses a wrong PIN (403 staff_pin_invalid), another hotel’s PIN, an unknown hotel (404) and bad bodies (400)', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-02T09:00:00Z');
    const wrong = await openSession(h.app, { hId: 1, pin: '0000' }, '10.0.2.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('staff_pin_invalid');
    const otherHotel = await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[2] }, '10.0.2.1');
    expect(otherHotel.json().error).toBe('staff_pin_invalid');
    expect((await openSession(h.app, { hId: 999, pin: '731946' }, '10.0.2.1')).statusCode).toBe(404);
    for (const body of [
      {},
      { hId: 1 },
      { pin: '731946' },
      { hId: '1', pin: '731946' },
      { hId: 1, pin: 'x'.repeat(65) },
    ]) {
      expect((await openSession(h.app, body, '10.0.2.1')).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await h.handle.db.selectFrom('staff_pin_failures').selectAll().execute()).toHaveLength(2);
  });

  it(`limits wrong PINs to ${PIN_FAILURES_PER_ADDRESS} per address across two server processes (429 + Retry-After)`, async () => {
    const h = get();
    const start = new Date('2026-03-03T09:00:00Z');
    h.clock.current = start;
    const second = await appSharing(h);
    try {
      for (let i = 0; i < PIN_FAILURES_PER_ADDRESS; i++) {
        h.clock.current = new Date(start.getTime() + i * 1000);
        const app = i % 2 === 0 ? h.app : second;
        expect((await openSession(app, { hId: 1, pin: '0000' }, '10.0.3.1')).statusCode).toBe(403);
      }
      h.clock.current = new Date(start.getTime() + 60 * 1000);
      for (const app of [h.app, second]) {
        // The right PIN is refused too while the address is limited: guessing cannot go on.
        const limited = await openSession(app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.1');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toBe('staff_pin_rate_limited');
        // The first failure (at start) leaves the window first.
        expect(limited.headers['retry-after']).toBe(String(PIN_FAILURE_WINDOW_MINUTES * 60 - 60));
      }
      // The same address at another hotel is limited as well; another address at this hotel is not.
      expect((await openSession(second, { hId: 2, pin: SAMPLE_STAFF_PINS[2] }, '10.0.3.1')).statusCode).toBe(429);
      expect((await openSession(second, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.2')).statusCode).toBe(201);
      // Once the oldest failure is out of the window, one more attempt passes.
      h.clock.current = new Date(start.getTime() + PIN_FAILURE_WINDOW_MINUTES * MINUTE + 500);
      expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.1')).statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });

  it(`limits wrong PINs to ${PIN_FAILURES_PER_HOTEL} per hotel, whatever the address`, async () => {
    const h = get();
    h.clock.current = new Date('2026-03-04T09:00:00Z');
    for (let i = 0; i < PIN_FAILURES_PER_HOTEL; i++) {
      expect((await openSession(h.app, { hId: 2, pin: '0000' }, `10.0.4.${i + 1}`)).statusCode).toBe(403);
    }
    const limited = await openSession(h.app, { hId: 2, pin: SAMPLE_STAFF_PINS[2] }, '10.0.4.200');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBe(PIN_FAILURE_WINDOW_MINUTES * 60);
    // Another hotel's staff are not locked out.
    expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.4.200')).statusCode).toBe(201);
  });

  it('concurrent wrong PINs from one address never pass the limit', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-05T09:00:00Z');
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const answers = await Promise.all(
      Array.from({ length: PIN_FAILURES_PER_ADDRESS + 10 }, () =>
        fetch(`http://127.0.0.1:${port}/api/staff/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.5.1' },
          body: JSON.stringify({ hId: 1, pin: '0000' }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 403)).toHaveLength(PIN_FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describeEachDialect('terminate needs a staff session of the stay’s hotel', (get) => {
  it('refuses the front token alone, a bad header, an unknown token and another hotel’s session; nothing changes', async () => {
    const h = get();
    h.clock.current = null;
    const stay = await newHotelStay(h.app);
    const frontToken = { 'x-front-token': TEST_FRONT_TOKEN };
    const cases: Array<[Record<string, string>, number, string]> = [
      [frontToken, 401, 'staff_session_missing'],
      [{ ...frontToken, authorization: 'Basic abc' }, 401, 'staff_session_missing'],
      [{ ...frontToken, authorization: 'Bearer not-a-token' }, 401, 'staff_session_invalid'],
      [await staffHeaders(h.app, 2), 403, 'staff_session_wrong_hotel'],
    ];
    for (const [headers, status, code] of cases) {
      const response = await terminate(h.app, stay, headers);
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error).toBe(code);
    }
    // The front token is checked first: a staff session without it is still refused.
    const { authorization = '' } = await staffHeaders(h.app, 1);
    expect((await terminate(h.app, stay, { authorization })).json().error).toBe('front_token_missing');
    expect(await statusOf(h.app, stay)).toBe('active');
  });

  it('ends the stay with a session of its hotel, until the session expires', async () => {
    const h = get();
    const start = new Date('2026-04-01T09:00:00Z');
    h.clock.current = start;
    const headers = await staffHeaders(h.app, 1);
    const first = await newHotelStay(h.app);
    h.clock.current = new Date(start.getTime() + STAFF_SESSION_MINUTES * MINUTE - 1000);
    const ended = await terminate(h.app, first, headers);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().stay).toMatchObject({ status: 'finished', remainingDays: 0 });
    const second = await newHotelStay(h.app);
    h.clock.current = new Date(start.getTime() + STAFF_SESSION_MINUTES * MINUTE);
    const expired = await terminate(h.app, second, headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('staff_session_invalid');
    expect(await statusOf(h.app, second)).toBe('active');
    h.clock.current = null;
  });
});

describeEachDialect('demo reset', (get) => {
  function reset(app: Harness['app'], stay: { sUUID: string; profileUUID: string }, frontToken = TEST_FRONT_TOKEN) {
    return app.inject({
      method: 'POST',
      url: `/api/demo/stays/${stay.sUUID}/reset`,
      payload: { uuid: stay.profileUUID },
      headers: { 'x-front-token': frontToken },
    });
  }

  /** A stay under way with an answer, points, a claimed code reward, an e-mail allowance row and an end date. */
  async function usedStay(h: Harness, hotelId: number): Promise<TestStay> {
    const stay = await newStay(h.app, h.handle, hotelId);
    const yesNo = await actionOfType(h.app, stay, 'YESNO');
    expect((await submit(h.app, stay, yesNo.actId, 'yesno', { response: true })).statusCode).toBe(200);
    await credit(h, stay.sUUID, 200);
    const coffee = await rewardIdOf(h.handle, hotelId, 'coffee-code');
    const claimed = await h.app.inject({
      method: 'POST',
      url: `/api/rewards/${coffee}/claim`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
    });
    expect(claimed.statusCode).toBe(200);
    await h.handle.db
      .insertInto('reward_emails')
      .values({ stay_id: stay.id, reward_id: coffee, sent_at: new Date().toISOString() })
      .execute();
    // Tomorrow: the stay is still under way (a reset never reopens one that is over).
    const endDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await h.handle.db.updateTable('stays').set({ end_date: endDate }).where('id', '=', stay.id).execute();
    return stay;
  }

  async function rowsOf(h: Harness, stayId: number) {
    const count = async (
      table: 'action_completions' | 'action_answers' | 'ledger_entries' | 'reward_claims' | 'reward_emails',
    ) =>
      Number(
        (
          await h.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('stay_id', '=', stayId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      completions: await count('action_completions'),
      answers: await count('action_answers'),
      ledger: await count('ledger_entries'),
      claims: await count('reward_claims'),
      emails: await count('reward_emails'),
    };
  }

  const EMPTY = { completions: 0, answers: 0, ledger: 0, claims: 0, emails: 0 };

  it('clears exactly that demo stay: answers, points, claims and codes; active again without an end date', async () => {
    const h = get();
    h.clock.current = null;
    const stay = await usedStay(h, 2);
    const neighbour = await usedStay(h, 2);
    const neighbourRows = await rowsOf(h, neighbour.id);
    const response = await reset(h.app, stay);
    expect(response.statusCode).toBe(200);
    expect(response.json().stay).toMatchObject({ sUUID: stay.sUUID, greenMiles: 0, status: 'active', endDate: null });
    expect(await rowsOf(h, stay.id)).toEqual(EMPTY);
    expect(await rowsOf(h, neighbour.id)).toEqual(neighbourRows);
    const actions = (
      await h.app.inject({ url: `/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${stay.profileUUID}` })
    ).json() as Array<{ actType: string; alreadyCompleted: unknown }>;
    expect(actions.find((action) => action.actType === 'YESNO')?.alreadyCompleted).toBeFalsy();
    // Resetting again is fine.
    expect((await reset(h.app, stay)).statusCode).toBe(200);
  });

  it('never reopens a stay that is over (409 stay_finished); a scan takes it back, then the reset replays it', async () => {
    const h = get();
    h.clock.current = null;
    const stay = await usedStay(h, 2);
    const { ends_by: lastDay } = await h.handle.db
      .selectFrom('stays')
      .select('ends_by')
      .where('id', '=', stay.id)
      .executeTakeFirstOrThrow();
    expect((await terminate(h.app, stay, await staffHeaders(h.app, 2))).statusCode).toBe(200);
    const rows = await rowsOf(h, stay.id);
    const refused = await reset(h.app, stay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('stay_finished');
    expect(await statusOf(h.app, stay)).toBe('finished');
    expect(await rowsOf(h, stay.id)).toEqual(rows);
    // The presenter scans the demo hotel's code again: the same stay comes back (docs/behaviour.md#taking-a-stay-back).
    await newHotelStay(h.app, 2, stay.profileUUID);
    const replayed = await reset(h.app, stay);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().stay).toMatchObject({ status: 'active', greenMiles: 0, endDate: null });
    // A replay, not a longer stay: the last possible day is the first scan's.
    const after = await h.handle.db
      .selectFrom('stays')
      .select('ends_by')
      .where('id', '=', stay.id)
      .executeTakeFirstOrThrow();
    expect(after.ends_by).toBe(lastDay);
  });

  it('refuses a stay of a hotel that is not a demo (403 not_a_demo_stay), another profile (404), no front token (401): nothing changes', async () => {
    const h = get();
    h.clock.current = null;
    const live = await usedStay(h, 1);
    const demo = await usedStay(h, 2);
    const liveRows = await rowsOf(h, live.id);
    const counts = await writableCounts(h.handle);
    const refused = await reset(h.app, live);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('not_a_demo_stay');
    expect((await reset(h.app, { sUUID: demo.sUUID, profileUUID: live.profileUUID })).statusCode).toBe(404);
    const noToken = await h.app.inject({
      method: 'POST',
      url: `/api/demo/stays/${demo.sUUID}/reset`,
      payload: { uuid: demo.profileUUID },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await reset(h.app, demo, 'wrong')).statusCode).toBe(403);
    expect(await rowsOf(h, live.id)).toEqual(liveRows);
    expect(await writableCounts(h.handle)).toEqual(counts);
    expect(await stayIdOf(h.handle, live.sUUID)).toBe(live.id);
  });
});
