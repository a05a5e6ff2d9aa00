/**
 * Request bodies and slow senders on real server processes (docs/reliability.md#hardening): a JSON body nested deeper
 * than MAX_JSON_DEPTH is refused before it is parsed, so a flood of them leaves the event loop free; sockets that
 * trickle their headers or body, or send nothing, are closed by the server; a guest's meal photo still goes through.
 * On SQLite only: none of it reaches the database.
 */
import { connect, type Socket } from 'node:net';
import { encode } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REQUEST_TIMEOUTS } from '../../server/app.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { holdsNulCharacter, jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/json-body.ts';
import { listApiRoutes } from '../support/api-routes.ts';
import { type ServerProcess, startServer, stopServer } from '../support/server-process.ts';
import { createTestDatabase, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

/** The request time limit of the slow-sender process (its header limit follows it down). */
const SHORT_REQUEST_TIMEOUT_MS = 3_000;
/** Node checks its time limits every second (server/app.ts). */
const CLOSE_MARGIN_MS = 10_000;

const json = { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN };

async function newStay(base: string): Promise<{ sUUID: string; profileUUID: string }> {
  const response = await fetch(`${base}/api/stays/hotel/1/new`, { method: 'POST', headers: json, body: '{}' });
  expect(response.status).toBe(201);
  return (await response.json()) as { sUUID: string; profileUUID: string };
}

async function mealActionId(base: string, stay: { sUUID: string; profileUUID: string }): Promise<number> {
  const response = await fetch(`${base}/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${stay.profileUUID}`);
  const actions = (await response.json()) as Array<{ actId: number; actType: string }>;
  const meal = actions.find((action) => action.actType === 'LIMEAT');
  if (!meal) throw new Error('no LIMEAT action in the seed');
  return meal.actId;
}

/** Today at the sample hotel (Europe/Paris), the end date a meal photo may carry. */
function hotelToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/**
 * A raw socket that sends `head` at once, then `trickle` one byte every 2 s, and never ends; `closed` resolves, when
 * the server closes it, with the status line it got.
 */
function slowSender(port: number, head: string, trickle: string): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<string>((resolve) => {
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (head) socket.write(head);
      if (trickle) timer = setInterval(() => socket.write(trickle.charAt(sent++ % trickle.length)), 2_000);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer.split('\r\n')[0] ?? '');
    });
  });
  return { socket, closed };
}

describe('the JSON shape scan', () => {
  it('counts brackets and commas outside strings only, escaped quotes and backslashes included', () => {
    expect(jsonShapeProblem('{"a":"[[[[\\\\"}', 2, 10)).toBeNull();
    expect(jsonShapeProblem('{"a":"\\"[[[,,,,"}', 2, 3)).toBeNull();
    expect(jsonShapeProblem('[[["\\\\"]]]', 2, 10)).toBe('too_deep');
    expect(jsonShapeProblem('{"a":"x\\"","b":[[[', 2, 10)).toBe('too_deep');
    expect(jsonShapeProblem('[[],[],[]]', 2, 10)).toBeNull();
    expect(jsonShapeProblem('[[],[],[]]', 2, 5)).toBe('too_many_values');
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3}', 2, 2)).toBe('too_many_values');
    // Unterminated: left to the parser, which refuses it.
    expect(jsonShapeProblem('{"a":"\\"[[[[', 2, 10)).toBeNull();
  });

  it('finds a NUL character by its escape, unless the backslash before it is itself escaped', () => {
    const nul = (text: string) => holdsNulCharacter(JSON.stringify({ a: text }));
    expect(nul('\u0000')).toBe(true);
    expect(nul('x\\\u0000')).toBe(true);
    expect(nul('\\u0000')).toBe(false);
    expect(nul('\\\\u0000')).toBe(false);
    expect(nul('u0000 \u0001')).toBe(false);
    expect(holdsNulCharacter('\\u0000')).toBe(true);
  });
});

describe('request limits on a real server process', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startServer(database.url);
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database.drop();
  });

  it('no schema comes near the limits: the deepest and the largest body any call accepts', async () => {
    type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
    const depthOf = (schema: Schema | undefined): number => {
      if (!schema) return 0;
      const inner = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])];
      const own = schema.type === 'object' || schema.type === 'array' ? 1 : 0;
      return own + Math.max(0, ...inner.map(depthOf), ...(schema.anyOf ?? []).map((s) => depthOf(s) - own));
    };
    // An array has no bound on its values: a body schema with one fails here, to be given its own limit.
    const valuesOf = (schema: Schema | undefined): number =>
      !schema
        ? 0
        : schema.type === 'array'
          ? Number.POSITIVE_INFINITY
          : Math.max(
              Object.values(schema.properties ?? {}).reduce((sum, property) => sum + 1 + valuesOf(property), 0),
              ...(schema.anyOf ?? []).map(valuesOf),
            );
    const bodies = (await listApiRoutes()).map((route) => route.body as Schema | undefined);
    const deepest = Math.max(...bodies.map(depthOf));
    const largest = Math.max(...bodies.map(valuesOf));
    expect(deepest).toBeGreaterThan(0);
    expect(deepest * 4).toBeLessThanOrEqual(MAX_JSON_DEPTH);
    expect(largest).toBeGreaterThan(5);
    expect(largest * 10).toBeLessThanOrEqual(MAX_JSON_VALUES);
  });

  it('20 meal bodies of 1 MB nested 500,000 deep at once, then 20 as wide: each 400 before any other check; /healthz answers meanwhile', async () => {
    const depth = 500_000;
    const stay = await newStay(server.base);
    const actId = await mealActionId(server.base, stay);
    // A body valid in every other way: without the scan, the nesting (an unknown field) would be parsed and dropped.
    const body = `{"uuid":"${stay.profileUUID}","sUUID":"${stay.sUUID}","endDate":null,"photoData":"x","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(body.length).toBeGreaterThan(1_000_000);
    const floods = Array.from({ length: 20 }, () =>
      fetch(`${server.base}/api/actions/${actId}/limeat`, { method: 'POST', headers: json, body }).then(
        async (response) => ({ status: response.status, answer: (await response.json()) as { message: string } }),
      ),
    );
    const health = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
    for (const { status, answer } of await Promise.all(floods)) {
      expect(status).toBe(400);
      expect(answer.message).toBe(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    // As wide as it is deep: 333,000 empty arrays, refused at the 1,001st value.
    const wide = `{"uuid":"${stay.profileUUID}","sUUID":"${stay.sUUID}","endDate":null,"photoData":"x","wide":[${'[],'.repeat(333_000)}[]]}`;
    const wideAnswers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.base}/api/actions/${actId}/limeat`, { method: 'POST', headers: json, body: wide }),
      ),
    );
    for (const response of wideAnswers) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        `The JSON body holds more than ${MAX_JSON_VALUES} values`,
      );
    }
    // Brackets inside strings are text, not nesting.
    const inString = await fetch(`${server.base}/api/stays/hotel/1/new`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ profileUUID: stay.profileUUID, lang: '['.repeat(100) }),
    });
    expect(((await inString.json()) as { message: string }).message).not.toContain('nested');
  });

  it("a guest's meal photo near the largest taken (640 × 960, 450 KB of JPEG as base64 in JSON) is still scored", async () => {
    const stay = await newStay(server.base);
    const actId = await mealActionId(server.base, stay);
    const data = Buffer.alloc(640 * 960 * 4);
    for (let i = 0; i < data.length; i += 1) data[i] = (i * 37) % 251;
    const photoData = encode({ width: 640, height: 960, data }, 50).data.toString('base64');
    expect(photoData.length).toBeGreaterThan(600_000);
    const response = await fetch(`${server.base}/api/actions/${actId}/limeat`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        uuid: stay.profileUUID,
        sUUID: stay.sUUID,
        endDate: hotelToday(),
        photoData,
        dishKey: 'lentil-curry',
      }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { greenMilesAdded: number }).greenMilesAdded).toBeGreaterThan(0);
  });

  it('the server runs with the documented time limits', async () => {
    const memory = openDatabase('sqlite::memory:');
    const app = await buildApp({ db: memory.db, kind: memory.kind, frontToken: 'x' });
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUTS.requestMs);
    expect(app.server.headersTimeout).toBe(REQUEST_TIMEOUTS.headersMs);
    expect(app.server.keepAliveTimeout).toBe(REQUEST_TIMEOUTS.keepAliveMs);
    expect(REQUEST_TIMEOUTS).toEqual({ requestMs: 120_000, headersMs: 10_000, keepAliveMs: 72_000 });
    await app.close();
    await memory.close();
  });

  it('120 sockets sending one byte every 2 s, or nothing, are closed by the server (408) while guests are served', async () => {
    const slow = await startServer(database.url, undefined, {
      TEST_REQUEST_TIMEOUT_MS: String(SHORT_REQUEST_TIMEOUT_MS),
    });
    let senders: Array<ReturnType<typeof slowSender>> = [];
    try {
      const port = Number(new URL(slow.base).port);
      const head = 'POST /api/stays/hotel/1/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
      senders = [
        ...Array.from({ length: 50 }, () => slowSender(port, '', `${head}Content-Length: 2\r\n\r\n{}`)),
        ...Array.from({ length: 50 }, () => slowSender(port, `${head}Content-Length: 1000\r\n\r\n`, '{"a":"xxxxxxxx')),
        ...Array.from({ length: 20 }, () => slowSender(port, '', '')),
      ];
      // Guests meanwhile: a stay is opened and read.
      const stay = await newStay(slow.base);
      expect((await fetch(`${slow.base}/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}`)).status).toBe(200);
      const closed = await Promise.race([
        Promise.all(senders.map((sender) => sender.closed)),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), SHORT_REQUEST_TIMEOUT_MS + CLOSE_MARGIN_MS)),
      ]);
      expect(closed, 'every slow socket closed by the server within the bounded wait').not.toBeNull();
      for (const status of closed ?? []) expect(status).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      for (const { socket } of senders) socket.destroy();
      await stopServer(slow);
    }
  }, 30_000);
});
