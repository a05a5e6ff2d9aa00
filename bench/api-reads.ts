/**
 * API reads: `GET /api/stays/:sUUID/actions` and `…/rewards` on a SQLite file against a bare Fastify route that
 * serves the very same bytes (body and content type), in the same run, on loopback, with autocannon in a process
 * of its own. The app logs as in production (LOG_LEVEL, default info) into /dev/null with synchronous writes, like
 * pino's stdout. Then the revalidation of an unchanged list (`If-None-Match` → 304).
 * Run: node bench/api-reads.ts [seconds] (default 10 per target); METRICS=1 keeps the Prometheus metrics as a server
 * with METRICS_PORT or METRICS_TOKEN does (docs/operations.md#metrics).
 *
 * Per endpoint it prints the app's and the bare route's req/s, their ratio, p50/p99 latency, the bytes of one
 * answer, and the server process's CPU time per request (less sensitive to other work on the machine than req/s).
 * At full load a p99 is mostly queueing behind the other connections, so the latency a guest meets is measured
 * again at a chain's peak rate (PEAK_RATE requests a second on average, arriving at random: bench/paced-load.ts), on
 * the app alone.
 */

import { execFile } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { seedSampleHotels } from '../server/content/seed.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrations.ts';
import { createMetrics } from '../server/metrics.ts';

const seconds = Math.min(60, Math.max(1, Number(process.argv[2] ?? 10)));
const connections = 50;
const WARM_UP_REQUESTS = 2000;
/** A hotel chain's busiest hour, in answers a second across its servers. */
const PEAK_RATE = 1000;
const file = join(tmpdir(), `greenmiles-bench-${process.pid}.db`);
const database = openDatabase(`sqlite:${file}`);
await migrateToLatest(database.db, database.kind);
await seedSampleHotels(database.db);

const devNull = openSync('/dev/null', 'w');
const app = await buildApp({
  db: database.db,
  kind: database.kind,
  frontToken: 'bench',
  logger: { level: process.env.LOG_LEVEL || 'info', stream: { write: (line: string) => writeSync(devNull, line) } },
  ...(process.env.METRICS === '1' ? { metrics: createMetrics({ listen: null, token: null }) } : {}),
});
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const created = await fetch(`${appUrl}/api/stays/hotel/1/new`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };

interface Endpoint {
  name: string;
  path: string;
  body: string;
  contentType: string;
  etag: string | null;
}

async function endpoint(name: string, list: 'actions' | 'rewards'): Promise<Endpoint> {
  const path = `/api/stays/${sUUID}/${list}?lang=fr&uuid=${profileUUID}`;
  const response = await fetch(`${appUrl}${path}`);
  const body = await response.text();
  if (response.status !== 200 || (JSON.parse(body) as unknown[]).length === 0)
    throw new Error(`${name} failed: ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
  return { name, path, body, contentType, etag: response.headers.get('etag') };
}
const endpoints = [
  await endpoint('GET /api/stays/:sUUID/actions', 'actions'),
  await endpoint('GET /api/stays/:sUUID/rewards', 'rewards'),
];

const bare = Fastify();
for (const { path, body, contentType } of endpoints)
  bare.get(path.split('?')[0] ?? path, (_request, reply) => reply.type(contentType).send(body));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number };
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface Run {
  reqPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  /** Answers with another status than `expected`, and connection errors. */
  failed: number;
}

async function warmUp(url: string) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await fetch(url).then((response) => response.arrayBuffer());
}

/** A load generator's command: autocannon at full load on `connections`, with its `options`. */
const autocannon = (url: string, options: string[] = []) => [
  autocannonCli,
  '--json',
  '-c',
  String(connections),
  '-d',
  String(seconds),
  ...options,
  url,
];
/** A load generator's command: requests arriving at random at `rate` a second on average (bench/paced-load.ts). */
const paced = (url: string, rate: number) => [
  fileURLToPath(new URL('paced-load.ts', import.meta.url)),
  url,
  String(rate),
  String(seconds),
];

/** The load generator runs in its own process, so it does not share the server's event loop. */
async function load(expected: number, generator: string[]): Promise<Run> {
  const cpuBefore = process.cpuUsage();
  const { stdout } = await promisify(execFile)(process.execPath, generator, { maxBuffer: 16 * 1024 * 1024 });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as AutocannonResult;
  return {
    reqPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, result.requests.sent)),
    failed: result.errors + result.requests.total - (result.statusCodeStats[expected]?.count ?? 0),
  };
}

console.log(
  `autocannon: ${connections} connections, ${seconds} s per target, loopback, SQLite file, LOG_LEVEL=${process.env.LOG_LEVEL || 'info'}`,
);
const rows: Record<string, string | number>[] = [];
for (const target of endpoints) {
  const bareTarget = `${bareUrl}${target.path}`;
  const appTarget = `${appUrl}${target.path}`;
  await warmUp(bareTarget);
  await warmUp(appTarget);
  const bareRun = await load(200, autocannon(bareTarget));
  const appRun = await load(200, autocannon(appTarget));
  const row = {
    endpoint: target.name,
    'app req/s': appRun.reqPerSecond,
    'bare req/s': bareRun.reqPerSecond,
    'ratio %': Math.round((100 * appRun.reqPerSecond) / Math.max(1, bareRun.reqPerSecond)),
    'app p50/p99 ms': `${appRun.p50}/${appRun.p99}`,
    'bare p50/p99 ms': `${bareRun.p50}/${bareRun.p99}`,
    'bytes/response': Buffer.byteLength(target.body),
    'CPU µs/req app/bare': `${appRun.cpuMicrosPerRequest}/${bareRun.cpuMicrosPerRequest}`,
    failed: appRun.failed + bareRun.failed,
  };
  console.log(JSON.stringify(row));
  rows.push(row);
  const peak = await load(200, paced(appTarget, PEAK_RATE));
  const atPeak = {
    endpoint: `${target.name} at ${PEAK_RATE} req/s`,
    'app req/s': peak.reqPerSecond,
    'app p50/p99 ms': `${peak.p50}/${peak.p99}`,
    'CPU µs/req app/bare': `${peak.cpuMicrosPerRequest}/-`,
    failed: peak.failed,
  };
  console.log(JSON.stringify(atPeak));
  rows.push(atPeak);
  if (target.etag !== null) {
    const revalidated = await load(304, autocannon(appTarget, ['-H', `if-none-match=${target.etag}`]));
    const notModified = {
      endpoint: `${target.name} with If-None-Match (304)`,
      'app req/s': revalidated.reqPerSecond,
      'app p50/p99 ms': `${revalidated.p50}/${revalidated.p99}`,
      'CPU µs/req app/bare': `${revalidated.cpuMicrosPerRequest}/-`,
      failed: revalidated.failed,
    };
    console.log(JSON.stringify(notModified));
    rows.push(notModified);
  }
}
console.table(rows);

await app.close();
await bare.close();
await database.close();
closeSync(devNull);
for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
