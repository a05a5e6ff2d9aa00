/**
 * PostgreSQL stopped and started again under load (docs/server.md#database-unavailable): the server process never
 * crashes, answers 503 `database_unavailable` (JSON) while the database is away and says so on /healthz, and serves
 * again by itself within 5 s of the database coming back. Its own private cluster: the shared one stays up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { TEST_FRONT_TOKEN } from './harness.ts';

interface Answer {
  at: number;
  path: string;
  status: number;
  body: Record<string, unknown> | null;
}

describe('PostgreSQL restarted under load', () => {
  let cluster: PostgresCluster;
  let server: ServerProcess;
  beforeAll(async () => {
    cluster = startPostgresCluster({ maxConnections: 50 });
    server = await startServer(cluster.url);
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    cluster.stop();
  });

  it('503 JSON while it is away, /healthz says so, and back within 5 s; the process never exits', async () => {
    const created = await fetch(`${server.base}/api/stays/hotel/2/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };

    const answers: Answer[] = [];
    let running = true;
    const ask = async (path: string): Promise<Answer> => {
      const response = await fetch(`${server.base}${path}`);
      const text = await response.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = null;
      }
      return { at: Date.now(), path, status: response.status, body };
    };
    const paths = [
      `/api/stays/${sUUID}?uuid=${profileUUID}`,
      `/api/stays/${sUUID}/actions?uuid=${profileUUID}&lang=fr`,
      '/healthz',
    ];
    // Four clients, each asking again as soon as it is answered.
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = client; running; i += 1) {
        answers.push(await ask(paths[i % paths.length] ?? '/healthz'));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 500));
    cluster.pause();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    cluster.resume();
    const resumedAt = Date.now();
    // Back: the first stay read answered 200 after the restart.
    let backAt = 0;
    while (Date.now() - resumedAt < 10_000) {
      const answer = await ask(paths[0] ?? '');
      if (answer.status === 200) {
        backAt = answer.at;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    await Promise.all(clients);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(backAt - resumedAt).toBeLessThanOrEqual(5000);
    const during = answers.filter((answer) => answer.at > stoppedAt + 200 && answer.at < resumedAt);
    expect(during.length).toBeGreaterThan(10);
    for (const answer of answers)
      expect([200, 503], `${answer.path} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    const refusals = answers.filter((answer) => answer.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      if (refusal.path === '/healthz') expect(refusal.body).toEqual({ status: 'error', db: 'unreachable' });
      else expect(refusal.body).toMatchObject({ error: 'database_unavailable' });
    }
    expect(during.some((answer) => answer.path === '/healthz' && answer.status === 503)).toBe(true);
    console.info(
      `PostgreSQL restart: ${answers.length} requests, ${refusals.length} answered 503 while it was away, 5xx other than 503: 0, back ${backAt - resumedAt} ms after it restarted`,
    );
  }, 60_000);
});
