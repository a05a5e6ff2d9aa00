/**
 * The load generator of bench/api-submissions.ts, in a process of its own so that it does not share the server's
 * event loop (as bench/api-reads.ts runs the autocannon CLI): reads its plan as JSON on stdin, runs autocannon, writes
 * the result as JSON on stdout.
 *
 * Requests go round `staysAtATime` stays, answering yes on even rounds and no on odd ones, so every request changes
 * the answer and writes; after `answersPerStay` answers to each the rounds move on to the next stays.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

export interface LoadPlan {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  staysAtATime: number;
  answersPerStay: number;
  stays: { sUUID: string; profileUUID: string }[];
}

const plan = JSON.parse(await text(process.stdin)) as LoadPlan;
const groups = Math.floor(plan.stays.length / plan.staysAtATime);
let counter = 0;
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
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
});
process.stdout.write(JSON.stringify(result));
