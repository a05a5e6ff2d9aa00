/**
 * The database alone, beside the app: PostgreSQL's own `pgbench` runs bench/submission.pgbench.sql — the statements
 * one yes/no answer runs, in one transaction — on the app's database, with as many clients as the app's pool has
 * connections. The app's answers per second divided by pgbench's transactions per second is a ratio that survives a
 * noisy machine better than either figure alone.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { postgresBinDir } from '../tests/support/postgres-cluster.ts';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('submission.pgbench.sql', import.meta.url));

export interface PgbenchResult {
  'transactions/s': number;
  'average latency ms': number;
  transactions: number;
  failed: number;
}

/** Runs the script for `seconds` on the database `url` (over TCP, as the app connects), `-M prepared` like the app. */
export async function pgbench(
  url: string,
  options: { clients: number; seconds: number; variables: Record<string, number> },
): Promise<PgbenchResult> {
  const parsed = new URL(url);
  const defines = Object.entries(options.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
  const { stdout } = await run(
    join(postgresBinDir(), 'pgbench'),
    [
      ...['-h', parsed.hostname, '-p', parsed.port, '-U', decodeURIComponent(parsed.username)],
      ...['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds)],
      ...['-f', SCRIPT, ...defines, parsed.pathname.slice(1)],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const figure = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
  return {
    'transactions/s': Math.round(figure(/tps = ([\d.]+) \(without initial connection time\)/)),
    'average latency ms': figure(/latency average = ([\d.]+) ms/),
    transactions: figure(/number of transactions actually processed: (\d+)/),
    failed: figure(/number of failed transactions: (\d+)/) || 0,
  };
}

/**
 * The statements the app ran per answer, from `pg_stat_statements` (reset before the load): each statement's calls
 * divided by the answers the app accepted (the rows of its answer log), BEGIN and COMMIT aside. Printed beside
 * pgbench's figure, so a script that no longer matches the app's statements shows.
 */
export async function statementsPerAnswer(
  client: pg.Client,
): Promise<{ answers: number; perAnswer: Record<string, number> }> {
  const {
    rows: [logged],
  } = await client.query<{ answers: string }>('select count(*) as answers from action_answers');
  const answers = Number(logged?.answers ?? 0);
  const { rows } = await client.query<{ query: string; calls: string }>(
    `select query, calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and calls >= $1
      order by calls desc`,
    [Math.ceil(answers / 10)],
  );
  const perAnswer = Object.fromEntries(
    rows.map((row) => [
      row.query.replace(/\s+/g, ' ').slice(0, 80),
      Math.round((Number(row.calls) / answers) * 100) / 100,
    ]),
  );
  return { answers, perAnswer };
}
