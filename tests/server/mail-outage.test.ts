/**
 * An SMTP server that accepts connections and then says nothing (down behind a proxy, overloaded): a reward e-mail
 * fails within the mailer's time-out (server/mail/mailer.ts SMTP_TIMEOUTS) with 503 `mail_send_failed`, and the
 * guest's other calls are answered meanwhile (docs/reliability.md#smtp-outage).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { SMTP_TIMEOUTS } from '../../server/mail/mailer.ts';
import {
  createTestDatabase,
  credit,
  type Harness,
  newHotelStay,
  rewardIdOf,
  TEST_FRONT_TOKEN,
  type TestDatabase,
} from './harness.ts';

describe('a silent SMTP server', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as { port: number };
    database = await createTestDatabase('sqlite');
    await seedSampleHotels(database.handle.db);
    app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await app.close();
    await database.drop();
  });

  it('fails the e-mail within the greeting time-out, and the other calls are served meanwhile', async () => {
    const harness: Harness = { dialect: 'sqlite', app, handle: database.handle, clock: { current: null } };
    const stay = await newHotelStay(app, 1);
    await credit(harness, stay.sUUID, 100);
    const rwId = await rewardIdOf(database.handle, 1, 'coffee-code');
    const identity = { sUUID: stay.sUUID, uuid: stay.profileUUID };
    const claimed = await app.inject({ method: 'POST', url: `/api/rewards/${rwId}/claim`, payload: identity });
    expect(claimed.statusCode).toBe(200);

    const started = Date.now();
    const mail = fetch(`${base}/api/rewards/${rwId}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...identity, email: 'guest@example.org', lang: 'fr' }),
    }).then(async (response) => ({ status: response.status, body: await response.json(), at: Date.now() }));

    // While the e-mail waits on the SMTP server, reads are answered at once, over and over.
    const readTimes: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const asked = Date.now();
      const read = await fetch(`${base}/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}`);
      expect(read.status).toBe(200);
      readTimes.push(Date.now() - asked);
    }
    const answered = await mail;
    expect(answered.status).toBe(503);
    expect(answered.body).toMatchObject({ error: 'mail_send_failed' });
    const waited = answered.at - started;
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 3000);
    expect(Math.max(...readTimes)).toBeLessThan(1000);
    console.info(
      `silent SMTP: the e-mail failed after ${waited} ms; 20 reads meanwhile, slowest ${Math.max(...readTimes)} ms`,
    );
  }, 30_000);
});
