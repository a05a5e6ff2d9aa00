/**
 * Prometheus metrics (docs/operations.md#metrics) on both databases: each family moves when its event happens (a
 * request by its route pattern, an error answer by its code, a committed ledger write, a mail sent and one refused by
 * the test SMTP server, a daily report pass, the PostgreSQL pool), every scrape parses as Prometheus text, and
 * /metrics is refused without the token or without configuration. The metrics port of a real `node server/main.ts`
 * is tests/server/metrics-process.test.ts's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createStore } from '../../server/db/store.ts';
import { appendEntryIn } from '../../server/domain/ledger.ts';
import { type AppMetrics, createMetrics, OTHER_ERROR, UNMATCHED_ROUTE } from '../../server/metrics.ts';
import { parsePrometheusText, type Samples, sampleValue } from '../support/prometheus-text.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { actionOfType, newStay, submit } from './actions-support.ts';
import {
  appSharing,
  createTestDatabase,
  describeEachDialect,
  rewardIdOf,
  stayWith,
  TEST_FRONT_TOKEN,
} from './harness.ts';

const TOKEN = 'scrape-token';

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());

/** GET /metrics on the app's port with the token, parsed (it throws on a line that is not Prometheus text). */
async function scrape(app: FastifyInstance): Promise<Samples> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(response.body);
}

describeEachDialect('metrics', (get, dialect) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function metricsApp(options: Parameters<typeof appSharing>[1] = {}) {
    const metrics = createMetrics({ listen: null, token: TOKEN });
    const app = await appSharing(get(), { metrics, ...options });
    apps.push(app);
    return { app, metrics };
  }

  it('times requests by method, route pattern (never the raw URL) and status; a request no route matched is "unmatched"', async () => {
    const { app } = await metricsApp();
    const stay = await newStay(app, get().handle);
    await app.inject({ url: `/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${stay.profileUUID}` });
    await app.inject({ url: `/api/no-such-thing/${stay.sUUID}` });
    const samples = await scrape(app);
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'greenmiles_http_request_duration_seconds_count', labels);
    expect(count({ method: 'POST', route: '/api/stays/hotel/:hId/new', status_code: '201' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/stays/:sUUID/actions', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' })).toBe(1);
    const buckets = samples.filter((s) => s.name === 'greenmiles_http_request_duration_seconds_bucket');
    expect(buckets.length).toBeGreaterThan(0);
    expect(JSON.stringify(samples)).not.toContain(stay.sUUID);
    expect(JSON.stringify(samples)).not.toContain(stay.profileUUID);
  });

  it('counts error answers by the code of their body and their status', async () => {
    const { app } = await metricsApp();
    const stay = await newStay(app, get().handle);
    const claim = (rewardId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/rewards/${rewardId}/claim`,
        payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
      });
    // A new stay has no points: the claim is refused by the ledger (409).
    const refused = await claim(await rewardIdOf(get().handle, 1, 'coffee-code'));
    expect(refused.json().error).toBe('not_enough_greenmiles');
    expect((await claim(999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/rewards/1/claim', payload: { uuid: 7 } })).statusCode).toBe(
      400,
    );
    const samples = await scrape(app);
    const errors = (code: string, status: string) =>
      sampleValue(samples, 'greenmiles_http_errors_total', { code, status_code: status });
    expect(errors('not_enough_greenmiles', '409')).toBe(1);
    expect(errors('not_found', '404')).toBe(1);
    expect(errors('bad_request', '400')).toBe(1);
    expect(errors(OTHER_ERROR, '400')).toBeUndefined();
  });

  it('counts the ledger writes a transaction commits: points earned, reversed by a changed answer, spent on a reward', async () => {
    const h = get();
    const { app } = await metricsApp();
    const stay = await newStay(app, h.handle);
    const yesNo = await actionOfType(app, stay, 'YESNO');
    expect((await submit(app, stay, yesNo.actId, 'yesno', { response: true })).statusCode).toBe(200);
    expect((await submit(app, stay, yesNo.actId, 'yesno', { response: false })).statusCode).toBe(200);
    const rich = await stayWith(h, 100);
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const claimed = await app.inject({
      method: 'POST',
      url: `/api/rewards/${coffee}/claim`,
      payload: { uuid: rich.profileUUID, sUUID: rich.sUUID },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const cost = await h.handle.db
      .selectFrom('rewards')
      .select('cost')
      .where('id', '=', coffee)
      .executeTakeFirstOrThrow();

    const samples = await scrape(app);
    const entries = (kind: string) => sampleValue(samples, 'greenmiles_ledger_entries_total', { kind });
    const points = (kind: string) => sampleValue(samples, 'greenmiles_ledger_points_total', { kind });
    expect([entries('earned'), entries('reversed'), entries('spent')]).toEqual([1, 1, 1]);
    expect([points('earned'), points('reversed'), points('spent')]).toEqual([
      yesNo.actReward,
      yesNo.actReward,
      cost.cost,
    ]);
  });

  it('counts no ledger write of a transaction that rolls back', async () => {
    const h = get();
    const metrics = createMetrics({ listen: null, token: null });
    const store = createStore(h.handle.db, h.handle.kind, { metrics });
    const stay = await newStay(h.app, h.handle);
    const entry = { stayId: stay.id, amount: 5, reason: 'action' };
    await store.write((tx) => appendEntryIn(tx, { ...entry, idempotencyKey: `metrics-kept:${stay.id}` }, new Date()));
    await expect(
      store.write(async (tx) => {
        await appendEntryIn(tx, { ...entry, idempotencyKey: `metrics-rolled-back:${stay.id}` }, new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const samples = parsePrometheusText(await metrics.registry.metrics());
    expect(sampleValue(samples, 'greenmiles_ledger_entries_total', { kind: 'earned' })).toBe(1);
    expect(sampleValue(samples, 'greenmiles_ledger_points_total', { kind: 'earned' })).toBe(5);
  });

  it('counts a reward e-mail accepted by the SMTP server as sent and one it refuses as failed', async () => {
    const h = get();
    const { app } = await metricsApp({ smtpUrl: smtp.url });
    const stay = await stayWith(h, 100);
    const gift = await rewardIdOf(h.handle, 1, 'local-gift');
    const claimed = await app.inject({
      method: 'POST',
      url: `/api/rewards/${gift}/claim`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const email = (to: string) =>
      app.inject({
        method: 'POST',
        url: `/api/rewards/${gift}/email`,
        payload: { sUUID: stay.sUUID, uuid: stay.profileUUID, email: to, lang: 'en' },
      });
    expect((await email('sent@example.org')).statusCode).toBe(200);
    smtp.refuse = true;
    const refused = await email('refused@example.org').finally(() => {
      smtp.refuse = false;
    });
    expect(refused.json().error).toBe('mail_send_failed');
    const samples = await scrape(app);
    expect(sampleValue(samples, 'greenmiles_mail_sends_total', { outcome: 'sent' })).toBe(1);
    expect(sampleValue(samples, 'greenmiles_mail_sends_total', { outcome: 'failed' })).toBe(1);
    const status = String(refused.statusCode);
    expect(
      sampleValue(samples, 'greenmiles_http_errors_total', { code: 'mail_send_failed', status_code: status }),
    ).toBe(1);
  });

  it('counts the daily report passes, their reports sent or failed, and stamps the last pass', async () => {
    const h = get();
    // Each app ticks once when ready; closing it waits for the tick.
    const pass = async (day: string) => {
      h.clock.current = new Date(`${day}T12:00:00Z`);
      const { app, metrics } = await metricsApp({ smtpUrl: smtp.url, dailyReports: true });
      await app.ready();
      await app.close();
      return parsePrometheusText(await metrics.registry.metrics());
    };
    const started = Date.now() / 1000;
    smtp.refuse = true;
    let failing: Samples;
    try {
      failing = await pass('2026-03-10');
    } finally {
      smtp.refuse = false;
    }
    const sending = await pass('2026-03-11');
    h.clock.current = null;
    const hotels = (await h.handle.db.selectFrom('hotels').select('id').where('report_email', 'is not', null).execute())
      .length;
    expect(hotels).toBeGreaterThan(0);
    for (const samples of [failing, sending]) {
      expect(sampleValue(samples, 'greenmiles_report_runs_total', { outcome: 'completed' })).toBe(1);
      expect(sampleValue(samples, 'greenmiles_report_runs_total', { outcome: 'failed' })).toBe(0);
      expect(sampleValue(samples, 'greenmiles_report_last_run_timestamp_seconds', {})).toBeGreaterThanOrEqual(
        Math.floor(started),
      );
    }
    expect(sampleValue(failing, 'greenmiles_daily_reports_total', { outcome: 'failed' })).toBe(hotels);
    expect(sampleValue(failing, 'greenmiles_mail_sends_total', { outcome: 'failed' })).toBe(hotels);
    expect(sampleValue(sending, 'greenmiles_daily_reports_total', { outcome: 'sent' })).toBe(hotels);
    expect(sampleValue(sending, 'greenmiles_mail_sends_total', { outcome: 'sent' })).toBe(hotels);
  });

  it(
    dialect === 'postgres'
      ? 'reports the PostgreSQL pool: its size, open, idle and waiting connections, acquisitions and their wait'
      : 'reports no pool on SQLite (one connection in the process)',
    async () => {
      const { app } = await metricsApp();
      await newStay(app, get().handle);
      const samples = await scrape(app);
      const pool = (name: string) => sampleValue(samples, `greenmiles_db_pool_${name}`, {});
      if (dialect === 'sqlite') {
        expect(samples.some((s) => s.name.startsWith('greenmiles_db_pool_'))).toBe(false);
        return;
      }
      expect(pool('size')).toBe(10);
      expect(pool('open_connections')).toBeGreaterThan(0);
      expect(pool('idle_connections')).toBeLessThanOrEqual(pool('open_connections') ?? 0);
      expect(pool('waiting_requests')).toBe(0);
      expect(pool('acquisitions_total')).toBeGreaterThan(0);
      expect(pool('acquire_seconds_total')).toBeGreaterThan(0);
    },
  );

  it('serves /metrics on the app port only with the token: 401 without it or with another', async () => {
    const { app } = await metricsApp();
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json().error).toBe('unauthorized');
      expect(response.body).not.toContain('# TYPE');
    }
    const samples = await scrape(app);
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('has no /metrics on the app port without a token: without metrics, or with only a metrics port', async () => {
    const withoutMetrics = await appSharing(get());
    apps.push(withoutMetrics);
    const portOnly = await appSharing(get(), { metrics: createMetrics({ listen: null, token: null }) });
    apps.push(portOnly);
    for (const app of [withoutMetrics, portOnly]) {
      const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });
});

describe('the metrics listener', () => {
  it('stops the app getting ready when its port is taken, saying which', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const database = await createTestDatabase('sqlite');
    try {
      const app = await buildApp({
        db: database.handle.db,
        kind: database.handle.kind,
        frontToken: TEST_FRONT_TOKEN,
        metrics: createMetrics({ listen: { port, host: '127.0.0.1' }, token: null }),
      });
      await expect(app.ready()).rejects.toThrow(`METRICS_PORT ${port} on 127.0.0.1 cannot be used: listen EADDRINUSE`);
      await app.close();
    } finally {
      taken.close();
      await database.drop();
    }
  });
});

describe('one registry per app', () => {
  it('keeps two apps’ metrics apart', async () => {
    const first: AppMetrics = createMetrics({ listen: null, token: null });
    const second: AppMetrics = createMetrics({ listen: null, token: null });
    first.ledgerWrite('earned', 3);
    const read = async (metrics: AppMetrics) =>
      sampleValue(parsePrometheusText(await metrics.registry.metrics()), 'greenmiles_ledger_points_total', {
        kind: 'earned',
      });
    expect(await read(first)).toBe(3);
    expect(await read(second)).toBe(0);
  });
});

describe('Prometheus text check', () => {
  const typed = (sample: string) => `# HELP a_metric A metric.\n# TYPE a_metric gauge\n${sample}\n`;
  it('reads samples of declared families, NaN and Inf included', () => {
    expect(parsePrometheusText(typed('a_metric{x="1",y="a \\"b\\""} 2.5'))).toEqual([
      { name: 'a_metric', labels: { x: '1', y: 'a "b"' }, value: 2.5 },
    ]);
    expect(parsePrometheusText(typed('a_metric Nan'))[0]?.value).toBeNaN();
    expect(parsePrometheusText(typed('a_metric +Inf'))[0]?.value).toBe(Infinity);
  });

  it('refuses lines that are not Prometheus text', () => {
    for (const bad of ['a metric 1', 'a_metric{x=1} 2', 'a_metric', 'a_metric{x="1"} one', 'other_metric 1'])
      expect(() => parsePrometheusText(typed(bad)), bad).toThrow();
    expect(() => parsePrometheusText('# TYPE a_metric gauge extra\n')).toThrow();
    expect(() => parsePrometheusText('# TYPE a_metric kind\n')).toThrow();
  });
});
