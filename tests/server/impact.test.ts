/**
 * The staff page's impact summary (GET /api/staff/hotels/:hId/summary, docs/impact.md) on both databases: the
 * figures of a seeded period against sums over the ledger, the hotel's own factors, bad periods, another hotel's
 * session and no session.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { encode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPACT_FACTORS, impactFactorsOf } from '../../contract/impact-factors.ts';
import type { ImpactSummaryReply } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { ContentError } from '../../server/content/validate.ts';
import { MAX_PERIOD_DAYS } from '../../server/domain/impact.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import { describeEachDialect, type Harness, rewardIdOf, staffHeaders } from './harness.ts';

const TILLEULS_YAML = readFileSync(new URL('../../server/content/hotels/les-tilleuls.yaml', import.meta.url), 'utf8');
const DEMO_YAML = readFileSync(new URL('../../server/content/hotels/demo-hotel.yaml', import.meta.url), 'utf8');

function photo(): string {
  const data = Buffer.alloc(64 * 64 * 4, 128);
  return encode({ width: 64, height: 64, data }, 50).data.toString('base64');
}

function summary(app: FastifyInstance, hotelId: number, query: string, headers: Record<string, string>) {
  return app.inject({ url: `/api/staff/hotels/${hotelId}/summary?${query}`, headers });
}

/** Runs `work` with the server's clock at `iso`. */
async function at<T>(h: Harness, iso: string, work: () => Promise<T>): Promise<T> {
  h.clock.current = new Date(iso);
  return work();
}

async function expectOk(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode, response.body).toBe(200);
}

/** Sums over the ledger rows of the hotel's stays written between two instants (the period's hotel-local bounds). */
async function ledgerSums(h: Harness, hotelId: number, start: string, end: string) {
  const rows = await h.handle.db
    .selectFrom('ledger_entries as l')
    .innerJoin('stays as s', 's.id', 'l.stay_id')
    .select(['l.amount', 'l.reward_id'])
    .where('s.hotel_id', '=', hotelId)
    .where('l.created_at', '>=', start)
    .where('l.created_at', '<', end)
    .execute();
  return {
    earned: rows.filter((row) => row.reward_id === null).reduce((sum, row) => sum + Number(row.amount), 0),
    spent: rows.filter((row) => row.reward_id !== null).reduce((sum, row) => sum - Number(row.amount), 0),
  };
}

describeEachDialect('impact summary', (get) => {
  // 2026-05-04 and 05-05 at Les Tilleuls (Europe/Paris, UTC+2): the period runs from 2026-05-03T22:00Z to 05-05T22:00Z.
  const PERIOD = 'from=2026-05-04&to=2026-05-05';

  async function act(h: Harness, stay: TestStay, type: string, kind: string, body: Record<string, unknown>) {
    const action = await actionOfType(h.app, stay, type);
    const response = await submit(h.app, stay, action.actId, kind, { endDate: null, ...body });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function seedPeriod(h: Harness) {
    // Stay A, on the first day: every gesture with a saving, and a yes/no.
    const a = await at(h, '2026-05-04T08:00:00Z', () => newStay(h.app, h.handle));
    await at(h, '2026-05-04T08:05:00Z', () => act(h, a, 'LUNICLEAN', 'luniclean', { skipCleaning: true }));
    await act(h, a, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
    await act(h, a, 'HEATING', 'heating', { temperature: 19 });
    await act(h, a, 'YESNO', 'yesno', { response: true });
    const meal = await actionOfType(h.app, a, 'LIMEAT');
    const curry = await h.app.inject({
      method: 'POST',
      url: `/api/actions/${meal.actId}/limeat`,
      payload: { uuid: a.profileUUID, sUUID: a.sUUID, endDate: null, photoData: photo(), dishKey: 'lentil-curry' },
    });
    expect(curry.json().greenMilesAdded).toBe(20);
    // Stay B does nothing: present, not participating.
    await at(h, '2026-05-04T09:00:00Z', () => newStay(h.app, h.handle));
    // Stay C starts at 01:30 hotel-local on the second day: a skip changed back to cleaning, heating at 16 °C.
    const c = await at(h, '2026-05-04T23:30:00Z', () => newStay(h.app, h.handle));
    await act(h, c, 'LUNICLEAN', 'luniclean', { skipCleaning: true });
    await act(h, c, 'LUNICLEAN', 'luniclean', { skipCleaning: false });
    await act(h, c, 'HEATING', 'heating', { temperature: 16 });
    // Stay A claims two rewards on the second day and uses one.
    for (const key of ['water-donation', 'coffee-code']) {
      const rwId = await rewardIdOf(h.handle, 1, key);
      const claimed = await at(h, '2026-05-05T09:00:00Z', () =>
        h.app.inject({
          method: 'POST',
          url: `/api/rewards/${rwId}/claim`,
          payload: { uuid: a.profileUUID, sUUID: a.sUUID },
        }),
      );
      expect(claimed.statusCode, claimed.body).toBe(200);
    }
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const used = await h.app.inject({
      method: 'POST',
      url: `/api/rewards/${coffee}/used`,
      payload: { uuid: a.profileUUID, sUUID: a.sUUID },
    });
    expect(used.statusCode, used.body).toBe(200);
    // Stay G at 23:59 hotel-local on the last day: inside. Stay F at 23:59 the evening before: outside.
    const g = await at(h, '2026-05-05T21:59:00Z', () => newStay(h.app, h.handle));
    await act(h, g, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
    const f = await at(h, '2026-05-03T21:59:00Z', () => newStay(h.app, h.handle));
    await act(h, f, 'LUNICLEAN', 'luniclean', { skipCleaning: true });
    // After the period, and at another hotel: left out.
    const d = await at(h, '2026-05-06T08:00:00Z', () => newStay(h.app, h.handle));
    await act(h, d, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
    const demo = await at(h, '2026-05-04T10:00:00Z', () => newStay(h.app, h.handle, 2));
    await act(h, demo, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
  }

  it('answers the seeded period: participation, actions, points and rewards as in the ledger, savings by factor', async () => {
    const h = get();
    await seedPeriod(h);
    const headers = await at(h, '2026-05-06T09:00:00Z', () => staffHeaders(h.app, 1));
    const response = await summary(h.app, 1, PERIOD, headers);
    await expectOk(response);
    const reply = response.json() as ImpactSummaryReply;

    expect(reply).toMatchObject({ hId: 1, from: '2026-05-04', to: '2026-05-05' });
    expect(reply.stays).toEqual({ total: 4, participating: 3 });
    expect(reply.actionsByType).toEqual([
      { actType: 'HEATING', count: 2, confirmed: 0 },
      { actType: 'LUNICLEAN', count: 2, confirmed: 0 },
      { actType: 'LUNISHOWER', count: 2, confirmed: 0 },
      { actType: 'LIMEAT', count: 1, confirmed: 1 },
      { actType: 'YESNO', count: 1, confirmed: 0 },
    ]);
    // Every figure of points is a sum over the period's ledger rows.
    const ledger = await ledgerSums(h, 1, '2026-05-03T22:00:00.000Z', '2026-05-05T22:00:00.000Z');
    expect(reply.points).toEqual(ledger);
    expect(reply.points).toEqual({ earned: 20 + 15 + 15 + 15 + 20 + (20 - 20) + 15, spent: 20 + 30 });
    const [first, second] = reply.days;
    expect(reply.days).toHaveLength(2);
    expect({ earned: first?.pointsEarned, spent: first?.pointsSpent }).toEqual(
      await ledgerSums(h, 1, '2026-05-03T22:00:00.000Z', '2026-05-04T22:00:00.000Z'),
    );
    expect({ earned: second?.pointsEarned, spent: second?.pointsSpent }).toEqual(
      await ledgerSums(h, 1, '2026-05-04T22:00:00.000Z', '2026-05-05T22:00:00.000Z'),
    );
    expect(reply.rewards).toEqual({ claimed: 2, used: 1 });
    expect(reply.waterDonatedLitres).toBe(50);
    expect(first).toMatchObject({ date: '2026-05-04', actions: 5, rewardsClaimed: 0 });
    expect(second).toMatchObject({ date: '2026-05-05', actions: 3, rewardsClaimed: 2, rewardsUsed: 1 });

    // The meal keeps its impact on the completion.
    const meal = await h.handle.db
      .selectFrom('action_completions')
      .select(['meal_water_litres', 'meal_energy_wh', 'meal_ghg_grams'])
      .where('meal_ghg_grams', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(meal).toEqual({ meal_water_litres: 198.8, meal_energy_wh: 400, meal_ghg_grams: 499 });

    const byCategory = Object.fromEntries(reply.impact.map((row) => [row.category, row]));
    // One skip kept (stay C went back to cleaning), at the shipped floor of a room's laundry.
    expect(byCategory.cleaning).toMatchObject({
      units: 1,
      water: { saved: 20, perUnit: 20, savedRange: { low: 5.4, high: 157.7 }, origin: 'estimate' },
      energy: { saved: 0.48, perUnit: 0.48, savedRange: null, origin: 'estimate' },
      co2e: { saved: 25, perUnit: 25, savedRange: { low: 23, high: 35 } },
    });
    expect(byCategory.cleaning?.energy.source).toMatchObject({
      id: 'bookingLaundry',
      url: expect.stringMatching(/^https:\/\/partner\.booking\.com\//),
    });
    expect(byCategory.shower).toMatchObject({
      units: 2,
      water: { saved: 44.2, perUnit: 22.1 },
      energy: { saved: 1.8, perUnit: 0.9 },
      co2e: { saved: 408, perUnit: 204 },
    });
    expect(byCategory.shower?.water.source.url).toBe('https://home-water-works.org/indoor-use/showers');
    // 22 → 19 °C is 3 degree-nights; 16 °C counts down to 18 °C only: 4.
    expect(byCategory.heating).toMatchObject({
      units: 7,
      water: { saved: 0 },
      energy: { saved: 4.9, perUnit: 0.7 },
      co2e: { saved: 1113, perUnit: 159 },
    });
    // The lentil curry against the reference meal (249.3 L, 1.13 kWh, 1827 g; 1230–1827 g).
    expect(byCategory.meal).toMatchObject({
      units: 1,
      water: { saved: 50.5, perUnit: 249.3, savedRange: null },
      energy: { saved: 0.73, perUnit: 1.13 },
      co2e: { saved: 1328, perUnit: 1827, savedRange: { low: 731, high: 1328 } },
    });
    expect(reply.saved).toEqual({
      waterLitres: 114.7,
      energyKwh: 7.91,
      co2eGrams: 2874,
    });
    // Each gesture at its factors' low and high ends; a single estimate counts as itself at both (docs/impact.md#ranges).
    expect(reply.savedRange).toEqual({
      low: { waterLitres: 82.7, energyKwh: 3.37, co2eGrams: 860 },
      high: { waterLitres: 347.4, energyKwh: 19.81, co2eGrams: 5825 },
    });
    // The daily series adds up to the period's figures.
    const sum = (pick: (day: ImpactSummaryReply['days'][number]) => number) =>
      reply.days.reduce((total, day) => total + pick(day), 0);
    expect(sum((day) => day.actions)).toBe(8);
    expect(sum((day) => day.co2eSavedGrams)).toBe(reply.saved.co2eGrams);
    expect(sum((day) => day.waterSavedLitres)).toBeCloseTo(reply.saved.waterLitres, 5);
  });

  it('answers an empty period with every day at zero', async () => {
    const h = get();
    const headers = await staffHeaders(h.app, 1);
    const response = await summary(h.app, 1, 'from=2025-01-30&to=2025-02-02', headers);
    await expectOk(response);
    const reply = response.json() as ImpactSummaryReply;
    expect(reply.stays).toEqual({ total: 0, participating: 0 });
    expect(reply.actionsByType).toEqual([]);
    expect(reply.points).toEqual({ earned: 0, spent: 0 });
    expect(reply.days.map((day) => day.date)).toEqual(['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02']);
    expect(reply.impact.map((row) => [row.category, row.units, row.water.saved])).toEqual([
      ['cleaning', 0, 0],
      ['shower', 0, 0],
      ['heating', 0, 0],
      ['meal', 0, 0],
    ]);
  });

  it('uses the factors of the hotel’s content file, and its source, in place of the shipped ones', async () => {
    const h = get();
    const file = parseContent(
      `${DEMO_YAML}\nimpactFactors:\n  shower: { waterLitres: 30, co2eGrams: 150, source: Compteur de l'hôtel }\n  meal: { co2eGrams: 3000, source: Fiche recette du chef }\n`,
    );
    await importContent(h.handle.db, file);
    const stay = await at(h, '2026-07-01T08:00:00Z', () => newStay(h.app, h.handle, 2));
    await act(h, stay, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
    const headers = await staffHeaders(h.app, 2);
    const reply = (await summary(h.app, 2, 'from=2026-07-01&to=2026-07-01', headers)).json() as ImpactSummaryReply;
    const shower = reply.impact.find((row) => row.category === 'shower');
    expect(shower).toMatchObject({
      units: 1,
      water: { saved: 30, perUnit: 30, origin: 'hotel', source: { id: null, name: "Compteur de l'hôtel", url: null } },
      energy: { saved: DEFAULT_IMPACT_FACTORS.shower.energy.perUnit, origin: 'estimate' },
      co2e: { saved: 150, origin: 'hotel' },
    });
    const meal = reply.impact.find((row) => row.category === 'meal');
    expect(meal?.co2e).toMatchObject({
      perUnit: 3000,
      origin: 'hotel',
      source: { id: null, name: 'Fiche recette du chef' },
    });
    expect(meal?.water.origin).toBe('estimate');
    // Re-importing without the field brings the shipped table back.
    await importContent(h.handle.db, parseContent(DEMO_YAML));
    const again = (await summary(h.app, 2, 'from=2026-07-01&to=2026-07-01', headers)).json() as ImpactSummaryReply;
    expect(again.impact.find((row) => row.category === 'shower')?.water).toMatchObject({ saved: 22.1, perUnit: 22.1 });
  });

  it('refuses bad, inverted or out-of-window dates and periods over the maximum (400), another hotel’s session (403), no session (401)', async () => {
    const h = get();
    const headers = await staffHeaders(h.app, 1);
    const cases: Array<[string, string]> = [
      ['from=2026-05-05&to=2026-05-04', 'invalid_period'],
      ['from=2026-02-30&to=2026-03-02', 'bad_request'],
      [`from=2025-01-01&to=2026-01-02`, 'invalid_period'],
      ['from=2026-5-4&to=2026-05-05', 'bad_request'],
      ['from=2026-05-04', 'bad_request'],
      ['', 'bad_request'],
    ];
    for (const [query, error] of cases) {
      const response = await summary(h.app, 1, query, headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(error);
    }
    // Outside the API's dates (docs/behaviour.md#dates): refused by the schema before any day is counted.
    for (const query of [
      'from=9999-12-31&to=9999-12-31',
      'from=2100-12-31&to=2101-01-01',
      'from=1999-12-31&to=2000-01-01',
      'from=+10000-01-01&to=+10000-01-01',
    ]) {
      const response = await summary(h.app, 2, query, await staffHeaders(h.app, 2));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe('bad_request');
    }
    // The window's own edges are days like any other.
    for (const day of ['2000-01-01', '2100-12-31']) {
      const edge = await summary(h.app, 1, `from=${day}&to=${day}`, headers);
      await expectOk(edge);
      expect((edge.json() as ImpactSummaryReply).days.map((d) => d.date)).toEqual([day]);
    }
    const lastMonth = await summary(h.app, 1, 'from=2100-12-01&to=2100-12-31', headers);
    expect((lastMonth.json() as ImpactSummaryReply).days).toHaveLength(31);
    // The longest period passes: a whole leap year.
    const longest = await summary(h.app, 1, 'from=2028-01-01&to=2028-12-31', headers);
    await expectOk(longest);
    expect((longest.json() as ImpactSummaryReply).days).toHaveLength(MAX_PERIOD_DAYS);

    const otherHotel = await summary(h.app, 1, PERIOD, await staffHeaders(h.app, 2));
    expect(otherHotel.statusCode).toBe(403);
    expect(otherHotel.json().error).toBe('staff_session_wrong_hotel');
    expect((await summary(h.app, 1, PERIOD, {})).json().error).toBe('staff_session_missing');
    const unknown = await summary(h.app, 1, PERIOD, { authorization: 'Bearer not-a-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('staff_session_invalid');
  });
});

describe('impact factors in the content file', () => {
  it('refuses unknown categories and fields, negative figures, an empty override, a figure without its source', () => {
    for (const block of [
      'impactFactors:\n  laundry: { waterLitres: 10 }\n',
      'impactFactors:\n  shower: { litres: 10 }\n',
      'impactFactors:\n  shower: { waterLitres: -1 }\n',
      'impactFactors:\n  shower: {}\n',
    ]) {
      expect(() => parseContent(`${DEMO_YAML}\n${block}`), block).toThrow(ContentError);
    }
    expect(() => parseContent(`${DEMO_YAML}\nimpactFactors:\n  meal: { co2eGrams: 3000 }\n`)).toThrow(
      /impactFactors\.meal\.source: a figure of the hotel names its source/,
    );
  });

  it('keeps the shipped figures a hotel does not override', () => {
    const table = impactFactorsOf({ heating: { energyKwh: 1 } });
    expect(table.heating.energy).toEqual({
      perUnit: 1,
      range: null,
      boundary: DEFAULT_IMPACT_FACTORS.heating.energy.boundary,
      geography: 'the hotel',
      checkedOn: null,
      source: {
        id: 'hotelOwnFigure',
        name: "The hotel's own figure",
        publisher: null,
        year: null,
        locator: null,
        url: null,
      },
      origin: 'hotel',
    });
    expect(table.heating.co2e).toEqual(DEFAULT_IMPACT_FACTORS.heating.co2e);
    // The sample hotel shows the shipped table: an override needs a source the hotel can show.
    expect(parseContent(TILLEULS_YAML).impactFactors).toBeUndefined();
  });
});
