/**
 * PostgreSQL stopped and started again under load (docs/reliability.md#database-restart): two real server processes
 * (`npm start`'s start-up, tests/support/api-server.ts) on one cluster, over TCP and over a Unix socket, while
 * clients create stays, read their actions list and answer a yes/no action yes then no, and while a submission of
 * each process waits inside its transaction for a row lock. PostgreSQL is stopped (`-m fast`: connections cut;
 * `-m immediate`: a crash) for 3 s and started again. The processes never exit, every call caught by the restart
 * answers 503 `database_unavailable` with Retry-After, both serve again by themselves, and no acknowledged point is
 * lost or doubled. Its own private cluster: the shared one stays up.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { TEST_FRONT_TOKEN } from './harness.ts';

/** The demo hotel: a stay is opened without a QR secret. */
const HOTEL = 2;
/** Clients opening stays and answering (spread over the two processes), and clients only reading. */
const WRITERS = 4;
const READERS = 2;
/** How long PostgreSQL stays down, as in the report of issue #24. */
const DOWN_MS = 3000;
/** A liveness bound, not a speed figure: each process must serve a write again within this after PostgreSQL is back. */
const BACK_WITHIN_MS = 5000;

interface Answer {
  /** When the call was sent, and when its answer came. */
  sentAt: number;
  at: number;
  server: number;
  call: string;
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

interface Stay {
  sUUID: string;
  profileUUID: string;
  /** The points the stay must hold: its acknowledged answers' sum. */
  expected: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['TCP', 'Unix socket'] as const)('PostgreSQL restarted under load, over %s', (transport) => {
  let cluster: PostgresCluster;
  let servers: ServerProcess[] = [];
  let admin: pg.Client;
  let reconnect: () => Promise<void>;
  const answers: Answer[] = [];

  beforeAll(async () => {
    cluster = startPostgresCluster({ maxConnections: 60, tcp: true });
    const url = transport === 'TCP' ? (cluster.tcpUrl ?? '') : cluster.url;
    // One after the other: the first start migrates and seeds, the second finds it done. Clients open stays faster
    // than one address may in production.
    for (let i = 0; i < 2; i += 1) servers.push(await startServer(url, undefined, { RATE_LIMIT_STAY_CREATIONS: '0' }));
    reconnect = async () => {
      admin = new pg.Client({ connectionString: cluster.url });
      // The test's own connection is cut by the restart too.
      admin.on('error', () => {});
      await admin.connect();
    };
    await reconnect();
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await admin?.end().catch(() => {});
    cluster?.stop();
    servers = [];
  });

  async function call(server: number, call: string, path: string, body?: Record<string, unknown>): Promise<Answer> {
    const sentAt = Date.now();
    const response = await fetch(`${servers[server]?.base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch(() => null);
    if (response === null) {
      // The process is gone (or cut the connection): status 0.
      const lost = { sentAt, at: Date.now(), server, call, status: 0, body: null, retryAfter: null };
      answers.push(lost);
      return lost;
    }
    const text = await response.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    const answer = {
      sentAt,
      at: Date.now(),
      server,
      call,
      status: response.status,
      body: parsed,
      retryAfter: response.headers.get('retry-after'),
    };
    answers.push(answer);
    return answer;
  }

  /** Sends the call again, as a client would, until it succeeds (bounded: a process that stopped serving fails). */
  async function untilDone(send: () => Promise<Answer>): Promise<Answer> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await send();
      if (answer.status === 200 || answer.status === 201) return answer;
      if (answer.status !== 503 || Date.now() > deadline) return answer;
      await pause(20);
    }
  }

  const openStay = async (server: number): Promise<Stay> => {
    const answer = await untilDone(() => call(server, 'write', `/api/stays/hotel/${HOTEL}/new`, {}));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { sUUID, profileUUID } = answer.body as { sUUID: string; profileUUID: string };
    return { sUUID, profileUUID, expected: 0 };
  };
  const readActionsOnce = (server: number, stay: Stay) =>
    call(server, 'read', `/api/stays/${stay.sUUID}/actions?uuid=${stay.profileUUID}&lang=fr`);
  const readActions = (server: number, stay: Stay) => untilDone(() => readActionsOnce(server, stay));
  const answerYesNo = (server: number, stay: Stay, actId: number, response: boolean) =>
    call(server, 'write', `/api/actions/${actId}/yesno`, { uuid: stay.profileUUID, sUUID: stay.sUUID, response });

  async function ledgerSum(stay: Stay): Promise<number> {
    const { rows } = await admin.query<{ total: string }>(
      'SELECT coalesce(sum(l.amount), 0)::text AS total FROM ledger_entries l JOIN stays s ON s.id = l.stay_id WHERE s.s_uuid = $1',
      [stay.sUUID],
    );
    return Number(rows[0]?.total);
  }

  it.each(['fast', 'immediate'] as const)(
    'pg_ctl stop -m %s for 3 s, with transactions open: 503 while it is away, back by itself, no point lost or doubled',
    async (mode) => {
      answers.length = 0;
      const first = await openStay(0);
      const actions = (await readActions(0, first)).body as unknown as Array<{
        actId: number;
        actType: string | null;
        actReward: number;
      }>;
      const yesNo = actions.find((action) => action.actType === 'YESNO');
      if (yesNo === undefined) throw new Error('the demo hotel has no YESNO action');
      const reward = yesNo.actReward;
      expect(reward).toBeGreaterThan(0);

      // Each writer: a new stay, its actions list, yes, the list again, no; every write sent again until it succeeds.
      // A list read is not retried, so every writer is sending writes while PostgreSQL is away.
      // Each reader: the first stay's actions list, and /healthz, again and again.
      const stays: Stay[] = [first];
      let running = true;
      const writers = Array.from({ length: WRITERS }, async (_, client): Promise<void> => {
        const server = client % servers.length;
        while (running) {
          const stay = await openStay(server);
          stays.push(stay);
          await readActionsOnce(server, stay);
          expect((await untilDone(() => answerYesNo(server, stay, yesNo.actId, true))).status).toBe(200);
          stay.expected = reward;
          await readActionsOnce(server, stay);
          expect((await untilDone(() => answerYesNo(server, stay, yesNo.actId, false))).status).toBe(200);
          stay.expected = 0;
        }
      });
      const readers = Array.from({ length: READERS }, async (_, client): Promise<void> => {
        const server = client % servers.length;
        while (running) {
          await call(server, 'read', `/api/stays/${first.sUUID}/actions?uuid=${first.profileUUID}&lang=fr`);
          await call(server, 'health', '/healthz');
          await pause(10);
        }
      });
      const clients = [...writers, ...readers].map((client) =>
        client.then(
          () => null,
          (error: unknown) => error,
        ),
      );

      await pause(500);
      // A transaction open in each process at the stop: its submission waits for the stay row the test locks.
      const held = await openStay(0);
      stays.push(held);
      await admin.query('BEGIN');
      await admin.query('SELECT id FROM stays WHERE s_uuid = $1 FOR UPDATE', [held.sUUID]);
      const heldAnswers = servers.map((_, server) => answerYesNo(server, held, yesNo.actId, true));
      for (let waited = 0; ; waited += 20) {
        const { rows } = await admin.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
        );
        if ((rows[0]?.waiting ?? 0) >= servers.length) break;
        if (waited > 10_000) throw new Error('the held submissions never waited for the lock');
        await pause(20);
      }

      cluster.pause(mode);
      const stoppedAt = Date.now();
      const heldOutcome = await Promise.all(heldAnswers);
      await pause(DOWN_MS);
      cluster.resume();
      const resumedAt = Date.now();
      await reconnect();
      // Each process serves a write again: the first stay opened on it after PostgreSQL is back.
      const backAfter = await Promise.all(
        servers.map(async (_, server) => {
          const deadline = resumedAt + 15_000;
          while (Date.now() < deadline) {
            const answer = await call(server, 'write', `/api/stays/hotel/${HOTEL}/new`, {});
            if (answer.status === 201) return answer.at - resumedAt;
            await pause(20);
          }
          return Number.POSITIVE_INFINITY;
        }),
      );
      // The held submissions, sent again, are credited once.
      for (const [server] of servers.entries())
        expect((await untilDone(() => answerYesNo(server, held, yesNo.actId, true))).status).toBe(200);
      held.expected = reward;
      await pause(500);
      running = false;
      expect(await Promise.all(clients)).toEqual(clients.map(() => null));

      for (const server of servers) {
        expect(server.child.exitCode, server.errors.join('')).toBeNull();
        expect(server.child.signalCode).toBeNull();
        expect(server.errors.join('')).not.toMatch(/Unhandled|Emitted 'error' event/);
      }
      for (const back of backAfter) expect(back).toBeLessThanOrEqual(BACK_WITHIN_MS);
      for (const answer of answers)
        expect([200, 201, 503], `${answer.call} ${JSON.stringify(answer.body)}`).toContain(answer.status);
      const refusals = answers.filter((answer) => answer.status === 503 && answer.call !== 'health');
      for (const refusal of refusals) {
        expect(refusal.body).toMatchObject({ error: 'database_unavailable' });
        expect(refusal.retryAfter).toBe('2');
      }
      for (const health of answers.filter((answer) => answer.call === 'health' && answer.status === 503))
        expect(health.body).toEqual({ status: 'error', reason: 'database_unreachable', db: 'unreachable' });
      // The submissions caught inside their transaction were refused, not left hanging nor half done.
      for (const answer of heldOutcome) expect(answer.body).toMatchObject({ error: 'database_unavailable' });
      // Sent once PostgreSQL had stopped, answered before it was back.
      const during = answers.filter((answer) => answer.sentAt > stoppedAt && answer.at < resumedAt);
      expect(during.filter((answer) => answer.call === 'read').length).toBeGreaterThan(10);
      expect(during.filter((answer) => answer.call === 'write').length).toBeGreaterThan(10);
      expect(during.some((answer) => answer.call === 'health')).toBe(true);
      expect(during.every((answer) => answer.status === 503)).toBe(true);
      for (const stay of stays) expect(await ledgerSum(stay), stay.sUUID).toBe(stay.expected);

      const count = (call: string) => answers.filter((answer) => answer.call === call).length;
      const calls = answers.length - count('health');
      console.info(
        `PostgreSQL restart over ${transport}, -m ${mode}: ${calls} calls (${count('read')} reads, ${count('write')} writes) and ${count('health')} /healthz on 2 processes, ${refusals.length} answered 503 database_unavailable, other 5xx: 0; ${stays.length} stays, every balance as acknowledged; each process served a write again ${backAfter.join(' and ')} ms after PostgreSQL was back`,
      );
    },
    90_000,
  );
});
