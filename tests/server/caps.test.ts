import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { MAX_ANSWER_CHANGES_PER_NIGHT } from '../../server/domain/caps.ts';
import { actionOfType, roomStay, submissionCounts, submit, type TestStay } from './actions-support.ts';
import { describeEachDialect, rewardIdOf, TEST_FRONT_TOKEN, writableCounts } from './harness.ts';

/** A hotel with three rooms, a pooled coffee (three codes) and a generic gift; `hotel` adds fields to its section. */
function capsHotel(id: number, hotel = '', pool = ['CAFE-0001', 'CAFE-0002', 'CAFE-0003']) {
  return parseContent(
    `hotel: { id: ${id}, name: Caps Inn ${id}, isDemo: false, timeZone: Europe/Paris, staffPin: "482913"${hotel} }
languages:
  - { code: en, name: English, enabled: true, isPrimary: true, position: 1 }
rooms:
  - { number: "1", qrId: caps-${id}-room-1 }
  - { number: "2", qrId: caps-${id}-room-2 }
  - { number: "3", qrId: caps-${id}-room-3 }
rewards:
  - key: coffee
    type: CODE
    cost: 10
    codePool: [${pool.join(', ')}]
    texts: { en: { name: Coffee, description: A coffee at the bar } }
  - key: gift
    type: GENERIC
    cost: 10
    texts: { en: { name: Gift, description: A gift at the desk } }
`,
    `caps-inn-${id}.yaml`,
  );
}

function claim(app: FastifyInstance, stay: TestStay, rewardId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/rewards/${rewardId}/claim`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
  });
}

async function balanceOf(app: FastifyInstance, stay: TestStay): Promise<number> {
  const response = await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` });
  return response.json().stay.greenMiles as number;
}

/** 2026-11-24 20:00 in Paris, and the evening after. */
const TONIGHT = new Date('2026-11-24T19:00:00Z');
const TOMORROW_NIGHT = new Date('2026-11-25T19:00:00Z');

describeEachDialect('caps the hotel sets', (get) => {
  it('the drained pool: three throwaway stays in one room cannot drain the pool, the fourth guest still gets a code', async () => {
    const h = get();
    h.clock.current = TONIGHT;
    await importContent(h.handle.db, capsHotel(91));
    const coffee = await rewardIdOf(h.handle, 91, 'coffee');
    const throwaways = [
      await roomStay(h, 'caps-91-room-1'),
      await roomStay(h, 'caps-91-room-1'),
      await roomStay(h, 'caps-91-room-1'),
    ];
    const codes: string[] = [];
    for (const stay of throwaways.slice(0, 2)) {
      const response = await claim(h.app, stay, coffee);
      expect(response.statusCode, response.body).toBe(200);
      codes.push(response.json().code);
    }
    const before = await writableCounts(h.handle);
    const third = await claim(h.app, throwaways[2] as TestStay, coffee);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe('room_claim_limit');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal changed nothing: no claim, no debit, no code taken.
    expect(await writableCounts(h.handle)).toEqual(before);
    expect(await balanceOf(h.app, throwaways[2] as TestStay)).toBe(100);

    const guest = await roomStay(h, 'caps-91-room-2');
    const honest = await claim(h.app, guest, coffee);
    expect(honest.statusCode, honest.body).toBe(200);
    codes.push(honest.json().code);
    expect(codes.sort()).toEqual(['CAFE-0001', 'CAFE-0002', 'CAFE-0003']);
    h.clock.current = null;
  });

  it('two server processes racing ten claims of one room agree: exactly maxClaimsPerRoomNight pass', async () => {
    const h = get();
    h.clock.current = TONIGHT;
    // Ten guests in one room: the room holds them all (roomCapacity), so only the claim cap decides.
    await importContent(h.handle.db, capsHotel(99, ', roomCapacity: 10'));
    const gift = await rewardIdOf(h.handle, 99, 'gift');
    const stays = [];
    for (let i = 0; i < 10; i++) stays.push(await roomStay(h, 'caps-99-room-1'));
    const second = await buildApp({
      db: h.handle.db,
      kind: h.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      now: () => TONIGHT,
    });
    try {
      const bases: string[] = [];
      for (const app of [h.app, second]) {
        if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
        bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
      const statuses = await Promise.all(
        stays.map((stay, i) =>
          fetch(`${bases[i % 2]}/api/rewards/${gift}/claim`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID }),
          }).then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(2);
      expect(statuses.filter((status) => status === 429)).toHaveLength(8);
      const claims = await h.handle.db
        .selectFrom('reward_claims')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reward_id', '=', gift)
        .executeTakeFirstOrThrow();
      expect(Number(claims.n)).toBe(2);
    } finally {
      await second.close();
      h.clock.current = null;
    }
  });

  it('pool codes are drawn at random, not in the order of the file', async () => {
    const h = get();
    h.clock.current = TONIGHT;
    const pool = Array.from({ length: 12 }, (_, i) => `RAND-${String(i).padStart(4, '0')}`);
    const firsts = new Set<string>();
    // Five hotels with the same pool: the first code given is not always the file's first.
    for (const id of [93, 94, 95, 96, 97]) {
      await importContent(h.handle.db, capsHotel(id, '', pool));
      const coffee = await rewardIdOf(h.handle, id, 'coffee');
      const response = await claim(h.app, await roomStay(h, `caps-${id}-room-1`), coffee);
      expect(response.statusCode, response.body).toBe(200);
      firsts.add(response.json().code);
    }
    expect(firsts.size).toBeGreaterThan(1);
    h.clock.current = null;
  });

  it('the pool drained across rooms: at most maxPoolCodesPerDay pool codes a day, more the next day', async () => {
    const h = get();
    h.clock.current = TONIGHT;
    await importContent(h.handle.db, capsHotel(92, ', maxPoolCodesPerDay: 2, maxClaimsPerRoomNight: 5'));
    const coffee = await rewardIdOf(h.handle, 92, 'coffee');
    const codes: string[] = [];
    for (const room of ['1', '2']) {
      const response = await claim(h.app, await roomStay(h, `caps-92-room-${room}`), coffee);
      expect(response.statusCode, response.body).toBe(200);
      codes.push(response.json().code);
    }
    const late = await roomStay(h, 'caps-92-room-3');
    const before = await writableCounts(h.handle);
    const refused = await claim(h.app, late, coffee);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('pool_daily_limit');
    expect(await writableCounts(h.handle)).toEqual(before);
    // A reward without a pool is not counted against the pool's day.
    expect((await claim(h.app, late, await rewardIdOf(h.handle, 92, 'gift'))).statusCode).toBe(200);
    h.clock.current = TOMORROW_NIGHT;
    const nextDay = await claim(h.app, late, coffee);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect([...codes, nextDay.json().code].sort()).toEqual(['CAFE-0001', 'CAFE-0002', 'CAFE-0003']);
    h.clock.current = null;
  });

  it('a family of four in one room: two claim the coffee tonight, the other two tomorrow night, nothing lost', async () => {
    const h = get();
    h.clock.current = TONIGHT;
    await importContent(h.handle.db, capsHotel(98, '', ['FAM-0001', 'FAM-0002', 'FAM-0003', 'FAM-0004']));
    const coffee = await rewardIdOf(h.handle, 98, 'coffee');
    const gift = await rewardIdOf(h.handle, 98, 'gift');
    const family = [];
    for (let i = 0; i < 4; i++) family.push(await roomStay(h, 'caps-98-room-1', 30));
    const tonight = await Promise.all(family.map((member) => claim(h.app, member, coffee)));
    expect(tonight.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429]);
    expect(tonight.filter((r) => r.statusCode === 429).map((r) => r.json().error)).toEqual([
      'room_claim_limit',
      'room_claim_limit',
    ]);
    const served = family.filter((_, i) => tonight[i]?.statusCode === 200);
    const waiting = family.filter((_, i) => tonight[i]?.statusCode !== 200);
    // Each reward has its own allowance: the two still waiting for a coffee take the gift tonight.
    for (const member of waiting) expect((await claim(h.app, member, gift)).statusCode).toBe(200);
    h.clock.current = TOMORROW_NIGHT;
    for (const [member, reward] of [
      ...waiting.map((m) => [m, coffee] as const),
      ...served.map((m) => [m, gift] as const),
    ]) {
      const response = await claim(h.app, member, reward);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const member of family) expect(await balanceOf(h.app, member)).toBe(10);
    h.clock.current = null;
  });

  it(`the change spam: a guest changes an answer once or twice; beyond ${MAX_ANSWER_CHANGES_PER_NIGHT} changes a night, 429 with nothing written`, async () => {
    const h = get();
    h.clock.current = TONIGHT;
    const stay = await roomStay(h, 'tilleuls-101', 0);
    const yesNo = await actionOfType(h.app, stay, 'YESNO');
    const answer = (response: boolean) => submit(h.app, stay, yesNo.actId, 'yesno', { response });
    expect((await answer(true)).statusCode).toBe(200);
    let response = true;
    for (let change = 1; change <= MAX_ANSWER_CHANGES_PER_NIGHT; change++) {
      response = !response;
      const changed = await answer(response);
      expect(changed.statusCode, `change ${change}: ${changed.body}`).toBe(200);
    }
    // A repeat of the current answer is not a change.
    expect((await answer(response)).statusCode).toBe(200);
    const before = await submissionCounts(h.handle);
    const balance = await balanceOf(h.app, stay);
    const spam = await answer(!response);
    expect(spam.statusCode).toBe(429);
    expect(spam.json().error).toBe('too_many_answer_changes');
    expect(Number(spam.headers['retry-after'])).toBeGreaterThan(0);
    expect(await submissionCounts(h.handle)).toEqual(before);
    expect(await balanceOf(h.app, stay)).toBe(balance);
    // Another action keeps its own allowance; the next night the answer can change again.
    const shower = await actionOfType(h.app, stay, 'LUNISHOWER');
    expect((await submit(h.app, stay, shower.actId, 'lunishower', { objectiveRespected: true })).statusCode).toBe(200);
    expect((await submit(h.app, stay, shower.actId, 'lunishower', { objectiveRespected: false })).statusCode).toBe(200);
    h.clock.current = TOMORROW_NIGHT;
    const heating = await actionOfType(h.app, stay, 'HEATING');
    for (const temperature of [19, 24, 20]) {
      const sent = await submit(h.app, stay, heating.actId, 'heating', { temperature });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    h.clock.current = null;
  });

  it("a demo hotel's claims are not capped, and its reset gives the stay its answer changes back", async () => {
    const h = get();
    h.clock.current = TONIGHT;
    const gift = await rewardIdOf(h.handle, 2, 'local-gift');
    for (let i = 0; i < 3; i++) {
      const response = await claim(h.app, await roomStay(h, 'demo-101'), gift);
      expect(response.statusCode, response.body).toBe(200);
    }
    const stay = await roomStay(h, 'demo-102', 0);
    const yesNo = await actionOfType(h.app, stay, 'YESNO');
    const answer = (response: boolean) => submit(h.app, stay, yesNo.actId, 'yesno', { response });
    for (const response of [true, false, true, false]) expect((await answer(response)).statusCode).toBe(200);
    expect((await answer(true)).json().error).toBe('too_many_answer_changes');
    const reset = await h.app.inject({
      method: 'POST',
      url: `/api/demo/stays/${stay.sUUID}/reset`,
      payload: { uuid: stay.profileUUID },
      headers: { 'x-front-token': TEST_FRONT_TOKEN },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const response of [true, false, true, false]) expect((await answer(response)).statusCode).toBe(200);
    h.clock.current = null;
  });

  it("the foreign room number: skip cleaning is for the stay's own room, another number is refused and nothing written", async () => {
    const h = get();
    h.clock.current = TONIGHT;
    const stay = await roomStay(h, 'tilleuls-101', 0);
    const clean = await actionOfType(h.app, stay, 'LUNICLEAN');
    const before = await submissionCounts(h.handle);
    for (const roomNumber of ['102', '201', '<b>201</b>']) {
      const refused = await submit(h.app, stay, clean.actId, 'luniclean', { skipCleaning: true, roomNumber });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('room_mismatch');
    }
    expect(await submissionCounts(h.handle)).toEqual(before);
    // The stay's own number, or none, is the stay's room.
    for (const body of [{ roomNumber: '101' }, { roomNumber: null }, {}]) {
      const accepted = await submit(h.app, stay, clean.actId, 'luniclean', { skipCleaning: true, ...body });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const logged = await h.handle.db
      .selectFrom('action_answers')
      .select('room_number')
      .where('stay_id', '=', stay.id)
      .where('action_id', '=', clean.actId)
      .execute();
    expect(logged.map((row) => row.room_number)).toEqual(['101']);
    h.clock.current = null;
  });
});
