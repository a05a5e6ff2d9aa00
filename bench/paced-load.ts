/**
 * An open-loop load generator, in a process of its own: GET requests at a steady average rate with random (Poisson)
 * arrivals, as independent guests make them, each on a free keep-alive connection. A request's latency counts from
 * the moment it was due, so a server that falls behind shows in the figure instead of slowing the sender down.
 * autocannon's `--overallRate` is not that: each connection sends its share of a second back to back at the top of
 * every second, a burst at full load. The first second warms the connections and both processes' code up and is not
 * counted.
 * Run: node bench/paced-load.ts <url> <requests per second> <seconds>; prints, as JSON on stdout, the fields of
 * autocannon's `--json` result that bench/api-reads.ts reads (`sent` counts the warm-up's requests too).
 */
import http from 'node:http';
import { percentile } from './percentile.ts';

const [urlArgument, rateArgument, secondsArgument] = process.argv.slice(2);
const rate = Number(rateArgument);
const seconds = Number(secondsArgument);
if (urlArgument === undefined || !(rate > 0) || !(seconds > 0))
  throw new Error('Usage: node bench/paced-load.ts <url> <requests per second> <seconds>');
const url: string = urlArgument;

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const latencies: number[] = [];
const statusCodeStats: Record<string, { count: number }> = {};
let errors = 0;
let inFlight = 0;
let sent = 0;
let sending = true;

const WARM_UP_MS = 1000;
const start = performance.now();
const measuredFrom = start + WARM_UP_MS;
const end = measuredFrom + seconds * 1000;

function send(dueAt: number): void {
  inFlight += 1;
  sent += 1;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0 && !sending) report();
  };
  http
    .get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (dueAt >= measuredFrom) {
          latencies.push(performance.now() - dueAt);
          const status = String(response.statusCode);
          statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + 1 };
        }
        settle();
      });
    })
    .on('error', () => {
      if (dueAt >= measuredFrom) errors += 1;
      settle();
    });
}

/** The time to the next arrival of a Poisson process of `rate` a second, in ms. */
const nextGap = () => (-Math.log(1 - Math.random()) * 1000) / rate;

let due = start + nextGap();
function sendDue(): void {
  const now = performance.now();
  for (; due <= now && due < end; due += nextGap()) send(due);
  if (due < end) setTimeout(sendDue, Math.max(0, due - performance.now()));
  else {
    sending = false;
    if (inFlight === 0) report();
  }
}
sendDue();

/** A latency percentile to a tenth of a millisecond. */
const tenthOf = (sorted: number[], share: number) => Math.round(percentile(sorted, share) * 10) / 10;

function report(): void {
  const sorted = latencies.toSorted((a, b) => a - b);
  const total = latencies.length;
  process.stdout.write(
    JSON.stringify({
      requests: { average: total / seconds, total, sent },
      latency: { p50: tenthOf(sorted, 0.5), p99: tenthOf(sorted, 0.99) },
      errors,
      statusCodeStats,
    }),
  );
  agent.destroy();
}
