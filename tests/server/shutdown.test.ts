/**
 * SIGTERM on `npm start`'s own process (server/main.ts → server/shutdown.ts) under a steady load of kept-alive clients:
 * no request sent before the signal fails (no 5xx, no reset), including one whose body was still being sent; new
 * connections are refused; one `shutdown complete` line; exit code 0; stdout is JSON lines only.
 * The first run on a checkout without dist/ builds the SPA, as `npm start` does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/spawned-server.ts';
import { createTestDatabase, SAMPLE_STAFF_PINS, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

interface MainProcess {
  child: ChildProcess;
  port: number;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

/** `node server/main.ts` on the database, resolved once it logs that it listens. */
async function startMain(databaseUrl: string): Promise<MainProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      FRONT_TOKEN: TEST_FRONT_TOKEN,
      LOG_LEVEL: 'info',
      RATE_LIMIT_STAY_CREATIONS: '0',
      SHUTDOWN_DRAIN_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    stdout.push(...lines);
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  await until(() => stdout.some((line) => line.includes('GreenMiles is listening')), exited, stderr);
  return { child, port, stdout, stderr, exited };
}

/** Waits for `condition`, failing if the process exits first. */
async function until(condition: () => boolean, exited: Promise<unknown>, stderr: string[]): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (!condition()) {
    if (gone) throw new Error(`server exited: ${stderr.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A connection kept alive after one answered request, its next answers collected until the server closes it. */
async function idleConnection(port: number): Promise<{ send: (path: string) => void; answers: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  const send = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const answers = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`${text}${error.code}`));
    socket.on('close', () => resolve(text));
  });
  send('/livez');
  while (!text.endsWith('{"status":"ok"}')) await new Promise((resolve) => setTimeout(resolve, 10));
  text = '';
  return { send, answers };
}

type Outcome = { status: number } | { error: string };

/** One request on `agent`; its body, when given, is JSON. */
function send(agent: Agent, port: number, method: string, path: string, body?: object): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    const call = request(
      { agent, host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    call.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The calls of the load: a read, a stay creation, and a staff sign-in (an Argon2 hash: the slow write). */
const LOAD: Array<{ method: string; path: string; body?: () => object; expected: number }> = [
  { method: 'GET', path: '/api/rooms/tilleuls-101/info', expected: 200 },
  { method: 'POST', path: '/api/stays/hotel/1/new', body: () => ({ profileUUID: randomUUID() }), expected: 201 },
  { method: 'POST', path: '/api/staff/sessions', body: () => ({ hId: 1, pin: SAMPLE_STAFF_PINS[1] }), expected: 201 },
];

interface Sent {
  call: string;
  beforeSignal: boolean;
  expected: number;
  outcome: Outcome;
}

describe.each(['sqlite', 'postgres'] as const)('SIGTERM under load [%s]', (dialect) => {
  let database: TestDatabase | undefined;
  let directory: string | undefined;
  let main: MainProcess | undefined;
  afterEach(async () => {
    if (main?.child.exitCode === null) main.child.kill('SIGKILL');
    if (database) await database.drop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('finishes every request sent before the signal, refuses new connections, logs shutdown complete, exits 0', async () => {
    let url: string;
    if (dialect === 'sqlite') {
      directory = mkdtempSync(join(tmpdir(), 'greenmiles-shutdown-'));
      url = `sqlite:${join(directory, 'greenmiles.db')}`;
    } else {
      database = await createTestDatabase('postgres', { migrate: false });
      url = database.url;
    }
    main = await startMain(url);
    const { port, stdout } = main;

    let signalled = false;
    let stopping = false;
    const sent: Sent[] = [];
    const clients = LOAD.flatMap((call) =>
      [0, 1, 2].map(async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        while (!stopping) {
          const beforeSignal = !signalled;
          const outcome = await send(agent, port, call.method, call.path, call.body?.());
          sent.push({ call: `${call.method} ${call.path}`, beforeSignal, expected: call.expected, outcome });
          // Refused once the server has closed: this client is done.
          if (!beforeSignal && 'error' in outcome) break;
        }
        agent.destroy();
      }),
    );
    // A request whose body is still on its way when the signal comes: the server must wait for it and answer.
    const slow = connect(port, '127.0.0.1');
    await once(slow, 'connect');
    const body = JSON.stringify({ profileUUID: randomUUID() });
    slow.write(
      `POST /api/stays/hotel/1/new HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    const slowAnswer = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      slow.on('close', () => resolve(text));
    });

    // Connections left idle by their clients, each sending its next request just before the signal.
    const idle = await Promise.all(Array.from({ length: 40 }, () => idleConnection(port)));

    await until(() => sent.length >= 60, main.exited, main.stderr);
    for (const connection of idle) connection.send('/api/rooms/tilleuls-101/info');
    signalled = true;
    main.child.kill('SIGTERM');
    await until(() => stdout.some((line) => line.includes('new connections refused')), main.exited, main.stderr);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    // Written, not ended: a client that half-closes its socket gets no answer from Node (httpAllowHalfOpen).
    slow.write(body.slice(10));
    const exitCode = await main.exited;
    stopping = true;
    await Promise.all(clients);

    const before = sent.filter((s) => s.beforeSignal);
    const failed = before.filter((s) => !('status' in s.outcome) || s.outcome.status !== s.expected);
    const after = sent.filter((s) => !s.beforeSignal);
    const count = (list: Sent[], test: (o: Outcome) => boolean) => list.filter((s) => test(s.outcome)).length;
    const complete = stdout.find((line) => line.includes('"shutdown complete"')) ?? '{}';
    const { durationMs } = JSON.parse(complete) as { durationMs?: number };
    console.log(
      `[${dialect}] shutdown in ${durationMs} ms; ${before.length} requests sent before SIGTERM (and ${idle.length} on idle connections, 1 half sent), ${failed.length} failed; after it: ${count(after, (o) => 'status' in o && o.status < 500)} answered, ${count(after, (o) => 'status' in o && o.status >= 500)} × 5xx, ${count(after, (o) => 'error' in o)} not sent (${[...new Set(after.flatMap((s) => ('error' in s.outcome ? [s.outcome.error] : [])))].join(', ')})`,
    );
    expect(failed.map((s) => `${s.call}: ${JSON.stringify(s.outcome)}`)).toEqual([]);
    expect(after.filter((s) => 'status' in s.outcome && s.outcome.status >= 500)).toEqual([]);
    const slowText = await slowAnswer;
    expect(slowText).toMatch(/^HTTP\/1\.1 201 /);
    expect(slowText).toMatch(/\r\nconnection: close\r\n/i);
    for (const answer of await Promise.all(idle.map((connection) => connection.answers)))
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(refused).toBe('ECONNREFUSED');
    expect(exitCode).toBe(0);
    expect(stdout.filter((line) => line.includes('"shutdown complete"'))).toHaveLength(1);
    for (const line of stdout.filter((l) => l !== '')) expect(() => JSON.parse(line), line).not.toThrow();
    expect(main.stderr.join('')).toContain('GreenMiles is running at');
  }, 300_000);
});
