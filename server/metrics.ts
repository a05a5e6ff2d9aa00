/**
 * Prometheus metrics (docs/operations.md#metrics), one registry per app: request durations by route pattern and
 * status, error answers by code, the PostgreSQL pool, ledger writes, mail sends, daily report runs, and the process's
 * own (prom-client's default metrics). They are served only where the operator chose: on a listener of their own
 * (METRICS_PORT, METRICS_HOST) and/or at /metrics of the app's port behind a bearer token (METRICS_TOKEN); the token,
 * when set, is asked on both.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES } from '../contract/errors.ts';
import type { PoolUse } from './db/postgres.ts';
import type { MetricsRecorder } from './metrics-recorder.ts';

/** Where the metrics are served (METRICS_PORT, METRICS_HOST, METRICS_TOKEN in docs/server.md). */
export interface MetricsConfig {
  /** A listener of their own; null: none. */
  listen: { port: number; host: string } | null;
  /** The bearer token a scrape must carry; with it /metrics is also served on the app's port. */
  token: string | null;
}

export const DEFAULT_METRICS_HOST = '127.0.0.1';

/** The label of a request no route matched (a 404): its path is not a route pattern and would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The label of an error answer whose body carries no code of contract/errors.ts. */
export const OTHER_ERROR = 'other';

/** From a cached read (about 1 ms) to a meal photo read by a vision model (seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const KNOWN_ERROR_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export interface AppMetrics extends MetricsRecorder {
  readonly config: MetricsConfig;
  readonly registry: Registry;
  /** A request answered: its method, route pattern (UNMATCHED_ROUTE when none), status and duration. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** An answer of status 400 or more, by the `error` code of its body. */
  errorAnswer(code: string, status: number): void;
  /** Reads the PostgreSQL pool at each scrape. */
  watchPool(read: () => PoolUse): void;
}

export function createMetrics(config: MetricsConfig): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'greenmiles_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: 'greenmiles_http_errors_total',
    help: 'Answers of status 400 or more, by the error code of their body and status code',
    labelNames: ['code', 'status_code'] as const,
    registers,
  });
  const ledgerEntries = new Counter({
    name: 'greenmiles_ledger_entries_total',
    help: 'Ledger entries committed: earned (an action), reversed (a changed answer), spent (a reward claim)',
    labelNames: ['kind'] as const,
    registers,
  });
  const ledgerPoints = new Counter({
    name: 'greenmiles_ledger_points_total',
    help: 'GreenMiles moved by the ledger entries committed, by kind (always counted positive)',
    labelNames: ['kind'] as const,
    registers,
  });
  const mails = new Counter({
    name: 'greenmiles_mail_sends_total',
    help: 'E-mails (reward e-mails and daily reports) accepted by the SMTP server (sent) or not (failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const reportRuns = new Counter({
    name: 'greenmiles_report_runs_total',
    help: 'Passes of the daily report scheduler (one a minute): completed, or failed before going through the hotels',
    labelNames: ['outcome'] as const,
    registers,
  });
  const lastReportRun = new Gauge({
    name: 'greenmiles_report_last_run_timestamp_seconds',
    help: 'When the daily report scheduler last completed a pass (Unix time)',
    registers,
  });
  const dailyReports = new Counter({
    name: 'greenmiles_daily_reports_total',
    help: 'Daily reports the scheduler tried to send: sent, already_claimed (by another process) or failed',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every series an alert reads exists from the start, at 0.
  for (const kind of ['earned', 'reversed', 'spent'] as const) {
    ledgerEntries.inc({ kind }, 0);
    ledgerPoints.inc({ kind }, 0);
  }
  for (const outcome of ['sent', 'failed'] as const) mails.inc({ outcome }, 0);
  for (const outcome of ['completed', 'failed'] as const) reportRuns.inc({ outcome }, 0);
  for (const outcome of ['sent', 'already_claimed', 'failed'] as const) dailyReports.inc({ outcome }, 0);

  return {
    config,
    registry,
    request(method, route, status, seconds) {
      requests.observe({ method, route, status_code: status }, seconds);
    },
    errorAnswer(code, status) {
      errors.inc({ code: KNOWN_ERROR_CODES.has(code) ? code : OTHER_ERROR, status_code: status });
    },
    ledgerWrite(kind, points) {
      ledgerEntries.inc({ kind });
      ledgerPoints.inc({ kind }, points);
    },
    mail(outcome) {
      mails.inc({ outcome });
    },
    reportRun(outcome) {
      reportRuns.inc({ outcome });
      if (outcome === 'completed') lastReportRun.setToCurrentTime();
    },
    dailyReport(outcome) {
      dailyReports.inc({ outcome });
    },
    watchPool(read) {
      poolMetrics(registers, read);
    },
  };
}

/** The pool's gauges and counters, read from the pool at each scrape. */
function poolMetrics(registers: Registry[], read: () => PoolUse): void {
  const gauge = (name: string, help: string, value: (use: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value(read()));
      },
    });
  const counter = (name: string, help: string, value: (use: PoolUse) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value(read()));
      },
    });
  gauge('greenmiles_db_pool_size', 'The most connections the PostgreSQL pool opens', (use) => use.size);
  gauge('greenmiles_db_pool_open_connections', 'PostgreSQL connections open, idle or in use', (use) => use.open);
  gauge('greenmiles_db_pool_idle_connections', 'PostgreSQL connections open and idle', (use) => use.idle);
  gauge('greenmiles_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection', (use) => use.waiting);
  counter(
    'greenmiles_db_pool_acquisitions_total',
    'PostgreSQL connections handed out by the pool',
    (use) => use.acquisitions,
  );
  counter(
    'greenmiles_db_pool_acquire_seconds_total',
    'Seconds spent waiting for a PostgreSQL connection, all waits together (timed-out ones included)',
    (use) => use.acquireSeconds,
  );
}

/** The error code of an error answer's JSON body (`{ "error": code, … }`), else OTHER_ERROR. */
export function errorCodeInBody(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string')
      return parsed.error;
  } catch {
    // Not JSON: a page or a file.
  }
  return OTHER_ERROR;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the Authorization header carries the token; compared in constant time. */
function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/** The metrics listener could not open its port: the start stops with this one line. */
export class MetricsPortError extends Error {}

const UNAUTHORIZED = { error: 'unauthorized', message: 'GET /metrics needs the metrics token (Authorization: Bearer)' };

/**
 * Records every request and error answer of the app, serves /metrics on its port when a token is set, and opens the
 * metrics listener (when configured) as the app gets ready, so a port that cannot be used stops the start.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, poolUse?: () => PoolUse): void {
  if (poolUse) metrics.watchPool(poolUse);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string')
      metrics.errorAnswer(errorCodeInBody(payload), reply.statusCode);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { token, listen } = metrics.config;
  if (token !== null)
    app.get('/metrics', async (request, reply) => {
      if (!authorized(request.headers.authorization, token))
        return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });

  if (listen !== null) {
    const server = createServer((request, response) => void serveScrape(metrics, request, response));
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        const refused = (error: Error) =>
          reject(
            new MetricsPortError(`METRICS_PORT ${listen.port} on ${listen.host} cannot be used: ${error.message}`),
          );
        server.once('error', refused);
        server.listen(listen.port, listen.host, () => {
          server.off('error', refused);
          resolve();
        });
      });
      const { address, port } = server.address() as AddressInfo;
      app.log.info({ address, port }, 'metrics listening');
    });
    app.addHook('onClose', (_app, done) => {
      if (server.listening) server.close(() => done());
      else done();
    });
  }
}

/** The metrics listener: GET /metrics, nothing else. */
async function serveScrape(metrics: AppMetrics, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const json = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
  const path = request.url?.split('?')[0];
  if (path !== '/metrics') return json(404, { error: 'not_found', message: `${request.method} ${path} not found` });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json(405, { error: 'method_not_allowed', message: 'GET /metrics' });
  if (!authorized(request.headers.authorization, metrics.config.token)) {
    response.setHeader('www-authenticate', 'Bearer');
    return json(401, UNAUTHORIZED);
  }
  try {
    const text = await metrics.registry.metrics();
    response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
  } catch {
    json(500, { error: 'internal_error', message: 'The metrics could not be collected' });
  }
}
