/**
 * Starts a private PostgreSQL cluster (the newest installed 13–17, or PG_BIN_DIR's) for the server tests (unix
 * socket only, in a temp dir owned by `postgres`), unless TEST_DATABASE_URL names an existing server. Its admin URL reaches the tests through
 * `inject('postgresUrl')`. If PostgreSQL cannot start, the whole suite fails: it never silently skips.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../support/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default function setup(project: TestProject): (() => void) | undefined {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresUrl', external);
    return undefined;
  }
  const cluster = startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return cluster.stop;
}
