/**
 * API throughput and latency of the actions list (the heaviest guest read) against a bare Fastify route,
 * on loopback, with autocannon in a process of its own. Run: node bench/api-actions.ts [seconds] (default 10 per target).
 */

import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { seedSampleHotels } from '../server/content/seed.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrations.ts';

const seconds = Math.min(60, Math.max(1, Number(process.argv[2] ?? 10)));
const connections = 50;
const file = join(tmpdir(), `greenmiles-bench-${process.pid}.db`);
const database = openDatabase(`sqlite:${file}`);
await migrateToLatest(database.db, database.kind);
await seedSampleHotels(database.db);

const app = await buildApp({ db: database.db, kind: database.kind, frontToken: 'bench' });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const created = await fetch(`${appUrl}/api/stays/hotel/1/new`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };
const actionsUrl = `${appUrl}/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`;
const check = await fetch(actionsUrl);
const actions = (await check.json()) as unknown[];
if (check.status !== 200 || actions.length === 0) throw new Error(`actions call failed: ${check.status}`);

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/** The load generator runs in its own process, so it does not share the server's event loop. */
async function run(title: string, url: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as AutocannonResult;
  const line = {
    target: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(JSON.stringify(line));
  return line;
}

console.log(
  `autocannon: ${connections} connections, ${seconds} s per target, loopback; ${actions.length} actions in the list`,
);
const bareResult = await run('bare Fastify route', `${bareUrl}/bare`);
const apiResult = await run('GET /api/stays/:sUUID/actions (SQLite)', actionsUrl);
console.log(
  `ratio actions/bare: throughput ${(apiResult['req/s'] / bareResult['req/s']).toFixed(2)}, p99 ${(apiResult['p99 ms'] / Math.max(1, bareResult['p99 ms'])).toFixed(1)}x`,
);

await app.close();
await bare.close();
await database.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
