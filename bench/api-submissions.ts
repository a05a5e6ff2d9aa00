/**
 * Write throughput of action submissions: `POST /api/actions/:actId/yesno` over 2 000 distinct stays,
 * on a temp SQLite file and on a private PostgreSQL cluster, then the double-submit check.
 * Run: node bench/api-submissions.ts [seconds] [processes] (default 10 s per database, loopback only, and 2 server
 * processes on PostgreSQL); METRICS=1 keeps the Prometheus metrics as a server with METRICS_TOKEN does
 * (docs/operations.md#metrics).
 *
 * The servers are `npm start`'s own processes (bench/serve.ts): one on the SQLite file, which allows one process, and
 * on PostgreSQL as many as asked, sharing the database as a site's processes behind a load balancer do (compose.yaml
 * runs two); the load generator shares its connections out among them.
 *
 * Requests go round 2000 stays at a time, answering yes on even rounds and no on odd ones, so every request
 * changes the answer and writes (a credit or a debit): the figures are for real ledger writes, not
 * no-op repeats. A stay may change its answer only MAX_ANSWER_CHANGES_PER_NIGHT times a night
 * (docs/behaviour.md#caps), so after that many changes the next round moves to 2000 fresh stays. Afterwards each stay's ledger must hold exactly one row per accepted request and its
 * balance the points of its last answer. The double-submit check then sends 20 identical yes at once
 * to each of 100 fresh stays and counts the credits.
 *
 * The load generator (bench/submissions-load.ts) runs in a process of its own, as bench/api-reads.ts's does, so it does
 * not share the servers' event loops; the servers' CPU time per answer written is printed too (it compares across runs on a
 * loaded machine better than requests per second do).
 *
 * PostgreSQL runs as a hotel runs it (fsync on, over TCP). Beside the app, in the same run, pgbench runs the statements
 * of one answer on the same database (bench/pgbench.ts) with as many clients as the servers' pools hold, and the bench
 * prints the app's answers per second as a share of pgbench's transactions per second, with the statements the app
 * ran per answer (pg_stat_statements). PostgreSQL runs twice: with every process sharing every CPU, then with the
 * database on half the CPUs and everything else on the other half (`taskset`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedSampleHotels } from '../server/content/seed.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrations.ts';
import { POOL_SIZE } from '../server/db/postgres.ts';
import { MAX_ANSWER_CHANGES_PER_NIGHT } from '../server/domain/caps.ts';
import { postgresBinDir, startPostgresCluster } from '../tests/support/postgres-cluster.ts';
import { pgbench, statementsPerAnswer } from './pgbench.ts';
import { type StartedServer, startServer } from './serve.ts';
import type { LoadPlan, LoadResult } from './submissions-load.ts';

/** The PostgreSQL major version the test cluster runs (from its binaries' directory, else the PG_BIN_DIR given). */
function postgresVersion(): string {
  return /postgresql\/(\d+)\//.exec(postgresBinDir())?.[1] ?? `(${postgresBinDir()})`;
}

const seconds = Math.min(60, Math.max(1, Number(process.argv[2] ?? 10)));
/** Server processes sharing the PostgreSQL database. */
const postgresProcesses = Number(process.argv[3] ?? 2);
if (!Number.isInteger(postgresProcesses) || postgresProcesses < 1 || postgresProcesses > 8)
  throw new Error('Usage: node bench/api-submissions.ts [seconds] [processes on PostgreSQL, 1 to 8]');
const connections = 50;
/** Longer than any answer takes under the load (its p99 is well under a second). */
const SETTLE_MS = 2000;
const STAYS = 2000;
/** The answers one stay gives before the round moves on to fresh stays: its first and every change allowed. */
const ANSWERS_PER_STAY = 1 + MAX_ANSWER_CHANGES_PER_NIGHT;
/** Enough stays for 15 000 submissions/s, well beyond this machine. */
const STAY_GROUPS = Math.ceil((15_000 * seconds) / (STAYS * ANSWERS_PER_STAY));
const DOUBLE_STAYS = 100;
const DOUBLE_COPIES = 20;
const HOTEL = 1;

interface BenchStay {
  id: number;
  sUUID: string;
  profileUUID: string;
}

async function createStays(handle: DatabaseHandle, count: number): Promise<BenchStay[]> {
  const created: BenchStay[] = [];
  const stamp = new Date().toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, () => ({
      s_uuid: randomUUID(),
      profile_uuid: randomUUID(),
      hotel_id: HOTEL,
      room_id: null,
      status: 'active',
      end_date: null,
      // Bench stays must not end by themselves mid-run (docs/behaviour.md#stay-limits).
      ends_by: '2999-12-31',
      first_name: null,
      last_name: null,
      created_at: stamp,
      finished_at: null,
    }));
    await handle.db.insertInto('stays').values(rows).execute();
    const ids = await handle.db
      .selectFrom('stays')
      .select(['id', 's_uuid', 'profile_uuid'])
      .where(
        's_uuid',
        'in',
        rows.map((r) => r.s_uuid),
      )
      .execute();
    for (const row of ids) created.push({ id: row.id, sUUID: row.s_uuid, profileUUID: row.profile_uuid });
  }
  return created;
}

async function ledgerOf(handle: DatabaseHandle, stayIds: number[]) {
  const result = new Map<number, { rows: number; sum: number }>();
  for (let start = 0; start < stayIds.length; start += 500) {
    const rows = await handle.db
      .selectFrom('ledger_entries')
      .select(['stay_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('stay_id', 'in', stayIds.slice(start, start + 500))
      .groupBy('stay_id')
      .execute();
    for (const row of rows) result.set(row.stay_id, { rows: Number(row.n), sum: Number(row.total) });
  }
  return result;
}

/** Runs bench/submissions-load.ts in a process of its own: the load generator does not share the server's event loop. */
function load(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('submissions-load.ts', import.meta.url))], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    // 'close', not 'exit': the output is read to its end by then.
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}`));
      try {
        resolvePromise(JSON.parse(output) as LoadResult);
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(JSON.stringify(plan));
  });
}

/** Work around the app's load run: PostgreSQL's statement counts and pgbench beside it. */
interface BesideTheApp {
  beforeLoad: () => Promise<void>;
  /** Runs once the load run is checked (pgbench writes to the same stays). */
  afterLoad: (stays: BenchStay[], actionId: number) => Promise<void>;
}

/** /proc counts CPU time in clock ticks, 100 a second on Linux. */
const MICROS_PER_TICK = 10_000;

/** The CPU time a process has used so far, in µs: /proc's user and system clock ticks. */
function cpuOf(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's name, which may hold spaces and parentheses: the state is field 3, so utime (field 14)
  // and stime (15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * MICROS_PER_TICK, system: Number(fields[12]) * MICROS_PER_TICK };
}

/**
 * The CPU time every CPU of the machine has been busy so far, in µs (/proc/stat's first line):
 * the servers, the load generator and the database together, so an answer's whole cost compares with a pgbench
 * transaction's.
 */
function machineCpu(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * MICROS_PER_TICK;
}

function cpuOfAll(servers: StartedServer[]): { user: number; system: number } {
  return servers
    .map((server) => cpuOf(server.pid))
    .reduce((sum, one) => ({ user: sum.user + one.user, system: sum.system + one.system }));
}

/** The database at `databaseUrl`, opened by the bench as `handle`, served by `processes` servers. */
async function benchDatabase(
  label: string,
  handle: DatabaseHandle,
  databaseUrl: string,
  processes: number,
  beside?: BesideTheApp,
) {
  await migrateToLatest(handle.db, handle.kind);
  await seedSampleHotels(handle.db);
  const servers: StartedServer[] = [];
  try {
    for (let started = 0; started < processes; started += 1)
      servers.push(
        await startServer({
          databaseUrl,
          env: { SEED_SAMPLES: '0', ...(process.env.METRICS === '1' ? { METRICS_TOKEN: 'bench' } : {}) },
        }),
      );
    const urls = servers.map((server) => server.baseUrl);
    const action = await handle.db
      .selectFrom('actions')
      .select(['id', 'reward'])
      .where('hotel_id', '=', HOTEL)
      .where('type', '=', 'YESNO')
      .where('positive_response', '=', 'YES')
      .executeTakeFirstOrThrow();
    const stays = await createStays(handle, STAYS * STAY_GROUPS);
    const path = `/api/actions/${action.id}/yesno`;
    await beside?.beforeLoad();
    const cpuBefore = cpuOfAll(servers);
    const machineBefore = machineCpu();
    const result = await load({
      urls,
      path,
      connections,
      seconds,
      staysAtATime: STAYS,
      answersPerStay: ANSWERS_PER_STAY,
      stays,
    });
    // The requests in flight when the load stops are still answered: their CPU counts, so they count as answers too.
    await setTimeout(SETTLE_MS);
    const cpuAfter = cpuOfAll(servers);
    const machine = machineCpu() - machineBefore;
    const cpu = { user: cpuAfter.user - cpuBefore.user, system: cpuAfter.system - cpuBefore.system };

    // Every accepted request changed the answer: one ledger row per answer version, and the balance is
    // the points of the last answer. (autocannon prepares a few requests it never sends when time is up,
    // so the server's own completion rows, not the client's counter, say what the last answer was.)
    // One statement per chunk: one snapshot of completions and ledger together.
    const state = new Map<number, { version: number; response: string | null; rows: number; sum: number }>();
    for (let start = 0; start < stays.length; start += 500) {
      const chunk = await handle.db
        .selectFrom('stays as s')
        .leftJoin('action_completions as c', (join) =>
          join.onRef('c.stay_id', '=', 's.id').on('c.action_id', '=', action.id),
        )
        .select((eb) => [
          's.id',
          'c.version',
          'c.response',
          eb
            .selectFrom('ledger_entries as l')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('l.stay_id', '=', 's.id')
            .as('rows'),
          eb
            .selectFrom('ledger_entries as l')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('l.amount'), e.lit(0)).as('t'))
            .whereRef('l.stay_id', '=', 's.id')
            .as('sum'),
        ])
        .where(
          's.id',
          'in',
          stays.slice(start, start + 500).map((x) => x.id),
        )
        .execute();
      for (const row of chunk) {
        state.set(row.id, {
          version: Number(row.version ?? 0),
          response: row.response ?? null,
          rows: Number(row.rows ?? 0),
          sum: Number(row.sum ?? 0),
        });
      }
    }
    let rows = 0;
    let mismatched = 0;
    let expectedPoints = 0;
    let appliedPoints = 0;
    for (const stay of stays) {
      const entry = state.get(stay.id) ?? { version: 0, response: null, rows: 0, sum: 0 };
      const expected = entry.response === 'YES' ? action.reward : 0;
      rows += entry.rows;
      expectedPoints += expected;
      appliedPoints += entry.sum;
      if (entry.sum !== expected || entry.sum < 0 || entry.rows !== entry.version) mismatched += 1;
    }
    // Every answer the servers wrote is a ledger row.
    const perAnswer = (micros: number) => Math.round(micros / Math.max(1, rows));
    console.log(
      JSON.stringify({
        database: label,
        'server processes': processes,
        'submissions/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        'server CPU µs/answer': perAnswer(cpu.user + cpu.system),
        // The kernel's share: on PostgreSQL each statement's round trip is a socket write and read.
        'of which system µs': perAnswer(cpu.system),
        'machine CPU µs/answer': perAnswer(machine),
      }),
    );
    console.log(
      JSON.stringify({
        database: label,
        check: 'load run',
        'answers completed': result.requests.total,
        'ledger rows': rows,
        'points expected (last answers)': expectedPoints,
        'points applied (ledger sum)': appliedPoints,
        'stays off': mismatched,
      }),
    );

    await beside?.afterLoad(stays, action.id);

    // Double submit: 20 identical yes at once per fresh stay, shared out among the servers, 10 stays (200 requests) in
    // flight at a time.
    const fresh = await createStays(handle, DOUBLE_STAYS);
    let ok = 0;
    for (let start = 0; start < fresh.length; start += 10) {
      const replies = await Promise.all(
        fresh.slice(start, start + 10).flatMap((stay) =>
          Array.from({ length: DOUBLE_COPIES }, (_, copy) =>
            fetch(`${urls[copy % urls.length]}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID, response: true }),
            }).then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            }),
          ),
        ),
      );
      ok += replies.filter((s) => s === 200).length;
    }
    const doubleLedger = await ledgerOf(
      handle,
      fresh.map((s) => s.id),
    );
    const credits = [...doubleLedger.values()].reduce((n, e) => n + e.rows, 0);
    console.log(
      JSON.stringify({
        database: label,
        check: 'double submit',
        requests: DOUBLE_STAYS * DOUBLE_COPIES,
        '200 answers': ok,
        'credits expected': DOUBLE_STAYS,
        'credits applied': credits,
      }),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

console.log(
  `POST /api/actions/:actId/yesno — autocannon ${connections} connections, ${seconds} s per database, ${STAYS} stays at a time, loopback`,
);

const file = join(tmpdir(), `greenmiles-bench-submissions-${process.pid}.db`);
const sqlite = openDatabase(`sqlite:${file}`);
try {
  await benchDatabase('SQLite (file, WAL, synchronous=NORMAL)', sqlite, `sqlite:${file}`, 1);
} finally {
  await sqlite.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Where the PostgreSQL run's processes run. Sharing every CPU, as `compose.yaml` runs them on one host, the app's run
 * and pgbench's give the database different shares of the machine: pgbench's client takes little of it, the servers
 * and the load generator most of a CPU, and each round trip's wake-up of a backend takes a CPU from a server. The
 * second layout gives the database half the CPUs in both runs and shows what the app costs without that contention;
 * its ratio is bounded by the app's half, so it depends on the split.
 */
interface Layout {
  name: string;
  /** `taskset` lists; none: every process shares every CPU. */
  cpus?: { database: string; app: string; all: string };
}

/** The CPUs this process may run on (a container's or a `taskset` caller's, not necessarily 0…n−1). */
function allowedCpus(): number[] {
  const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  return list.split(',').flatMap((range) => {
    const [from = Number.NaN, to = from] = range.split('-').map(Number);
    return Number.isInteger(from) && Number.isInteger(to)
      ? Array.from({ length: to - from + 1 }, (_, index) => from + index)
      : [];
  });
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function layouts(): Layout[] {
  const cpus = allowedCpus();
  const shared = { name: `sharing all ${cpus.length} CPUs` };
  if (cpus.length < 2) return [shared];
  if (!hasTaskset()) {
    console.error('taskset (util-linux) is missing: PostgreSQL runs on shared CPUs only');
    return [shared];
  }
  // An even split: on an odd count one CPU stays idle.
  const perSide = Math.floor(cpus.length / 2);
  const database = cpus.slice(0, perSide).join(',');
  const app = cpus.slice(-perSide).join(',');
  return [
    shared,
    {
      name: `database on CPU ${database}, servers, load and pgbench on CPU ${app}`,
      cpus: { database, app, all: cpus.join(',') },
    },
  ];
}

/** This process's threads, and every process it starts from then on, run on `cpus` only. */
function runOn(cpus: string) {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The PostgreSQL run: as a hotel runs it, fsync on, over TCP. */
async function benchPostgres(layout: Layout) {
  // The servers, the load generator and pgbench start from this process.
  if (layout.cpus) runOn(layout.cpus.app);
  // Room for the servers' pools, pgbench's clients as many, the bench's own pool and its statements' client.
  const cluster = startPostgresCluster({
    maxConnections: 2 * POOL_SIZE * postgresProcesses + POOL_SIZE + 10,
    tcp: true,
    durable: true,
    preload: ['pg_stat_statements'],
    cpus: layout.cpus?.database,
  });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE greenmiles_bench');
    await admin.end();
    const url = new URL(cluster.tcpUrl ?? cluster.url);
    url.pathname = '/greenmiles_bench';
    const postgres = openDatabase(url.toString());
    const statements = new pg.Client({ connectionString: url.toString() });
    await statements.connect();
    await statements.query('CREATE EXTENSION pg_stat_statements');
    try {
      const label = `PostgreSQL ${postgresVersion()} (TCP, fsync on, pool ${POOL_SIZE} per process), ${layout.name}`;
      await benchDatabase(label, postgres, url.toString(), postgresProcesses, {
        beforeLoad: async () => {
          await statements.query('select pg_stat_statements_reset()');
        },
        afterLoad: async (stays, actionId) => {
          const { answers, perAnswer } = await statementsPerAnswer(statements);
          console.log(JSON.stringify({ database: label, 'statements per answer': perAnswer }));
          const ids = stays.map((stay) => stay.id);
          const clients = POOL_SIZE * postgresProcesses;
          const machineBefore = machineCpu();
          const alone = await pgbench(url.toString(), {
            clients,
            seconds,
            variables: { first_stay: Math.min(...ids), last_stay: Math.max(...ids), action: actionId, hotel: HOTEL },
          });
          const machine = machineCpu() - machineBefore;
          const app = answers / seconds;
          console.log(
            JSON.stringify({
              database: `pgbench, bench/submission.pgbench.sql, ${clients} clients, ${layout.name}`,
              ...alone,
              'machine CPU µs/transaction': Math.round(machine / Math.max(1, alone.transactions)),
              'app / pgbench': `${Math.round((app / alone['transactions/s']) * 100)} %`,
            }),
          );
        },
      });
    } finally {
      await statements.end();
      await postgres.close();
    }
  } finally {
    cluster.stop();
    if (layout.cpus) runOn(layout.cpus.all);
  }
}

for (const layout of layouts()) await benchPostgres(layout);
