/** Real server processes for the cross-process and fault tests (tests/support/api-server.ts on a given database). */
import { TEST_FRONT_TOKEN } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from './spawned-server.ts';

export { type ServerProcess, stopServer } from './spawned-server.ts';

/** A server process on the database; `env` adds to or overrides its environment (a rate limit, TRUST_PROXY, LOG_LEVEL,
 * api-server.ts's TEST_REQUEST_TIMEOUT_MS…). */
export function startServer(databaseUrl: string, port?: number, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  return spawnServer(
    'tests/support/api-server.ts',
    {
      DATABASE_URL: databaseUrl,
      FRONT_TOKEN: TEST_FRONT_TOKEN,
      LOG_LEVEL: 'error',
      // The races send 200 submissions to one stay at once, which the per-stay limit would mostly answer 429 before
      // they race; the limits across servers are tests/server/rate-limits.test.ts's.
      RATE_LIMIT_SUBMISSIONS: '0',
      ...env,
    },
    port,
  );
}
