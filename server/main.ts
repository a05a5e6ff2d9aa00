/**
 * `npm start`: one process serving the API and the built SPA. Builds the SPA when dist/ is missing,
 * migrates the database, seeds the sample hotels into an empty database, then listens.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { seedIfEmpty } from './content/seed.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'dist');
const config = readConfig();

const database = openDatabase(config.databaseUrl, (error) => server.log.error({ err: error }, 'PostgreSQL pool error'));
const server = await buildApp({
  db: database.db,
  kind: database.kind,
  frontToken: config.frontToken,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  staticDir: distDir,
  logger: { level: config.logLevel },
});
const log = server.log;

function buildSpaIfMissing(): void {
  if (existsSync(join(distDir, 'index.html'))) return;
  const vite = join(root, 'node_modules', '.bin', 'vite');
  if (!existsSync(vite)) {
    log.warn('dist/index.html is missing and vite is not installed: serving the API only');
    return;
  }
  log.info('dist/index.html is missing: building the app (vite build)…');
  const result = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit', timeout: 5 * 60_000 });
  if (result.status !== 0) log.warn({ status: result.status }, 'vite build failed: serving the API only');
}

buildSpaIfMissing();

const applied = await migrateToLatest(database.db, database.kind);
if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
const seeded = await seedIfEmpty(database.db);
for (const hotel of seeded) log.info({ hotel }, 'sample hotel imported');

if (!config.frontTokenFromEnv) server.log.warn('FRONT_TOKEN is not set: using the development front token');
if (!config.smtpUrl) server.log.warn('SMTP_URL is not set: sending a reward by e-mail answers 503 mail_not_configured');

await server.listen({ port: config.port, host: config.host });
const address = server.server.address();
const port = address !== null && typeof address === 'object' ? address.port : config.port;
const base = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
server.log.info({ database: database.description }, 'GreenMiles is listening');
server.log.info(
  {
    hotelQr: `${base}/hotel/1`,
    roomQrs: ['tilleuls-101', 'tilleuls-102', 'tilleuls-201'].map((qr) => `${base}/${qr}`),
    unassignedQr: `${base}/unassigned-1`,
    demoHotel: `${base}/hotel/2`,
    demoRoomQr: `${base}/demo-101`,
  },
  'sample hotel URLs',
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  server.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await server.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    server.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
