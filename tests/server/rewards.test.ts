import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { ClaimRewardReply, type Reward, RewardCodeReply, RewardsReply } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { balanceOf } from '../../server/domain/ledger.ts';
import { CODE_ALPHABET, CODE_LENGTH, issueCode, randomCode } from '../../server/domain/rewards.ts';
import {
  describeEachDialect,
  type Harness,
  newHotelStay,
  rewardIdOf,
  stayIdOf,
  stayWith,
  terminateAsStaff,
  writableCounts,
} from './harness.ts';

const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

function claim(harness: Harness, rwId: number | string, body: Record<string, unknown>) {
  return harness.app.inject({ method: 'POST', url: `/api/rewards/${rwId}/claim`, payload: body });
}

/** Claims every reward of `rewardIds` at the same time, over real HTTP so the requests truly overlap. */
async function claimAtOnce(harness: Harness, stay: { sUUID: string; profileUUID: string }, rewardIds: number[]) {
  if (!harness.app.server.listening) await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = harness.app.server.address() as AddressInfo;
  return Promise.all(
    rewardIds.map((rwId) =>
      fetch(`http://127.0.0.1:${port}/api/rewards/${rwId}/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID }),
      }).then(async (r) => ({ status: r.status, body: await r.json() })),
    ),
  );
}

function use(harness: Harness, rwId: number, path: 'used' | 'redeem' | 'useSlider', sUUID: string, uuid: string) {
  return harness.app.inject({ method: 'POST', url: `/api/rewards/${rwId}/${path}`, payload: { sUUID, uuid } });
}

async function listRewards(harness: Harness, sUUID: string, uuid: string, lang = 'fr') {
  const response = await harness.app.inject({ url: `/api/stays/${sUUID}/rewards?lang=${lang}&uuid=${uuid}` });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(Value.Check(RewardsReply, body)).toBe(true);
  return body as Reward[];
}

/** Sets the reward's `validUntil` as a content import would (a new content version, so no list is served stale). */
async function setValidUntil(harness: Harness, rwId: number, validUntil: string | null) {
  await harness.handle.db.updateTable('rewards').set({ valid_until: validUntil }).where('id', '=', rwId).execute();
  const hotel = await harness.handle.db
    .selectFrom('rewards')
    .select('hotel_id')
    .where('id', '=', rwId)
    .executeTakeFirstOrThrow();
  await harness.handle.db
    .updateTable('hotels')
    .set({ content_version: randomUUID() })
    .where('id', '=', hotel.hotel_id)
    .execute();
}

async function ledgerOf(handle: DatabaseHandle, sUUID: string) {
  const id = await stayIdOf(handle, sUUID);
  const rows = await handle.db.selectFrom('ledger_entries').selectAll().where('stay_id', '=', id).execute();
  return { rows, sum: rows.reduce((total, row) => total + row.amount, 0), balance: await balanceOf(handle.db, id) };
}

describeEachDialect('rewards', (get) => {
  it('claims a CODE reward: debits rwCost once, issues a 3-character code, shows it in the list and the code call', async () => {
    const h = get();
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const { sUUID, profileUUID } = await stayWith(h, 100);
    const response = await claim(h, coffee, { uuid: profileUUID, sUUID, code: 'CLIENT-MADE' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(ClaimRewardReply, body)).toBe(true);
    expect(body.code).toMatch(CODE_PATTERN);
    expect(body.greenMiles).toBe(70);

    const ledger = await ledgerOf(h.handle, sUUID);
    expect(ledger.rows.filter((r) => r.amount < 0)).toEqual([
      expect.objectContaining({ amount: -30, reason: 'reward_claim', reward_id: coffee }),
    ]);
    expect(ledger.balance).toBe(70);

    const listed = (await listRewards(h, sUUID, profileUUID)).find((r) => r.rwId === coffee);
    expect(listed).toMatchObject({ isClaimed: 1, isUsed: 0, code: body.code, rwType: 'CODE' });

    const code = await h.app.inject({ url: `/api/rewards/${coffee}/code?sUUID=${sUUID}&uuid=${profileUUID}` });
    expect(code.statusCode).toBe(200);
    expect(Value.Check(RewardCodeReply, code.json())).toBe(true);
    expect(code.json()).toEqual({ success: 'OK', code: body.code });

    const again = await claim(h, coffee, { uuid: profileUUID, sUUID, code: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_claimed');
    expect((await ledgerOf(h.handle, sUUID)).balance).toBe(70);

    const stay = await h.app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` });
    expect(stay.json().stay.greenMiles).toBe(70);
  });

  it('claims EAU and SLIDER rewards without a code, a generic one with a code staff can check', async () => {
    const h = get();
    const { sUUID, profileUUID } = await stayWith(h, 200);
    let expected = 200;
    for (const key of ['water-donation', 'late-checkout', 'local-gift']) {
      const id = await rewardIdOf(h.handle, 1, key);
      const cost = (
        await h.handle.db.selectFrom('rewards').select('cost').where('id', '=', id).executeTakeFirstOrThrow()
      ).cost;
      expected -= cost;
      const response = await claim(h, id, { uuid: profileUUID, sUUID });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: key === 'local-gift' ? expect.stringMatching(CODE_PATTERN) : null,
        greenMiles: expected,
        claimedAt: expect.any(String),
      });
    }
    const listed = await listRewards(h, sUUID, profileUUID, 'en');
    const gift = listed.find((r) => r.rwType === 'GENERIC');
    expect(gift?.code).toMatch(CODE_PATTERN);
    expect(new Date(gift?.claimedAt ?? '').getTime()).not.toBeNaN();
    const code = await h.app.inject({ url: `/api/rewards/${gift?.rwId}/code?sUUID=${sUUID}&uuid=${profileUUID}` });
    expect(code.json()).toEqual({ success: 'OK', code: gift?.code });
    expect(listed.filter((r) => r.isClaimed === 1).map((r) => r.rwType)).toEqual(
      expect.arrayContaining(['EAU', 'SLIDER', 'GENERIC']),
    );
    expect(listed.find((r) => r.rwType === 'CODE')).toMatchObject({ isClaimed: 0, code: null });
    const ledger = await ledgerOf(h.handle, sUUID);
    expect(ledger.sum).toBe(expected);
    expect(ledger.balance).toBe(expected);
  });

  it("refuses a claim the balance does not cover with 'Not enough GreenMiles', writing nothing", async () => {
    const h = get();
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const { sUUID, profileUUID } = await stayWith(h, 29);
    const before = await writableCounts(h.handle);
    const response = await claim(h, coffee, { uuid: profileUUID, sUUID });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('not_enough_greenmiles');
    expect(response.json().message).toContain('Not enough GreenMiles');
    expect(await writableCounts(h.handle)).toEqual(before);
    expect((await listRewards(h, sUUID, profileUUID)).find((r) => r.rwId === coffee)?.isClaimed).toBe(0);
  });

  it('answers 404 for an unknown reward, a reward of another hotel, a foreign uuid or an unknown stay; nothing debited', async () => {
    const h = get();
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const demoCoffee = await rewardIdOf(h.handle, 2, 'coffee-code');
    const { sUUID, profileUUID } = await stayWith(h, 100);
    const other = await newHotelStay(h.app);
    const before = await writableCounts(h.handle);
    const cases = [
      [999999, { uuid: profileUUID, sUUID }],
      [demoCoffee, { uuid: profileUUID, sUUID }],
      [coffee, { uuid: other.profileUUID, sUUID }],
      [coffee, { uuid: profileUUID, sUUID: 'no-such-stay' }],
    ] as const;
    for (const [id, body] of cases) {
      const response = await claim(h, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    for (const path of ['used', 'redeem', 'useSlider'] as const) {
      expect((await use(h, demoCoffee, path, sUUID, profileUUID)).statusCode).toBe(404);
    }
    expect(
      (await h.app.inject({ url: `/api/rewards/${demoCoffee}/code?sUUID=${sUUID}&uuid=${profileUUID}` })).statusCode,
    ).toBe(404);
    expect(await writableCounts(h.handle)).toEqual(before);
  });

  it('answers 400 for malformed requests; nothing written', async () => {
    const h = get();
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const { sUUID, profileUUID } = await stayWith(h, 100);
    const before = await writableCounts(h.handle);
    const bad: Array<[string | number, unknown]> = [
      ['abc', { uuid: profileUUID, sUUID }],
      [0, { uuid: profileUUID, sUUID }],
      [coffee, { sUUID }],
      [coffee, { uuid: profileUUID }],
      [coffee, { uuid: 'bad uuid!', sUUID }],
      [coffee, { uuid: profileUUID, sUUID: 42 }],
      [coffee, { uuid: profileUUID, sUUID, code: 12 }],
      [coffee, []],
    ];
    for (const [id, body] of bad) {
      const response = await h.app.inject({ method: 'POST', url: `/api/rewards/${id}/claim`, payload: body as object });
      expect(response.statusCode, JSON.stringify([id, body])).toBe(400);
      expect(response.json().error).toBe('bad_request');
    }
    const notJson = await h.app.inject({
      method: 'POST',
      url: `/api/rewards/${coffee}/claim`,
      headers: { 'content-type': 'application/json' },
      payload: '{"uuid":',
    });
    expect(notJson.statusCode).toBe(400);
    const noBody = await h.app.inject({ method: 'POST', url: `/api/rewards/${coffee}/used` });
    expect(noBody.statusCode).toBe(400);
    const noQuery = await h.app.inject({ url: `/api/rewards/${coffee}/code?sUUID=${sUUID}` });
    expect(noQuery.statusCode).toBe(400);
    expect(await writableCounts(h.handle)).toEqual(before);
  });

  it('refuses claims on a finished stay (409 stay_finished)', async () => {
    const h = get();
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const { sUUID, profileUUID } = await stayWith(h, 100);
    const terminated = await terminateAsStaff(h.app, sUUID, profileUUID);
    expect(terminated.statusCode).toBe(200);
    const response = await claim(h, gift, { uuid: profileUUID, sUUID });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('stay_finished');
    expect((await ledgerOf(h.handle, sUUID)).balance).toBe(100);
  });

  it('after check-out, what the stay claimed stays readable and usable (list, code, use), and nothing new is claimed', async () => {
    const h = get();
    const slider = await rewardIdOf(h.handle, 1, 'late-checkout');
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const { sUUID, profileUUID } = await stayWith(h, 300);
    expect((await claim(h, slider, { uuid: profileUUID, sUUID })).statusCode).toBe(200);
    const { code } = (await claim(h, coffee, { uuid: profileUUID, sUUID })).json();
    expect((await terminateAsStaff(h.app, sUUID, profileUUID)).statusCode).toBe(200);

    // The finished page's list: the claims with their codes and their use.
    const listed = await listRewards(h, sUUID, profileUUID);
    expect(listed.find((r) => r.rwId === coffee)).toMatchObject({ isClaimed: 1, isUsed: 0, code });
    expect(listed.find((r) => r.rwId === slider)).toMatchObject({ isClaimed: 1, isUsed: 0, usedAt: null });
    const codeReply = await h.app.inject({ url: `/api/rewards/${coffee}/code?sUUID=${sUUID}&uuid=${profileUUID}` });
    expect(codeReply.json()).toEqual({ success: 'OK', code });
    // The discount's staff swipe at check-out.
    const used = await use(h, slider, 'useSlider', sUUID, profileUUID);
    expect(used.statusCode).toBe(200);
    // Used, it says when (the rewards page and the finished page show the day).
    const usedSlider = (await listRewards(h, sUUID, profileUUID)).find((r) => r.rwId === slider);
    expect(usedSlider).toMatchObject({ isUsed: 1, usedAt: expect.any(String) });
    expect(new Date(usedSlider?.usedAt ?? '').getTime()).not.toBeNaN();
    // Never a new claim after the stay.
    const before = await writableCounts(h.handle);
    const refused = await claim(h, gift, { uuid: profileUUID, sUUID });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('stay_finished');
    expect(await writableCounts(h.handle)).toEqual(before);
  });

  it('refuses the use of a claimed reward past its validUntil (hotel-local day) with 409 reward_expired', async () => {
    const h = get();
    const slider = await rewardIdOf(h.handle, 1, 'late-checkout');
    h.clock.current = new Date('2026-05-01T21:00:00Z');
    await setValidUntil(h, slider, '2026-05-01');
    try {
      const { sUUID, profileUUID } = await stayWith(h, 200);
      expect((await claim(h, slider, { uuid: profileUUID, sUUID })).statusCode).toBe(200);
      // 00:30 in Paris on 2 May: the claim is kept, its use refused, nothing written.
      h.clock.current = new Date('2026-05-01T22:30:00Z');
      const before = await writableCounts(h.handle);
      for (const path of ['useSlider', 'used', 'redeem'] as const) {
        const refused = await use(h, slider, path, sUUID, profileUUID);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('reward_expired');
      }
      expect(await writableCounts(h.handle)).toEqual(before);
      expect((await listRewards(h, sUUID, profileUUID)).find((r) => r.rwId === slider)).toMatchObject({
        isClaimed: 1,
        isUsed: 0,
      });
    } finally {
      await setValidUntil(h, slider, null);
      h.clock.current = null;
    }
  });

  it('refuses a claim past the reward’s validUntil (hotel-local day) with 409 reward_expired; the list then shows it only to stays that claimed it', async () => {
    const h = get();
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    // 23:00 in Paris on 1 May: the last evening of a reward valid until 1 May.
    h.clock.current = new Date('2026-05-01T21:00:00Z');
    await setValidUntil(h, gift, '2026-05-01');
    try {
      const early = await stayWith(h, 100);
      const late = await stayWith(h, 100);
      expect((await claim(h, gift, { uuid: early.profileUUID, sUUID: early.sUUID })).statusCode).toBe(200);
      expect((await listRewards(h, late.sUUID, late.profileUUID)).map((r) => r.rwId)).toContain(gift);
      // 00:30 in Paris on 2 May.
      h.clock.current = new Date('2026-05-01T22:30:00Z');
      const before = await writableCounts(h.handle);
      const refused = await claim(h, gift, { uuid: late.profileUUID, sUUID: late.sUUID });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('reward_expired');
      expect(await writableCounts(h.handle)).toEqual(before);
      expect((await ledgerOf(h.handle, late.sUUID)).balance).toBe(100);
      expect((await listRewards(h, late.sUUID, late.profileUUID)).map((r) => r.rwId)).not.toContain(gift);
      const kept = (await listRewards(h, early.sUUID, early.profileUUID)).find((r) => r.rwId === gift);
      expect(kept).toMatchObject({ isClaimed: 1, validUntil: '2026-05-01' });
      // A reward without validUntil never expires.
      await setValidUntil(h, gift, null);
      expect((await claim(h, gift, { uuid: late.profileUUID, sUUID: late.sUUID })).statusCode).toBe(200);
    } finally {
      await setValidUntil(h, gift, null);
      h.clock.current = null;
    }
  });

  it('gives the code only to the stay that claimed it; 404 code_not_available otherwise', async () => {
    const h = get();
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const water = await rewardIdOf(h.handle, 1, 'water-donation');
    const a = await stayWith(h, 100);
    const b = await stayWith(h, 100);
    const codeOf = (s: { sUUID: string; profileUUID: string }, id: number) =>
      h.app.inject({ url: `/api/rewards/${id}/code?sUUID=${s.sUUID}&uuid=${s.profileUUID}` });
    expect((await codeOf(a, coffee)).json()).toMatchObject({ error: 'code_not_available' });
    const claimed = (await claim(h, coffee, { uuid: a.profileUUID, sUUID: a.sUUID })).json();
    expect((await codeOf(a, coffee)).json()).toEqual({ success: 'OK', code: claimed.code });
    const notB = await codeOf(b, coffee);
    expect(notB.statusCode).toBe(404);
    expect(notB.json().error).toBe('code_not_available');
    const foreign = await h.app.inject({ url: `/api/rewards/${coffee}/code?sUUID=${a.sUUID}&uuid=${b.profileUUID}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('not_found');
    expect((await claim(h, water, { uuid: a.profileUUID, sUUID: a.sUUID })).statusCode).toBe(200);
    const waterCode = await codeOf(a, water);
    expect(waterCode.statusCode).toBe(404);
    expect(waterCode.json().error).toBe('code_not_available');
    // b's own claim gets a different code (unique per reward).
    const claimedB = (await claim(h, coffee, { uuid: b.profileUUID, sUUID: b.sUUID })).json();
    expect(claimedB.code).toMatch(CODE_PATTERN);
    expect(claimedB.code).not.toBe(claimed.code);
  });

  it('marks a claimed reward used once (used, redeem, useSlider), irreversibly', async () => {
    const h = get();
    const slider = await rewardIdOf(h.handle, 1, 'late-checkout');
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const water = await rewardIdOf(h.handle, 1, 'water-donation');
    const { sUUID, profileUUID } = await stayWith(h, 200);

    const early = await use(h, slider, 'useSlider', sUUID, profileUUID);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('not_claimed');
    expect((await use(h, gift, 'used', sUUID, profileUUID)).json().error).toBe('not_claimed');

    expect((await claim(h, slider, { uuid: profileUUID, sUUID })).statusCode).toBe(200);
    const used = await use(h, slider, 'useSlider', sUUID, profileUUID);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ success: 'OK' });
    expect((await listRewards(h, sUUID, profileUUID)).find((r) => r.rwId === slider)).toMatchObject({
      isClaimed: 1,
      isUsed: 1,
    });
    for (const path of ['useSlider', 'used', 'redeem'] as const) {
      const again = await use(h, slider, path, sUUID, profileUUID);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: 'already_used',
        message: expect.stringMatching(/already been used/),
      });
    }

    expect((await claim(h, gift, { uuid: profileUUID, sUUID })).statusCode).toBe(200);
    expect((await use(h, gift, 'useSlider', sUUID, profileUUID)).json().error).toBe('not_a_slider_reward');
    expect((await use(h, gift, 'redeem', sUUID, profileUUID)).statusCode).toBe(200);
    expect((await use(h, gift, 'used', sUUID, profileUUID)).statusCode).toBe(409);

    expect((await claim(h, water, { uuid: profileUUID, sUUID })).statusCode).toBe(200);
    const wrongType = await use(h, water, 'useSlider', sUUID, profileUUID);
    expect(wrongType.statusCode).toBe(400);
    expect((await use(h, water, 'used', sUUID, profileUUID)).statusCode).toBe(200);

    const other = await newHotelStay(h.app);
    expect((await use(h, gift, 'used', sUUID, other.profileUUID)).statusCode).toBe(404);
    // Using never moves points.
    expect((await ledgerOf(h.handle, sUUID)).balance).toBe(200 - 45 - 35 - 20);
  });

  it('generates codes of at least 8 characters, unique per hotel, one character longer when draws keep colliding', async () => {
    const h = get();
    expect(CODE_LENGTH).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < 200; i++) expect(randomCode(CODE_LENGTH)).toMatch(CODE_PATTERN);
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/);
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const taken = 'A'.repeat(CODE_LENGTH);
    const { sUUID } = await stayWith(h, 0);
    // The code is taken by another reward of the same hotel: a code names one claim of the hotel.
    await h.handle.db
      .insertInto('reward_claims')
      .values({
        stay_id: await stayIdOf(h.handle, sUUID),
        reward_id: gift,
        code: taken,
        hotel_id: 1,
        claimed_at: 'x',
        used_at: null,
      })
      .execute();
    const lengths: number[] = [];
    const longer = 'B'.repeat(CODE_LENGTH + 1);
    const code = await issueCode(h.handle.db, { id: coffee, hotel_id: 1 }, (length) => {
      lengths.push(length);
      return length === CODE_LENGTH ? taken : longer;
    });
    expect(code).toBe(longer);
    expect(lengths.filter((l) => l === CODE_LENGTH).length).toBeGreaterThan(1);
    // The database itself refuses a second claim of one code in one hotel, whatever the reward.
    const other = await stayWith(h, 0);
    await expect(
      h.handle.db
        .insertInto('reward_claims')
        .values({
          stay_id: await stayIdOf(h.handle, other.sUUID),
          reward_id: coffee,
          code: taken,
          hotel_id: 1,
          claimed_at: 'x',
          used_at: null,
        })
        .execute(),
    ).rejects.toThrow();
    // Another hotel may give the same code.
    const demoGift = await rewardIdOf(h.handle, 2, 'local-gift');
    const demoStay = await stayWith(h, 0, 2);
    await h.handle.db
      .insertInto('reward_claims')
      .values({
        stay_id: await stayIdOf(h.handle, demoStay.sUUID),
        reward_id: demoGift,
        code: taken,
        hotel_id: 2,
        claimed_at: 'x',
        used_at: null,
      })
      .execute();
  });

  it('hands out the codes of a hotel pool once each, then 409 code_pool_exhausted with nothing debited', async () => {
    const h = get();
    const demoCoffee = await rewardIdOf(h.handle, 2, 'coffee-code');
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await stayWith(h, 30, 2);
      const response = await claim(h, demoCoffee, { uuid: s.profileUUID, sUUID: s.sUUID });
      expect(response.statusCode).toBe(200);
      codes.push(response.json().code);
      expect(response.json().greenMiles).toBe(0);
    }
    expect(codes.sort()).toEqual(['DEMO-A1', 'DEMO-B2', 'DEMO-C3']);
    const late = await stayWith(h, 30, 2);
    const before = await writableCounts(h.handle);
    const refused = await claim(h, demoCoffee, { uuid: late.profileUUID, sUUID: late.sUUID });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('code_pool_exhausted');
    expect(await writableCounts(h.handle)).toEqual(before);
    expect((await ledgerOf(h.handle, late.sUUID)).balance).toBe(30);
  });

  it('50 concurrent claims of the same reward debit exactly once', async () => {
    const h = get();
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const { sUUID, profileUUID } = await stayWith(h, 1000);
    const responses = await claimAtOnce(
      h,
      { sUUID, profileUUID },
      Array.from({ length: 50 }, () => gift),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body.greenMiles).toBe(965);
    expect(responses.filter((r) => r.status === 409 && r.body.error === 'already_claimed')).toHaveLength(49);
    const ledger = await ledgerOf(h.handle, sUUID);
    expect(ledger.rows.filter((r) => r.amount < 0)).toHaveLength(1);
    expect(ledger.sum).toBe(965);
    expect(ledger.balance).toBe(965);
  });

  it('50 concurrent claims of 10 different rewards debit exactly as often as the balance allows', async () => {
    const h = get();
    const rewards = Array.from(
      { length: 10 },
      (_, i) => `  - key: r${i}
    type: ${i % 2 === 0 ? 'CODE' : 'GENERIC'}
    cost: 10
    texts: { en: { name: Reward ${i}, description: Test reward ${i} } }`,
    ).join('\n');
    const file = parseContent(
      `hotel: { id: 90, name: Concurrency Inn, isDemo: false, timeZone: Europe/Paris, staffPin: "123456", hotelQrEntry: open }
languages:
  - { code: en, name: English, enabled: true, isPrimary: true, position: 1 }
rewards:
${rewards}
`,
      'concurrency-inn.yaml',
    );
    await importContent(h.handle.db, file);
    const ids = (
      await h.handle.db.selectFrom('rewards').select('id').where('hotel_id', '=', 90).orderBy('id').execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(10);
    const { sUUID, profileUUID } = await stayWith(h, 35, 90);
    const responses = await claimAtOnce(h, { sUUID, profileUUID }, Array.from({ length: 5 }, () => ids).flat());
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(ok.map((r) => r.body.greenMiles).sort()).toEqual([15, 25, 5]);
    for (const r of responses.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['already_claimed', 'not_enough_greenmiles']).toContain(r.body.error);
    }
    const ledger = await ledgerOf(h.handle, sUUID);
    expect(ledger.rows.filter((r) => r.amount < 0)).toHaveLength(3);
    expect(ledger.sum).toBe(5);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.sum).toBeGreaterThanOrEqual(0);
    const claims = await h.handle.db
      .selectFrom('reward_claims')
      .select(['reward_id', 'code'])
      .where('stay_id', '=', await stayIdOf(h.handle, sUUID))
      .execute();
    expect(new Set(claims.map((c) => c.reward_id)).size).toBe(3);
    const listed = await listRewards(h, sUUID, profileUUID, 'en');
    expect(listed.filter((r) => r.isClaimed === 1)).toHaveLength(3);
  });
});
