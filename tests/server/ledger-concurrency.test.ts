/**
 * Racing submissions over real HTTP (app.listen on loopback, so PostgreSQL requests run on several pool
 * connections at once): identical submissions credit once, reversals of spent points are all refused,
 * and the balance always equals the sum of the ledger rows and is never negative.
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_ANSWER_CHANGES_PER_NIGHT } from '../../server/domain/caps.ts';
import { appendEntry } from '../../server/domain/ledger.ts';
import { actionOfType, expectConsistentBalance, ledgerRows, newStay, type TestStay } from './actions-support.ts';
import { describeEachDialect } from './harness.ts';

const RACERS = 50;

describeEachDialect(
  'ledger under concurrent submissions',
  (get) => {
    let baseUrl = '';
    beforeAll(async () => {
      baseUrl = await get().app.listen({ host: '127.0.0.1', port: 0 });
    });

    const post = (stay: TestStay, actId: number, kind: string, body: Record<string, unknown>) =>
      fetch(`${baseUrl}/api/actions/${actId}/${kind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID, ...body }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));

    it(`${RACERS} identical yes submissions at once credit exactly once`, async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNO');
      const replies = await Promise.all(
        Array.from({ length: RACERS }, () => post(stay, action.actId, 'yesno', { response: true })),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(RACERS).fill(200));
      const credited = replies.filter((r) => r.body.greenMilesChange === action.actReward);
      expect(credited).toHaveLength(1);
      expect(replies.filter((r) => r.body.greenMilesChange === 0)).toHaveLength(RACERS - 1);
      expect(replies.every((r) => r.body.greenMiles === action.actReward)).toBe(true);
      const rows = await ledgerRows(handle, stay.id);
      expect(rows.filter((r) => r.action_id === action.actId)).toHaveLength(1);
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });

    it(`${RACERS} racing reversals (yes→no) of spent points are all refused; the balance does not move`, async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNO');
      expect((await post(stay, action.actId, 'yesno', { response: true })).body.greenMilesChange).toBe(
        action.actReward,
      );
      // The points are spent (a reward claim's debit through the ledger's own function).
      await appendEntry(
        handle.db,
        { stayId: stay.id, amount: -action.actReward, reason: 'claim', idempotencyKey: `spent-${stay.sUUID}` },
        new Date(),
      );
      const rowsBefore = await ledgerRows(handle, stay.id);
      const replies = await Promise.all(
        Array.from({ length: RACERS }, () => post(stay, action.actId, 'yesno', { response: false })),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(RACERS).fill(409));
      for (const reply of replies) {
        expect(reply.body.error).toBe('not_enough_greenmiles');
        expect(String(reply.body.message)).toContain('Not enough GreenMiles');
      }
      expect(await ledgerRows(handle, stay.id)).toEqual(rowsBefore);
      const completion = await handle.db
        .selectFrom('action_completions')
        .select(['response', 'version', 'points'])
        .where('stay_id', '=', stay.id)
        .where('action_id', '=', action.actId)
        .executeTakeFirstOrThrow();
      expect(completion).toEqual({ response: 'YES', version: 1, points: action.actReward });
      expect(await expectConsistentBalance(app, handle, stay)).toBe(0);
    });

    it(`${RACERS} racing changes on one stay leave the balance equal to the last answer's points, within the night's changes`, async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'LUNICLEAN');
      const replies = await Promise.all(
        Array.from({ length: RACERS }, (_, i) => post(stay, action.actId, 'luniclean', { skipCleaning: i % 2 === 0 })),
      );
      // docs/behaviour.md#caps: beyond the night's changes, a racing change is refused and writes nothing.
      for (const reply of replies.filter((r) => r.status !== 200)) {
        expect(reply.status).toBe(429);
        expect(reply.body.error).toBe('too_many_answer_changes');
      }
      const moved = replies.reduce((sum, r) => sum + (r.status === 200 ? Number(r.body.greenMilesChange) : 0), 0);
      const completion = await handle.db
        .selectFrom('action_completions')
        .select(['points', 'version'])
        .where('stay_id', '=', stay.id)
        .where('action_id', '=', action.actId)
        .executeTakeFirstOrThrow();
      const balance = await expectConsistentBalance(app, handle, stay);
      expect(balance).toBe(completion.points);
      expect(moved).toBe(balance);
      expect((await ledgerRows(handle, stay.id)).length).toBeLessThanOrEqual(completion.version);
      expect(completion.version).toBeLessThanOrEqual(1 + MAX_ANSWER_CHANGES_PER_NIGHT);
    });

    it('many stays at once: each credited once', async () => {
      const { app, handle } = get();
      const stays = await Promise.all(Array.from({ length: 10 }, () => newStay(app, handle)));
      const action = await actionOfType(app, stays[0] as TestStay, 'YESNO');
      await Promise.all(
        stays.flatMap((stay) => Array.from({ length: 5 }, () => post(stay, action.actId, 'yesno', { response: true }))),
      );
      for (const stay of stays) expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });
  },
  // The racers are 50 submissions to one stay at once: the per-stay limit would answer most of them 429 before they race.
  { rateLimits: { submissionsPerStay: null } },
);
