/**
 * A server process for the cross-process tests (tests/server/processes.test.ts): `npm start`'s own start-up
 * (server/start.ts: migrate, seed an empty database, listen) on the environment's DATABASE_URL and PORT, serving the
 * API only (the SPA is not what these tests load, and two processes must not build it at once).
 */

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { createDrain, shutDown } from '../../server/shutdown.ts';
import { start } from '../../server/start.ts';

const config = readConfig();
let log: FastifyBaseLogger | undefined;
// As server/main.ts: a lost PostgreSQL connection is logged, the requests using it fail on their own.
const database = openDatabase(config.databaseUrl, (error) =>
  log?.warn({ detail: error.message }, 'PostgreSQL connection lost'),
);
// The slow-sender test shortens the whole request's time limit, 120 s otherwise (server/app.ts REQUEST_TIMEOUTS).
const requestMs = Number(process.env.TEST_REQUEST_TIMEOUT_MS);
const drain = createDrain();
const server = await start({
  config,
  drain,
  database,
  distDir: join(tmpdir(), 'greenmiles-no-spa'),
  buildSpa: () => false,
  print: () => {},
  ...(requestMs > 0 ? { timeouts: { requestMs, headersMs: Math.min(requestMs, 10_000) } } : {}),
});
log = server.log;
process.on('SIGTERM', () => {
  void shutDown({ app: server, database, drain, drainMs: config.shutdownDrainMs, signal: 'SIGTERM' }).then(() =>
    process.exit(0),
  );
});
