/**
 * A flood of wrong staff PINs on a real server process (docs/reliability.md#hardening): 300 at once from one address
 * run at most the address's allowance of hashes, the rest are refused at once; the process keeps answering, and the
 * front desk, at another address, signs in during the flood. A guess at one account spread over many addresses puts
 * that account alone under attack: one try per address, while its person and a colleague sign in. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleHotels } from '../../server/content/seed.ts';
import {
  PIN_ATTEMPTS_PER_ADDRESS,
  PIN_FAILURES_PER_ACCOUNT,
  PIN_WINDOW_MINUTES,
} from '../../server/domain/pin-attempts.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, DIALECTS, SAMPLE_STAFF, SAMPLE_STAFF_PINS, type TestDatabase } from './harness.ts';

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

  const openSession = (from: string, pin: string, name?: string) =>
    fetch(`${server.base}/api/staff/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ hId: 1, pin, name }),
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

  const SPREAD = 40;
  it(`a guess at one account from ${SPREAD} addresses at once: one try each once it is under attack; its person and a colleague sign in meanwhile`, async () => {
    await awayFromWindowEnd();
    const [manager, colleague] = SAMPLE_STAFF[1] ?? [];
    if (!manager || !colleague) throw new Error('the sample hotel has a manager and a front desk');
    const statuses = (requests: Promise<Response>[]) =>
      Promise.all(requests.map((request) => request.then((response) => response.status)));
    const addresses = PIN_FAILURES_PER_ACCOUNT / PIN_ATTEMPTS_PER_ADDRESS;
    // The first addresses spend their whole allowance on the name: it is under attack.
    const opening = await statuses(
      Array.from({ length: addresses * PIN_ATTEMPTS_PER_ADDRESS }, (_, i) =>
        openSession(`192.0.2.${1 + (i % addresses)}`, '000000', manager.name),
      ),
    );
    expect(opening.filter((status) => status === 403)).toHaveLength(PIN_FAILURES_PER_ACCOUNT);
    // Then many more addresses, three guesses each, all at once.
    const spread = statuses(
      Array.from({ length: SPREAD * 3 }, (_, i) =>
        openSession(`198.18.${Math.floor(i / 3)}.1`, '000000', manager.name.toLowerCase()),
      ),
    );
    const person = await openSession('198.51.100.20', manager.pin, manager.name);
    const colleagueWrong = await statuses([0, 1].map(() => openSession('198.51.100.21', '000000', colleague.name)));
    const colleagueRight = await openSession('198.51.100.21', colleague.pin, colleague.name);
    const answers = await spread;
    expect(answers.filter((status) => status === 403)).toHaveLength(SPREAD);
    expect(answers.filter((status) => status === 429)).toHaveLength(SPREAD * 2);
    expect(person.status).toBe(201);
    // The colleague is not under attack: a mistyped PIN is an ordinary attempt.
    expect(colleagueWrong).toEqual([403, 403]);
    expect(colleagueRight.status).toBe(201);
    // An address of the spread has had its try on the name, the right PIN too; not on another name.
    expect((await openSession('198.18.0.1', manager.pin, manager.name)).status).toBe(429);
    expect((await openSession('198.18.0.1', colleague.pin, colleague.name)).status).toBe(201);
  }, 120_000);
});
