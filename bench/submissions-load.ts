/**
 * The load generator of bench/api-submissions.ts, in a process of its own so that it does not share the servers'
 * event loops (as bench/api-reads.ts runs the autocannon CLI): reads its plan as JSON on stdin, runs autocannon, writes
 * the result as JSON on stdout.
 *
 * Requests go round `staysAtATime` stays, answering yes on even rounds and no on odd ones, so every request changes
 * the answer and writes; after `answersPerStay` answers to each the rounds move on to the next stays. With several
 * servers (processes sharing one PostgreSQL database, as a load balancer would spread guests), the connections are
 * shared out among them and the latencies of all their answers make one distribution.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import { percentile } from './percentile.ts';

export interface LoadPlan {
  urls: string[];
  path: string;
  connections: number;
  seconds: number;
  staysAtATime: number;
  answersPerStay: number;
  stays: { sUUID: string; profileUUID: string }[];
}

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const plan = JSON.parse(await text(process.stdin)) as LoadPlan;
const groups = Math.floor(plan.stays.length / plan.staysAtATime);
let counter = 0;
const latencies: number[] = [];

function run(url: string, connections: number): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: plan.seconds,
        requests: [
          {
            method: 'POST',
            path: plan.path,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const n = counter++;
              const round = Math.floor(n / plan.staysAtATime);
              const group = Math.floor(round / plan.answersPerStay) % groups;
              const stay = plan.stays[group * plan.staysAtATime + (n % plan.staysAtATime)];
              if (stay === undefined) throw new Error('The plan has fewer stays than its groups');
              const body = { uuid: stay.profileUUID, sUUID: stay.sUUID, response: round % 2 === 0 };
              return { ...request, body: JSON.stringify(body) };
            },
          },
        ],
      },
      (error: Error | null, result) => (error ? reject(error) : resolveRun(result)),
    );
    // As autocannon's own figures: the latencies of 2xx answers only.
    instance.on('response', (_client, status, _bytes, milliseconds) => {
      if (status >= 200 && status < 300) latencies.push(milliseconds);
    });
  });
}

const results = await Promise.all(
  plan.urls.map((url, index) =>
    run(url, Math.floor(plan.connections / plan.urls.length) + (index < plan.connections % plan.urls.length ? 1 : 0)),
  ),
);
const sorted = latencies.sort((a, b) => a - b);
const result: LoadResult = {
  requests: {
    average: results.reduce((sum, one) => sum + one.requests.average, 0),
    total: results.reduce((sum, one) => sum + one.requests.total, 0),
  },
  latency: { p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)) },
  non2xx: results.reduce((sum, one) => sum + one.non2xx, 0),
  errors: results.reduce((sum, one) => sum + one.errors, 0),
};
process.stdout.write(JSON.stringify(result));
