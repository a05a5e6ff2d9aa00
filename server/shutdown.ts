/**
 * Graceful shutdown (docs/operations.md#shutdown): on SIGTERM or SIGINT the readiness probe fails at once, the
 * listening socket closes (new connections are refused), the requests in flight finish within a bounded drain, every
 * answer sent meanwhile closes its connection and the connections left idle are closed, then the database pool
 * closes and one `shutdown complete` line is logged.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/connection.ts';

/** How long requests in flight may take to finish once the signal came, by default (SHUTDOWN_DRAIN_MS). */
export const DEFAULT_DRAIN_MS = 10_000;

/** Whether the process is shutting down: the readiness probe reads it, the drain hooks act on it. */
export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/**
 * While draining, every answer says `Connection: close`, so a kept-alive connection ends with the answer it is
 * waiting for instead of being cut while its client sends the next request; a connection whose answer had already
 * started when the signal came is closed once it goes idle.
 */
export function registerDrainHooks(app: FastifyInstance, drain: Drain): void {
  // Callback hooks: they run on every answer, and cost no promise while the process is not draining.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After this turn the connection of the finished answer counts as idle.
    if (drain.draining) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}

export interface ShutdownOptions {
  app: FastifyInstance;
  database: DatabaseHandle;
  drain: Drain;
  /** How long the requests in flight may take; then their connections are cut. */
  drainMs: number;
  signal: string;
}

/** Resolves once the server and the database are closed; the requests still running after `drainMs` are cut. */
export async function shutDown({ app, database, drain, drainMs, signal }: ShutdownOptions): Promise<void> {
  const startedAt = performance.now();
  drain.begin();
  // Requests that reached the socket before the signal are read first: their connections are then busy, not idle
  // ones that closing the server cuts.
  await nextTurn();
  const cut = setTimeout(() => {
    app.log.warn({ drainMs }, 'drain window over: closing the connections still open');
    app.server.closeAllConnections();
  }, drainMs);
  // Fastify closes the listening socket (Node then closes the idle kept-alive connections) and waits for the others.
  let settled = false;
  const closed = app.close().finally(() => {
    settled = true;
    clearTimeout(cut);
  });
  while (app.server.listening && !settled) await nextTurn();
  app.log.info({ signal, drainMs }, 'shutting down: not ready, new connections refused, draining requests');
  await closed;
  await database.close();
  app.log.info({ signal, durationMs: Math.round(performance.now() - startedAt) }, 'shutdown complete');
}
