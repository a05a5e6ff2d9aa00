/**
 * Staff sessions (POST /api/staff/sessions), the staff-only terminate and the demo reset, on both databases.
 * Rate-limit tests run on their own clock days, each later than the one before, so the wrong PINs of one test are
 * out of the window of the next.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { importContent, readContentFile } from '../../server/content/import.ts';
import { boundedPinChecker, verifyPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import {
  PIN_ATTEMPTS_PER_ADDRESS,
  PIN_ATTEMPTS_PER_ADDRESS_PER_DAY,
  PIN_FAILURES_PER_ACCOUNT,
  PIN_WINDOW_MINUTES,
} from '../../server/domain/pin-attempts.ts';
import { addressSubject } from '../../server/domain/rate-limits.ts';
import { STAFF_SESSION_MINUTES } from '../../server/domain/staff-sessions.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import {
  appSharing,
  credit,
  describeEachDialect,
  type Harness,
  newHotelStay,
  rewardIdOf,
  SAMPLE_STAFF,
  SAMPLE_STAFF_PINS,
  staffHeaders,
  stayIdOf,
  TEST_FRONT_TOKEN,
  writableCounts,
} from './harness.ts';

const MINUTE = 60 * 1000;

/** The attempts an address has spent in its current window (`cap_counters`). */
async function attemptsOf(h: Harness, address: string): Promise<number> {
  const row = await h.handle.db
    .selectFrom('cap_counters')
    .select('used')
    .where('cap', '=', 'staff-pin-attempts')
    .where('subject', '=', `address:${addressSubject(address)}`)
    .orderBy('window_id', 'desc')
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** PIN checks that start (counted) and then wait until the test releases them, the real hash behind. */
function heldPinChecks() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = {
    started: 0,
    release: () => release(),
    check: async (pin: string, stored: string) => {
      held.started += 1;
      await released;
      return verifyPin(pin, stored);
    },
    checkPin: (pin: string, stored: string): Promise<boolean> | null => held.check(pin, stored),
  };
  return held;
}

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
    // Two attempts spent: the wrong PINs; an unknown hotel and a bad body reserve none.
    expect(await attemptsOf(h, '10.0.2.1')).toBe(2);
  });

  it(`an address gets ${PIN_ATTEMPTS_PER_ADDRESS} attempts a window across two server processes, then 429 at once (Retry-After)`, async () => {
    const h = get();
    const start = new Date('2026-03-03T09:00:00Z');
    h.clock.current = start;
    const second = await appSharing(h);
    try {
      for (let i = 0; i < PIN_ATTEMPTS_PER_ADDRESS; i++) {
        h.clock.current = new Date(start.getTime() + i * 1000);
        const app = i % 2 === 0 ? h.app : second;
        expect((await openSession(app, { hId: 1, pin: '0000' }, '10.0.3.1')).statusCode).toBe(403);
      }
      h.clock.current = new Date(start.getTime() + MINUTE);
      for (const app of [h.app, second]) {
        // The right PIN is refused too while the address is limited: guessing cannot go on.
        const limited = await openSession(app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.1');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toBe('staff_pin_rate_limited');
        // Until the window (09:00–09:15) ends.
        expect(limited.headers['retry-after']).toBe(String(PIN_WINDOW_MINUTES * 60 - 60));
      }
      // The same address at another hotel is limited as well; another address at this hotel is not.
      expect((await openSession(second, { hId: 2, pin: SAMPLE_STAFF_PINS[2] }, '10.0.3.1')).statusCode).toBe(429);
      expect((await openSession(second, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.2')).statusCode).toBe(201);
      expect(await attemptsOf(h, '10.0.3.1')).toBe(PIN_ATTEMPTS_PER_ADDRESS);
      // The next window gives the address its attempts again.
      h.clock.current = new Date(start.getTime() + PIN_WINDOW_MINUTES * MINUTE);
      expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.3.1')).statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });

  it(`an address that keeps failing waits for the next UTC day after ${PIN_ATTEMPTS_PER_ADDRESS_PER_DAY} attempts`, {
    timeout: 60_000,
  }, async () => {
    const h = get();
    const day = new Date('2026-03-04T00:00:00Z');
    const windows = PIN_ATTEMPTS_PER_ADDRESS_PER_DAY / PIN_ATTEMPTS_PER_ADDRESS;
    for (let window = 0; window < windows; window++) {
      h.clock.current = new Date(day.getTime() + window * PIN_WINDOW_MINUTES * MINUTE);
      for (let i = 0; i < PIN_ATTEMPTS_PER_ADDRESS; i++)
        expect((await openSession(h.app, { hId: 1, pin: '0000' }, '10.0.4.1')).statusCode).toBe(403);
    }
    h.clock.current = new Date(day.getTime() + 12 * 60 * MINUTE);
    const limited = await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.4.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(12 * 60 * 60));
    h.clock.current = new Date(day.getTime() + 24 * 60 * MINUTE);
    expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.4.1')).statusCode).toBe(201);
  });

  it('the right PIN costs no attempt: a desk signing in often is never limited', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-05T09:00:00Z');
    for (let i = 0; i < PIN_ATTEMPTS_PER_ADDRESS * 2; i++)
      expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '10.0.5.1')).statusCode).toBe(201);
    expect(await attemptsOf(h, '10.0.5.1')).toBe(0);
  });

  it('an IPv6 sender is counted by its /64: rotating addresses inside it does not add attempts', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-06T09:00:00Z');
    for (let i = 1; i <= PIN_ATTEMPTS_PER_ADDRESS; i++)
      expect((await openSession(h.app, { hId: 1, pin: '0000' }, `2001:db8:6:1::${i.toString(16)}`)).statusCode).toBe(
        403,
      );
    const rotated = await openSession(h.app, { hId: 1, pin: '0000' }, '2001:db8:6:1:ffff::1');
    expect(rotated.statusCode).toBe(429);
    // The next /64 is another sender.
    expect((await openSession(h.app, { hId: 1, pin: SAMPLE_STAFF_PINS[1] }, '2001:db8:6:2::1')).statusCode).toBe(201);
  });

  it(`a guess spread over many addresses at one name puts that name alone under attack: past ${PIN_FAILURES_PER_ACCOUNT} wrong PINs, one try per address and window, a window that grows; the person and colleagues still sign in`, async () => {
    const h = get();
    const at = (time: string) => {
      h.clock.current = new Date(`2026-03-07T${time}:00Z`);
    };
    const [manager, desk] = SAMPLE_STAFF[1] ?? [];
    if (!manager || !desk) throw new Error('the sample hotel has a manager and a front desk');
    const guess = (from: string, name = manager.name) => openSession(h.app, { hId: 1, name, pin: '000000' }, from);
    let next = 0;
    /** A wrong PIN on the manager's name from each of `count` addresses never seen before. */
    const spread = async (count: number) => {
      for (let i = 0; i < count; i++) expect((await guess(`10.7.${++next}.1`)).statusCode).toBe(403);
    };
    at('09:00');
    // Addresses each with its own allowance, their wrong PINs on the name all counted.
    for (let a = 1; a <= PIN_FAILURES_PER_ACCOUNT / PIN_ATTEMPTS_PER_ADDRESS; a++)
      for (let i = 0; i < PIN_ATTEMPTS_PER_ADDRESS; i++) expect((await guess(`10.0.7.${a}`)).statusCode).toBe(403);
    // The name is under attack: a new address gets one try.
    expect((await guess('10.0.7.100')).statusCode).toBe(403);
    const limited = await openSession(h.app, { hId: 1, name: manager.name, pin: manager.pin }, '10.0.7.100');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(30 * 60));
    // The person, at an address that has not failed, signs in as often as needed; in any case of the name.
    for (let i = 0; i < 3; i++)
      expect(
        (await openSession(h.app, { hId: 1, name: manager.name.toUpperCase(), pin: manager.pin }, '10.0.7.200'))
          .statusCode,
      ).toBe(201);
    // A colleague is not under attack: mistypes cost one attempt each, as always; so is PIN only.
    for (let i = 0; i < 3; i++) expect((await guess('10.0.7.201', desk.name)).statusCode).toBe(403);
    expect((await openSession(h.app, { hId: 1, name: desk.name, pin: desk.pin }, '10.0.7.201')).statusCode).toBe(201);
    expect((await openSession(h.app, { hId: 1, pin: '000000' }, '10.0.7.202')).statusCode).toBe(403);
    expect((await openSession(h.app, { hId: 1, pin: manager.pin }, '10.0.7.202')).statusCode).toBe(201);
    // A name that is no account's is counted alike: nothing tells it from a real one.
    for (let i = 0; i < 3; i++) expect((await guess('10.0.7.203', 'Nobody')).statusCode).toBe(403);

    // The address that failed waits out its window, which doubles with each of its wrong PINs while the attack lasts.
    at('09:15');
    await spread(PIN_FAILURES_PER_ACCOUNT);
    expect((await guess('10.0.7.100')).headers['retry-after']).toBe(String(15 * 60));
    at('09:30');
    expect((await guess('10.0.7.100')).statusCode).toBe(403);
    at('09:31');
    expect((await guess('10.0.7.100')).headers['retry-after']).toBe(String(29 * 60));
    at('09:45');
    await spread(PIN_FAILURES_PER_ACCOUNT);
    at('10:00');
    expect((await guess('10.0.7.100')).statusCode).toBe(403);
    at('10:01');
    expect((await guess('10.0.7.100')).headers['retry-after']).toBe(String(119 * 60));
    // Once the guessing stops, a window without it ends the attack: one of PIN_ATTEMPTS_PER_ADDRESS again.
    at('10:30');
    expect((await guess('10.0.7.100')).statusCode).toBe(403);
    expect((await guess('10.0.7.100')).statusCode).toBe(403);
    // About 70 PINs hashed.
  }, 60_000);

  it('300 concurrent wrong PINs from one address: only the allowed hashes start, every other attempt is refused while they run', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-08T09:00:00Z');
    const held = heldPinChecks();
    const app = await appSharing(h, { checkPin: held.checkPin });
    try {
      let refused = 0;
      const settled = Array.from({ length: 300 }, () =>
        openSession(app, { hId: 1, name: 'Claire', pin: '0000' }, '10.0.8.1').then((response) => {
          if (response.statusCode === 429) refused += 1;
          return response.statusCode;
        }),
      );
      // The refusals all come while the started hashes are held: none of them waited for a hash, or ran one.
      await expect.poll(() => refused, { timeout: 10_000 }).toBe(300 - PIN_ATTEMPTS_PER_ADDRESS);
      expect(held.started).toBe(PIN_ATTEMPTS_PER_ADDRESS);
      // The right PIN from another address signs in meanwhile.
      const desk = openSession(app, { hId: 1, name: 'Claire', pin: SAMPLE_STAFF_PINS[1] }, '10.0.8.2');
      held.release();
      expect((await desk).statusCode).toBe(201);
      const statuses = await Promise.all(settled);
      expect(statuses.filter((status) => status === 403)).toHaveLength(PIN_ATTEMPTS_PER_ADDRESS);
      expect(held.started).toBe(PIN_ATTEMPTS_PER_ADDRESS + 1);
    } finally {
      await app.close();
    }
  });

  it('a process with too many PIN checks queued answers 503 staff_pin_busy at once and gives the attempt back', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-09T09:00:00Z');
    const held = heldPinChecks();
    const app = await appSharing(h, { checkPin: boundedPinChecker(1, 1, held.check) });
    try {
      const running = openSession(app, { hId: 1, name: 'Claire', pin: '0000' }, '10.0.9.1');
      const queued = openSession(app, { hId: 1, name: 'Claire', pin: '0000' }, '10.0.9.2');
      await expect.poll(() => held.started, { timeout: 10_000 }).toBe(1);
      const busy = await openSession(app, { hId: 1, name: 'Claire', pin: SAMPLE_STAFF_PINS[1] }, '10.0.9.3');
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error).toBe('staff_pin_busy');
      expect(busy.headers['retry-after']).toBe('1');
      expect(await attemptsOf(h, '10.0.9.3')).toBe(0);
      held.release();
      expect((await running).statusCode).toBe(403);
      expect((await queued).statusCode).toBe(403);
      expect(held.started).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('a checker busy part-way through a PIN-only sign-in answers 503, and the attempt whose hashes ran stays spent', async () => {
    const h = get();
    h.clock.current = new Date('2026-03-09T10:00:00Z');
    let checks = 0;
    // Busy at every second check: the PIN-only sign-in hashes its first candidate, then finds the checker full.
    const app = await appSharing(h, {
      checkPin: (pin, stored) => (++checks % 2 === 0 ? null : verifyPin(pin, stored)),
    });
    try {
      const busy = await openSession(app, { hId: 1, pin: '000000' }, '10.0.9.4');
      expect(busy.json().error).toBe('staff_pin_busy');
      expect(checks).toBe(2);
      expect(await attemptsOf(h, '10.0.9.4')).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describeEachDialect('signing out and changing the PIN end staff sessions', (get) => {
  function signOut(app: Harness['app'], headers: Record<string, string>) {
    return app.inject({ method: 'DELETE', url: '/api/staff/sessions/current', headers });
  }

  it('DELETE /api/staff/sessions/current ends that session only: its token is refused, another one still works', async () => {
    const h = get();
    h.clock.current = null;
    const leaving = await staffHeaders(h.app, 1);
    const staying = await staffHeaders(h.app, 1);
    const ended = await signOut(h.app, leaving);
    expect(ended.statusCode).toBe(204);
    expect(ended.body).toBe('');
    const stay = await newHotelStay(h.app);
    const refused = await terminate(h.app, stay, leaving);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('staff_session_invalid');
    expect((await signOut(h.app, leaving)).statusCode).toBe(401);
    expect((await signOut(h.app, { authorization: '' })).json().error).toBe('staff_session_missing');
    expect((await terminate(h.app, stay, staying)).statusCode).toBe(200);
  });

  it('a re-import leaves the accounts the hotel has, their PINs and their open sessions: PINs are managed on the staff page', async () => {
    const h = get();
    h.clock.current = null;
    const file = await readContentFile(SAMPLE_HOTEL_FILES[0] ?? '');
    const before = await staffHeaders(h.app, 1);
    const pinHash = () =>
      h.handle.db
        .selectFrom('staff_accounts')
        .select('pin_hash')
        .where('hotel_id', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const hashBefore = await pinHash();
    // The manager's PIN changes in the file's staff list: the account exists, so nothing changes.
    const staff = (file.staff ?? []).map((entry) => (entry.role === 'manager' ? { ...entry, pin: '864209' } : entry));
    await importContent(h.handle.db, { ...file, staff });
    expect(await pinHash()).toEqual(hashBefore);
    expect((await terminate(h.app, await newHotelStay(h.app), before)).statusCode).toBe(200);
    expect((await openSession(h.app, { hId: 1, pin: '864209' })).statusCode).toBe(403);
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
