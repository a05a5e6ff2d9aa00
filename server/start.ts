/**
 * What `npm start` does, apart from signals: builds the SPA when dist/ has no index.html (before the app is
 * built, so nothing warns about a dist/ that is about to exist), migrates the database, seeds the sample
 * hotels into an empty one, listens, then prints the URLs to open as a block a person can read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { seedIfEmpty } from './content/seed.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';

export interface StartOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  distDir: string;
  /** Builds the SPA into distDir (`vite build`); false when it could not. */
  buildSpa: () => boolean;
  /** Lines for the person who started the server (stdout). */
  print: (text: string) => void;
  logger?: FastifyServerOptions['logger'];
}

/** The sample hotels' entry points (server/content/hotels/), as [what, path]. */
const SAMPLE_PATHS: ReadonlyArray<readonly [string, string]> = [
  ['Hôtel Les Tilleuls, hotel QR', '/hotel/1'],
  ['Les Tilleuls, room QRs', '/tilleuls-101'],
  ['', '/tilleuls-102'],
  ['', '/tilleuls-201'],
  ['QR code of no hotel', '/unassigned-1'],
  ['Demo hotel, hotel QR', '/hotel/2'],
  ['Demo hotel, room QR', '/demo-101'],
];

/** The block printed once listening: where the app is, then each sample URL on its own line. */
export function urlBlock(base: string): string {
  const width = Math.max(...SAMPLE_PATHS.map(([what]) => what.length));
  return [
    '',
    `  GreenMiles is running at ${base}`,
    '',
    '  Sample hotels (open one of these to start a stay):',
    ...SAMPLE_PATHS.map(([what, path]) => `    ${what.padEnd(width)}  ${base}${path}`),
    '',
  ].join('\n');
}

function ensureSpaBuilt(options: StartOptions): boolean {
  if (existsSync(join(options.distDir, 'index.html'))) return true;
  options.print('dist/index.html is missing: building the app (vite build)…');
  if (options.buildSpa() && existsSync(join(options.distDir, 'index.html'))) return true;
  options.print('The app could not be built: serving the API only.');
  return false;
}

export async function start(options: StartOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const spaBuilt = ensureSpaBuilt(options);
  const server = await buildApp({
    db: database.db,
    kind: database.kind,
    frontToken: config.frontToken,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    mealVision: config.mealVision,
    qaInspector: config.qaInspector,
    dailyReports: true,
    ...(spaBuilt ? { staticDir: options.distDir } : {}),
    logger: options.logger ?? { level: config.logLevel },
  });
  const log = server.log;

  const applied = await migrateToLatest(database.db, database.kind);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedIfEmpty(database.db);
  for (const hotel of seeded) log.info({ hotel }, 'sample hotel imported');

  if (!config.frontTokenFromEnv) log.warn('FRONT_TOKEN is not set: using the development front token');
  if (config.qaInspector) log.warn('QA_INSPECTOR=1: the QA inspector is served at /inspector');
  if (!config.smtpUrl) log.warn('SMTP_URL is not set: sending a reward by e-mail answers 503 mail_not_configured');
  if (!config.smtpUrl) log.warn('SMTP_URL is not set: no daily report is sent to the hotels');

  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  log.info({ database: database.description, base }, 'GreenMiles is listening');
  log.info({ urls: SAMPLE_PATHS.map(([, path]) => `${base}${path}`) }, 'sample hotel URLs');
  options.print(urlBlock(base));
  return server;
}
