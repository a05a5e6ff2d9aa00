/**
 * A flood of wrong staff PINs on a real server process (docs/reliability.md#hardening): 300 at once from one address
 * run at most the address's allowance of hashes, the rest are refused at once; the process keeps answering, and the
 * front desk, at another address, signs in during the flood. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { PIN_ATTEMPTS_PER_ADDRESS, PIN_WINDOW_MINUTES } from '../../server/domain/pin-attempts.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, DIALECTS, SAMPLE_STAFF_PINS, type TestDatabase } from './harness.ts';

const FLOOD = 300;
const ATTACKER = '203.0.113.9';
const DESK = '198.51.100.7';

describe.each(DIALECTS)('a flood of wrong staff PINs on a server process [%s]', (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    // The test is the proxy: its X-Forwarded-For is each request's client address.
    server = await startServer(database.url, undefined, { TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database.drop();
  });

  const openSession = (from: string, pin: string) =>
    fetch(`${server.base}/api/staff/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ hId: 1, pin }),
    });

  /**
   * The process counts attempts in real-time 15-minute windows: a flood that straddled two would get two allowances.
   * Near a window's end, the test starts in the next one.
   */
  async function awayFromWindowEnd() {
    const windowMs = PIN_WINDOW_MINUTES * 60 * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 45_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  it(`${FLOOD} concurrent wrong PINs from one address: ${PIN_ATTEMPTS_PER_ADDRESS} hashed (403), the rest 429 with Retry-After; health and the desk answered meanwhile`, async () => {
    await awayFromWindowEnd();
    const flood = Array.from({ length: FLOOD }, () =>
      openSession(ATTACKER, '000000').then((response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
      })),
    );
    // Bounded waits: the process answers during the flood (a hang fails the test, a slow answer does not).
    const health = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(15_000) });
    expect(health.status).toBe(200);
    const desk = await openSession(DESK, SAMPLE_STAFF_PINS[1] ?? '');
    expect(desk.status).toBe(201);
    const answers = await Promise.all(flood);
    const hashed = answers.filter((answer) => answer.status === 403);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(hashed).toHaveLength(PIN_ATTEMPTS_PER_ADDRESS);
    expect(refused).toHaveLength(FLOOD - PIN_ATTEMPTS_PER_ADDRESS);
    expect(refused.every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
    // The attempts the database counted for the address: the hashes that ran.
    const counted = await database.handle.db
      .selectFrom('cap_counters')
      .select('used')
      .where('cap', '=', 'staff-pin-attempts')
      .where('subject', '=', `address:${ATTACKER}`)
      .executeTakeFirstOrThrow();
    expect(counted.used).toBe(PIN_ATTEMPTS_PER_ADDRESS);
    // The desk's sign-in cost it nothing; the attacker stays refused, the right PIN too.
    expect((await openSession(DESK, SAMPLE_STAFF_PINS[1] ?? '')).status).toBe(201);
    expect((await openSession(ATTACKER, SAMPLE_STAFF_PINS[1] ?? '')).status).toBe(429);
  }, 90_000);
});
