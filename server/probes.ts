/**
 * The health probes (docs/operations.md#health-probes). `/livez`: the process serves (200 even while the database is
 * down, so an orchestrator does not restart every process during a database outage). `/readyz`: send it traffic —
 * not shutting down, the database answers and takes writes; 503 with a short reason otherwise. `/healthz` is
 * `/readyz` under its older name. Migrations are done before the server listens (server/start.ts), so a process that
 * answers at all has its schema.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DatabaseFaults } from './db/faults.ts';
import type { Store } from './db/store.ts';
import type { Drain } from './shutdown.ts';

export type Readiness =
  | { status: 'ok'; db: 'ok' }
  | { status: 'error'; reason: 'draining' }
  | { status: 'error'; reason: 'database_unreachable'; db: 'unreachable' }
  | { status: 'error'; reason: 'storage_full' | 'storage_read_only'; db: 'ok'; storage: 'full' | 'read_only' };

export interface ProbeDeps {
  store: Store;
  faults: DatabaseFaults;
  drain: Drain;
}

export async function readinessOf({ store, faults, drain }: ProbeDeps): Promise<Readiness> {
  if (drain.draining) return { status: 'error', reason: 'draining' };
  let writable: boolean;
  try {
    writable = await store.ping();
  } catch (error) {
    faults.refused('unavailable', error);
    return { status: 'error', reason: 'database_unreachable', db: 'unreachable' };
  }
  // A database that says it takes no writes (a standby), or writes refused for lack of storage within the minute:
  // reads still work, but the app cannot take points.
  const storage = writable ? faults.storageFault() : 'read_only';
  if (storage !== null) return { status: 'error', reason: `storage_${storage}`, db: 'ok', storage };
  return { status: 'ok', db: 'ok' };
}

export function registerProbes(app: FastifyInstance, deps: ProbeDeps): void {
  app.get('/livez', async () => ({ status: 'ok' }));
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const state = await readinessOf(deps);
    if (state.status !== 'ok') reply.code(503);
    return state;
  };
  app.get('/readyz', readiness);
  app.get('/healthz', readiness);
}
