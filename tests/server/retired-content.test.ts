/**
 * Retiring (docs/behaviour.md#retiring): an action or a reward that leaves the hotel's content is hidden from new
 * guests only. A stay that claimed the reward still sees it (the rewards list, the finished stay's page), gets its
 * code, uses it, has it e-mailed and the staff desk hands it over; a stay that answered the action still sees its
 * answer and points. Neither takes a new claim or answer: both are refused as unknown (404), on both databases.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Action, Reward } from '../../contract/schemas.ts';
import { buildApp } from '../../server/app.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { actionsOf, ledgerSum, submit, type TestStay } from './actions-support.ts';
import {
  describeEachDialect,
  type Harness,
  rewardIdOf,
  staffHeaders,
  stayIdOf,
  stayWith,
  TEST_FRONT_TOKEN,
  terminateAsStaff,
} from './harness.ts';

const TILLEULS = 1;

interface ContentItem {
  key: string;
}

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());

describeEachDialect('retired actions and rewards', (get) => {
  /** Imports Les Tilleuls' sample file without the actions and rewards of `keys` (none: the sample as shipped). */
  async function importTilleulsWithout(...keys: string[]) {
    const content = parse(readFileSync(SAMPLE_HOTEL_FILES[TILLEULS - 1] as string, 'utf8'));
    const kept = (items: ContentItem[]) => items.filter((item) => !keys.includes(item.key));
    content.actions = kept(content.actions);
    content.rewards = kept(content.rewards);
    await importContent(get().handle.db, parseContent(stringify(content)));
  }

  /** A stay at Les Tilleuls (entered by the hotel QR) with `points` credited. */
  async function guest(h: Harness, points: number): Promise<TestStay> {
    const stay = await stayWith(h, points, TILLEULS);
    return { ...stay, id: await stayIdOf(h.handle, stay.sUUID) };
  }

  async function rewardsOf(h: Harness, stay: TestStay): Promise<Reward[]> {
    const response = await h.app.inject({
      url: `/api/stays/${stay.sUUID}/rewards?lang=fr&uuid=${stay.profileUUID}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Reward[];
  }

  function claim(h: Harness, stay: TestStay, rwId: number) {
    return h.app.inject({
      method: 'POST',
      url: `/api/rewards/${rwId}/claim`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
    });
  }

  it('a retired reward stays with its claimers (list, code, e-mail, finished page, use) and is refused to new claims', async () => {
    const h = get();
    const rwId = await rewardIdOf(h.handle, TILLEULS, 'coffee-code');
    const claimer = await guest(h, 100);
    const claimed = await claim(h, claimer, rwId);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { code } = claimed.json() as { code: string };
    const other = await guest(h, 100);
    try {
      await importTilleulsWithout('coffee-code');

      const listed = (await rewardsOf(h, claimer)).find((reward) => reward.rwId === rwId);
      expect(listed).toMatchObject({ radName: 'Un café offert au bar', isClaimed: 1, isUsed: 0, code });
      const codeReply = await h.app.inject({
        url: `/api/rewards/${rwId}/code?sUUID=${claimer.sUUID}&uuid=${claimer.profileUUID}`,
      });
      expect(codeReply.json()).toEqual({ success: 'OK', code });

      const mailApp = await buildApp({
        db: h.handle.db,
        kind: h.handle.kind,
        frontToken: TEST_FRONT_TOKEN,
        smtpUrl: smtp.url,
        mailFrom: 'GreenMiles Test <rewards@greenmiles.test>',
      });
      try {
        const emailed = await mailApp.inject({
          method: 'POST',
          url: `/api/rewards/${rwId}/email`,
          payload: { sUUID: claimer.sUUID, uuid: claimer.profileUUID, email: 'guest@example.org', lang: 'fr' },
        });
        expect(emailed.statusCode, emailed.body).toBe(200);
        expect(smtp.mails.at(-1)?.text).toContain(`TIL-${code}`);
      } finally {
        await mailApp.close();
      }

      // New guests no longer see it, and a claim of it is refused as an unknown reward, changing nothing.
      expect((await rewardsOf(h, other)).map((reward) => reward.rwId)).not.toContain(rwId);
      const refused = await claim(h, other, rwId);
      expect(refused.statusCode).toBe(404);
      expect(await ledgerSum(h.handle, other.id)).toBe(100);

      // The finished stay's page reads the same list: the claim is still there after check-out.
      expect((await terminateAsStaff(h.app, claimer.sUUID, claimer.profileUUID, TILLEULS)).statusCode).toBe(200);
      expect((await rewardsOf(h, claimer)).find((reward) => reward.rwId === rwId)).toMatchObject({ code, isUsed: 0 });
      const used = await h.app.inject({
        method: 'POST',
        url: `/api/rewards/${rwId}/used`,
        payload: { sUUID: claimer.sUUID, uuid: claimer.profileUUID },
      });
      expect(used.statusCode, used.body).toBe(200);
      expect((await rewardsOf(h, claimer)).find((reward) => reward.rwId === rwId)).toMatchObject({ isUsed: 1 });
    } finally {
      await importTilleulsWithout();
    }
  });

  it('the staff desk checks and hands over the code of a retired reward', async () => {
    const h = get();
    const rwId = await rewardIdOf(h.handle, TILLEULS, 'coffee-code');
    const claimer = await guest(h, 100);
    const { code } = (await claim(h, claimer, rwId)).json() as { code: string };
    try {
      await importTilleulsWithout('coffee-code');
      const headers = await staffHeaders(h.app, TILLEULS);
      const checked = await h.app.inject({
        method: 'POST',
        url: '/api/staff/codes/verify',
        headers,
        payload: { code: `TIL-${code}` },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toMatchObject({ rwId, rewardName: 'Un café offert au bar', usedAt: null });
      const handed = await h.app.inject({
        method: 'POST',
        url: '/api/staff/codes/redeem',
        headers,
        payload: { code: `TIL-${code}` },
      });
      expect(handed.json()).toMatchObject({ rwId, redeemedNow: true, usedBy: 'staff' });
      expect((await rewardsOf(h, claimer)).find((reward) => reward.rwId === rwId)).toMatchObject({ isUsed: 1 });
    } finally {
      await importTilleulsWithout();
    }
  });

  it('a retired action stays done for whoever answered it, its points kept, and takes no new answer', async () => {
    const h = get();
    const towels = (await actionsOf(h.app, await guest(h, 0))).find((a) => a.aadName.includes('serviettes'));
    if (!towels) throw new Error('no towels action in the sample');
    const answerer = await guest(h, 0);
    expect((await submit(h.app, answerer, towels.actId, 'yesno', { response: true })).statusCode).toBe(200);
    const other = await guest(h, 0);
    try {
      await importTilleulsWithout('reuse-towels');

      const listed = (await actionsOf(h.app, answerer)).find((a) => a.actId === towels.actId);
      expect(listed).toMatchObject<Partial<Action>>({
        alreadyCompleted: true,
        response: 'YES',
        earnedGreenMiles: 15,
        actRetired: true,
      });
      // The other actions are not flagged.
      const current = await actionsOf(h.app, answerer);
      expect(current.filter((a) => a.actRetired !== undefined).map((a) => a.actId)).toEqual([towels.actId]);
      const one = await h.app.inject({
        url: `/api/actions/${towels.actId}?sUUID=${answerer.sUUID}&uuid=${answerer.profileUUID}&lang=fr`,
        headers: { 'x-front-token': TEST_FRONT_TOKEN },
      });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ actId: towels.actId, actRetired: true });

      // Changing the answer is refused as for an unknown action; the points stay.
      const changed = await submit(h.app, answerer, towels.actId, 'yesno', { response: false });
      expect(changed.statusCode).toBe(404);
      expect(await ledgerSum(h.handle, answerer.id)).toBe(15);

      expect((await actionsOf(h.app, other)).map((a) => a.actId)).not.toContain(towels.actId);
      expect((await submit(h.app, other, towels.actId, 'yesno', { response: true })).statusCode).toBe(404);
      expect(await ledgerSum(h.handle, other.id)).toBe(0);
    } finally {
      await importTilleulsWithout();
    }
  });

  it("a retired per-night action shows the stay's latest answer, from an earlier night", async () => {
    const h = get();
    h.clock.current = new Date('2026-05-04T18:00:00Z');
    try {
      const stay = await guest(h, 0);
      const shower = (await actionsOf(h.app, stay)).find((a) => a.actType === 'LUNISHOWER');
      if (!shower) throw new Error('no shower action in the sample');
      expect((await submit(h.app, stay, shower.actId, 'lunishower', { objectiveRespected: false })).statusCode).toBe(
        200,
      );
      h.clock.current = new Date('2026-05-05T18:00:00Z');
      expect((await submit(h.app, stay, shower.actId, 'lunishower', { objectiveRespected: true })).statusCode).toBe(
        200,
      );
      h.clock.current = new Date('2026-05-06T18:00:00Z');
      // Still open tonight while the hotel offers it.
      expect((await actionsOf(h.app, stay)).find((a) => a.actId === shower.actId)?.alreadyCompleted).toBe(false);
      await importTilleulsWithout('short-shower');
      expect((await actionsOf(h.app, stay)).find((a) => a.actId === shower.actId)).toMatchObject<Partial<Action>>({
        alreadyCompleted: true,
        response: true,
        earnedGreenMiles: 15,
        actRetired: true,
      });
    } finally {
      h.clock.current = null;
      await importTilleulsWithout();
    }
  });

  it('an action or a reward brought back by a later import is offered again, unflagged', async () => {
    const h = get();
    const rwId = await rewardIdOf(h.handle, TILLEULS, 'coffee-code');
    await importTilleulsWithout('coffee-code', 'reuse-towels');
    await importTilleulsWithout();
    const stay = await guest(h, 100);
    expect((await rewardsOf(h, stay)).map((reward) => reward.rwId)).toContain(rwId);
    const actions = await actionsOf(h.app, stay);
    expect(actions.find((a) => a.aadName.includes('serviettes'))).not.toHaveProperty('actRetired');
    expect((await claim(h, stay, rwId)).statusCode).toBe(200);
  });
});
