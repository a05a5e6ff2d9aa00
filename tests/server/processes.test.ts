/**
 * The ledger's promises across server processes (docs/reliability.md#races-across-processes and #crashes): two real
 * server processes (`npm start`'s start-up, tests/support/api-server.ts) on one database — a SQLite file in WAL
 * mode, or PostgreSQL — take racing requests split between them; then one is killed with SIGKILL in the middle of a
 * write load and started again.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentReply } from '../../contract/content-editor.ts';
import type { Action, Reward } from '../../contract/schemas.ts';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { actionOfType, ledgerSum, newStay, type TestStay } from './actions-support.ts';
import {
  createTestDatabase,
  credit,
  DIALECTS,
  type Harness,
  SAMPLE_STAFF_PINS,
  TEST_FRONT_TOKEN,
  type TestDatabase,
} from './harness.ts';

const RACERS = 200;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function post(base: string, path: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe.each(DIALECTS)('two server processes on one %s database', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let harness: Harness;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    // An in-test app on the same database prepares the stays and reads them back, as a third client.
    app = await buildApp({ db: database.handle.db, kind: database.handle.kind, frontToken: TEST_FRONT_TOKEN });
    harness = { dialect, app, handle: database.handle, clock: { current: null } };
    // One after the other: the first start migrates and seeds, the second finds it done.
    servers = [await startServer(database.url), await startServer(database.url)];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await app.close();
    await database.drop();
  });

  /** Request `i` goes to one process or the other. */
  const baseOf = (i: number) => servers[i % servers.length]?.base ?? '';

  /** Every stay's balance equals the sum of its ledger rows and is never negative. */
  async function expectEveryBalanceConsistent() {
    const stays = await database.handle.db.selectFrom('stays').select(['id', 's_uuid', 'profile_uuid']).execute();
    for (const stay of stays) {
      const sum = await ledgerSum(database.handle, stay.id);
      expect(sum).toBeGreaterThanOrEqual(0);
      const shown = await app.inject({ url: `/api/stays/${stay.s_uuid}?uuid=${stay.profile_uuid}` });
      expect(shown.json().stay.greenMiles, `stay ${stay.id}`).toBe(sum);
    }
  }

  const submission = (stay: TestStay, action: Action, kind: string, answer: Record<string, unknown>) => (i: number) =>
    post(baseOf(i), `/api/actions/${action.actId}/${kind}`, { uuid: stay.profileUUID, sUUID: stay.sUUID, ...answer });

  it(`${RACERS} identical submissions split across both processes credit exactly once`, async () => {
    const stay = await newStay(app, database.handle);
    const action = await actionOfType(app, stay, 'YESNO');
    const send = submission(stay, action, 'yesno', { response: true });
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => send(i)));
    expect(statusCounts(answers)).toEqual({ 200: RACERS });
    expect(answers.filter((answer) => answer.body.greenMilesChange === action.actReward)).toHaveLength(1);
    const rows = await database.handle.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('stay_id', '=', stay.id)
      .where('action_id', '=', action.actId)
      .execute();
    expect(rows).toEqual([{ amount: action.actReward }]);
    await expectEveryBalanceConsistent();
  }, 60_000);

  it(`${RACERS} claims that together overspend: never below zero, each reward claimed at most once`, async () => {
    const stay = await newStay(app, database.handle);
    const rewards = (
      await app.inject({ url: `/api/stays/${stay.sUUID}/rewards?uuid=${stay.profileUUID}&lang=fr` })
    ).json() as Reward[];
    const claimable = rewards.filter((reward) => reward.rwCost > 0);
    const total = claimable.reduce((sum, reward) => sum + reward.rwCost, 0);
    const credited = Math.floor(total / 2);
    await credit(harness, stay.sUUID, credited);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => {
        const reward = claimable[i % claimable.length] as Reward;
        return post(baseOf(i), `/api/rewards/${reward.rwId}/claim`, { uuid: stay.profileUUID, sUUID: stay.sUUID });
      }),
    );
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const claims = await database.handle.db
      .selectFrom('reward_claims')
      .select('reward_id')
      .where('stay_id', '=', stay.id)
      .execute();
    const claimed = claims.map((claim) => claim.reward_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Every acknowledged claim is in the database, and only those.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(claimed.length);
    const spent = claimable.filter((reward) => claimed.includes(reward.rwId)).reduce((sum, r) => sum + r.rwCost, 0);
    expect(spent).toBeLessThanOrEqual(credited);
    expect(await ledgerSum(database.handle, stay.id)).toBe(credited - spent);
    await expectEveryBalanceConsistent();
  }, 60_000);

  it(`${RACERS} racing reversals of spent points are all refused`, async () => {
    const stay = await newStay(app, database.handle);
    const action = await actionOfType(app, stay, 'YESNO');
    const earned = await submission(stay, action, 'yesno', { response: true })(0);
    expect(earned.body.greenMilesChange).toBe(action.actReward);
    await credit(harness, stay.sUUID, -action.actReward);
    const send = submission(stay, action, 'yesno', { response: false });
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => send(i)));
    expect(statusCounts(answers)).toEqual({ 409: RACERS });
    expect(answers.every((answer) => answer.body.error === 'not_enough_greenmiles')).toBe(true);
    expect(await ledgerSum(database.handle, stay.id)).toBe(0);
    await expectEveryBalanceConsistent();
  }, 60_000);

  it('a content save on one process is what the other serves its guests next, without a restart', async () => {
    const [editor, guestSide] = servers;
    if (!editor || !guestSide) throw new Error('two processes');
    const session = await post(editor.base, '/api/staff/sessions', { hId: 1, pin: SAMPLE_STAFF_PINS[1] });
    const headers = {
      'content-type': 'application/json',
      'x-front-token': TEST_FRONT_TOKEN,
      authorization: `Bearer ${String(session.body.token)}`,
    };
    const stay = await post(guestSide.base, '/api/stays/hotel/1/new', {});
    const actionNames = async () => {
      const url = `${guestSide.base}/api/stays/${String(stay.body.sUUID)}/actions?lang=fr&uuid=${String(stay.body.profileUUID)}`;
      return ((await (await fetch(url)).json()) as Action[]).map((action) => action.aadName);
    };
    expect(await actionNames()).not.toContain('Geste renommé ailleurs');
    const opened = (await (
      await fetch(`${editor.base}/api/staff/hotels/1/content`, { headers })
    ).json()) as ContentReply;
    const actions = (opened.document.actions ?? []).map((action, index) =>
      index === 0
        ? {
            ...action,
            texts: { ...action.texts, fr: { ...action.texts.fr, name: 'Geste renommé ailleurs', description: 'x' } },
          }
        : action,
    );
    const saved = await fetch(`${editor.base}/api/staff/hotels/1/content`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ baseVersion: opened.version, document: { ...opened.document, actions } }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await actionNames()).toContain('Geste renommé ailleurs');
  });

  it('a process killed (SIGKILL) in the middle of a write load loses no acknowledged write', async () => {
    const stays = await Promise.all(Array.from({ length: 60 }, () => newStay(app, database.handle)));
    const action = await actionOfType(app, stays[0] as TestStay, 'YESNO');
    const victim = servers[0] as ServerProcess;
    const acknowledged: TestStay[] = [];
    let sent = 0;
    // Eight clients write to the victim one after the other; it is killed once a third of the stays are answered.
    const clients = Array.from({ length: 8 }, async () => {
      while (sent < stays.length) {
        const stay = stays[sent++] as TestStay;
        const answer = await post(victim.base, `/api/actions/${action.actId}/yesno`, {
          uuid: stay.profileUUID,
          sUUID: stay.sUUID,
          response: true,
        }).catch(() => null);
        if (answer?.status === 200) acknowledged.push(stay);
        if (acknowledged.length === 20 && victim.child.signalCode === null) victim.child.kill('SIGKILL');
      }
    });
    await Promise.all(clients);
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.length).toBeLessThan(stays.length);

    if (dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.handle.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
    for (const stay of acknowledged) expect(await ledgerSum(database.handle, stay.id)).toBe(action.actReward);
    await expectEveryBalanceConsistent();

    // Started again on the same port, it serves, and a write it had not answered can be sent again.
    const restarted = await startServer(database.url, Number(new URL(victim.base).port));
    servers[0] = restarted;
    const unanswered = stays.find((stay) => !acknowledged.includes(stay)) as TestStay;
    const retried = await post(restarted.base, `/api/actions/${action.actId}/yesno`, {
      uuid: unanswered.profileUUID,
      sUUID: unanswered.sUUID,
      response: true,
    });
    expect(retried.status).toBe(200);
    expect(await ledgerSum(database.handle, unanswered.id)).toBe(action.actReward);
  }, 90_000);
});
