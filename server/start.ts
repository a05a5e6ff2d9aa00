/**
 * What `npm start` does, apart from signals: migrates the database and seeds the sample hotels into an empty one,
 * builds the SPA when dist/ has no index.html (before the app is built, so nothing warns about a dist/ that is about
 * to exist), listens, then prints the URLs to open as a block a person can read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type RequestTimeouts } from './app.ts';
import type { ServerConfig } from './config.ts';
import { readContentFile } from './content/import.ts';
import { SAMPLE_HOTEL_FILES, seedIfEmpty } from './content/seed.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';
import type { Database } from './db/schema.ts';
import { hotelQrUrl, qrCodesOf, roomQrUrl } from './domain/qr-codes.ts';
import { createMetrics } from './metrics.ts';
import type { Drain } from './shutdown.ts';

export interface StartOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  distDir: string;
  /** Builds the SPA into distDir (`vite build`); false when it could not. */
  buildSpa: () => boolean;
  /** Lines for the person who started the server (stderr: stdout carries only the JSON log). */
  print: (text: string) => void;
  logger?: FastifyServerOptions['logger'];
  /** The server's request timeouts (REQUEST_TIMEOUTS without); tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Started on SIGTERM/SIGINT (server/shutdown.ts). */
  drain?: Drain;
}

/**
 * The sample hotels' entry points (server/content/hotels/): the hotel QR code, or a room by its number, or a printed
 * code of no hotel. Their URLs carry the current ids and keys, read from the database (docs/trust-model.md#presence),
 * and only for what it holds: a hotel whose id and name are a sample's (not a hotel that took id 1 in production), a
 * code of no hotel that is one.
 */
type SampleEntry = { what: string; hotelId: number; roomNumber?: string } | { what: string; qrId: string };
const SAMPLE_ENTRIES: readonly SampleEntry[] = [
  { what: 'Hôtel Les Tilleuls, hotel QR', hotelId: 1 },
  { what: 'Les Tilleuls, room QRs', hotelId: 1, roomNumber: '101' },
  { what: '', hotelId: 1, roomNumber: '102' },
  { what: '', hotelId: 1, roomNumber: '201' },
  { what: 'QR code of no hotel', qrId: 'unassigned-1' },
  { what: 'Demo hotel, hotel QR', hotelId: 2 },
  { what: 'Demo hotel, room QR', hotelId: 2, roomNumber: '101' },
];

/** The ids of the sample hotels the database holds: a hotel of a sample's id with that sample's name. */
async function sampleHotelsIn(db: Kysely<Database>): Promise<Set<number>> {
  const samples = await Promise.all(SAMPLE_HOTEL_FILES.map((file) => readContentFile(file)));
  const names = new Map(samples.map((sample) => [sample.hotel.id, sample.hotel.name]));
  const hotels = await db
    .selectFrom('hotels')
    .select(['id', 'name'])
    .where('id', 'in', [...names.keys()])
    .execute();
  return new Set(hotels.filter((hotel) => names.get(hotel.id) === hotel.name).map((hotel) => hotel.id));
}

async function isCodeOfNoHotel(db: Kysely<Database>, qrId: string): Promise<boolean> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('qr_id', '=', qrId)
    .where('hotel_id', 'is', null)
    .executeTakeFirst();
  return room !== undefined;
}

/** [what, URL] of each sample entry the database has (a hotel or room it lacks prints nothing). */
export async function sampleUrls(db: Kysely<Database>, base: string): Promise<Array<[string, string]>> {
  const urls: Array<[string, string]> = [];
  const sampleHotels = await sampleHotelsIn(db);
  for (const entry of SAMPLE_ENTRIES) {
    if ('qrId' in entry) {
      if (await isCodeOfNoHotel(db, entry.qrId)) urls.push([entry.what, roomQrUrl(base, entry.qrId)]);
      continue;
    }
    if (!sampleHotels.has(entry.hotelId)) continue;
    const codes = await qrCodesOf(db, entry.hotelId);
    const room = codes?.rooms.find((r) => r.number === entry.roomNumber);
    if (codes && entry.roomNumber === undefined) urls.push([entry.what, hotelQrUrl(base, codes.hotelId, codes.key)]);
    else if (room) urls.push([entry.what, roomQrUrl(base, room.qrId)]);
  }
  return urls;
}

/** The block printed once listening: where the app is, then each sample URL on its own line (none when the samples are not seeded). */
export function urlBlock(base: string, urls: ReadonlyArray<readonly [string, string]>): string {
  if (urls.length === 0) return ['', `  GreenMiles is running at ${base}`, ''].join('\n');
  const width = Math.max(0, ...urls.map(([what]) => what.length));
  return [
    '',
    `  GreenMiles is running at ${base}`,
    '',
    '  Sample hotels (open one of these to start a stay):',
    ...urls.map(([what, url]) => `    ${what.padEnd(width)}  ${url}`),
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
  // The database before the (slow) SPA build: a start that cannot open or write it stops at once.
  const applied = await migrateToLatest(database.db, database.kind);
  const seeded = config.seedSamples ? await seedIfEmpty(database.db) : null;
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
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    ...(spaBuilt ? { staticDir: options.distDir } : {}),
    logger: options.logger ?? { level: config.logLevel },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.drain ? { drain: options.drain } : {}),
    ...(config.metrics ? { metrics: createMetrics(config.metrics) } : {}),
  });
  const log = server.log;

  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  if (seeded === null) log.info('sample hotels are not imported (NODE_ENV=production; SEED_SAMPLES=1 imports them)');
  else for (const hotel of seeded) log.info({ hotel }, 'sample hotel imported');

  if (!config.frontTokenFromEnv) log.warn('FRONT_TOKEN is not set: using the development front token');
  if (config.qaInspector) log.warn('QA_INSPECTOR=1: the QA inspector is served at /inspector');
  if (!config.smtpUrl) log.warn('SMTP_URL is not set: sending a reward by e-mail answers 503 mail_not_configured');
  if (!config.smtpUrl) log.warn('SMTP_URL is not set: no daily report is sent to the hotels');

  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  log.info({ database: database.description, base }, 'GreenMiles is listening');
  // The server is serving by now: a failure to read the samples costs their URLs, never the process.
  const urls = await sampleUrls(database.db, base).catch((error: unknown) => {
    log.warn({ err: error }, 'the sample hotel URLs could not be read');
    return [];
  });
  log.info({ urls: urls.map(([, url]) => url) }, 'sample hotel URLs');
  options.print(urlBlock(base, urls));
  return server;
}
