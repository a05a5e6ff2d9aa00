/** Server configuration from the environment (see docs/server.md). */
import { isIP } from 'node:net';
import { DEFAULT_DATABASE_URL } from './db/connection.ts';
import { DEFAULT_VISION_TIMEOUT_MS, type VisionConfig } from './domain/meals/analysers.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './domain/rate-limits.ts';
import { DEFAULT_MAIL_FROM } from './mail/mailer.ts';
import { DEFAULT_METRICS_HOST, type MetricsConfig } from './metrics.ts';
import { DEFAULT_DRAIN_MS } from './shutdown.ts';

/** Used when FRONT_TOKEN is unset: fine for development, logged as a warning. */
export const DEV_FRONT_TOKEN = 'greenmiles-dev-front-token';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  frontToken: string;
  frontTokenFromEnv: boolean;
  logLevel: string;
  /** SMTP transport of the reward e-mails (`smtp://user:pass@host:587`); unset: e-mail answers 503. */
  smtpUrl: string | null;
  /** The From address of the reward e-mails. */
  mailFrom: string;
  /** The meal photo's vision model (MEAL_VISION_URL…); null: the guest picks the dish from the hotel menu. */
  mealVision: VisionConfig | null;
  /** QA_INSPECTOR=1: the app serves the QA inspector at /inspector (docs/inspector.md); otherwise /inspector is 404. */
  qaInspector: boolean;
  /**
   * TRUST_PROXY (docs/server.md#client-address): the proxies whose X-Forwarded-For is believed — a hop count, or
   * their addresses; false (the default): the client address is the socket's, a forwarded header is ignored.
   */
  trustProxy: false | number | string[];
  /**
   * Whether the sample hotels are imported into an empty database (docs/server.md#sample-hotels): yes outside
   * production; with NODE_ENV=production only when SEED_SAMPLES=1.
   */
  seedSamples: boolean;
  /** RATE_LIMIT_STAY_CREATIONS and RATE_LIMIT_SUBMISSIONS (docs/behaviour.md#rate-limits): per minute, 0 for none. */
  rateLimits: RateLimits;
  /** SHUTDOWN_DRAIN_MS (docs/operations.md#shutdown): how long requests in flight may take to finish on SIGTERM. */
  shutdownDrainMs: number;
  /**
   * METRICS_PORT (with METRICS_HOST) and METRICS_TOKEN (docs/operations.md#metrics): where the Prometheus metrics are
   * served; null (neither set): they are not kept nor served.
   */
  metrics: MetricsConfig | null;
}

/**
 * The server refuses to start in production on a development default (docs/server.md#configuration-environment):
 * the development front token is public, it is in this file. The CLI commands do not need it.
 */
export function assertProductionConfig(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production' && !env.FRONT_TOKEN)
    throw new Error('FRONT_TOKEN must be set when NODE_ENV=production (the development value is public)');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (got ${env.PORT})`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    frontToken: env.FRONT_TOKEN || DEV_FRONT_TOKEN,
    frontTokenFromEnv: Boolean(env.FRONT_TOKEN),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    mealVision: readMealVision(env),
    qaInspector: env.QA_INSPECTOR === '1',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    seedSamples: env.NODE_ENV === 'production' ? env.SEED_SAMPLES === '1' : env.SEED_SAMPLES !== '0',
    rateLimits: {
      stayCreationsPerAddress: readRateLimit(
        'RATE_LIMIT_STAY_CREATIONS',
        env.RATE_LIMIT_STAY_CREATIONS,
        DEFAULT_RATE_LIMITS.stayCreationsPerAddress,
      ),
      submissionsPerStay: readRateLimit(
        'RATE_LIMIT_SUBMISSIONS',
        env.RATE_LIMIT_SUBMISSIONS,
        DEFAULT_RATE_LIMITS.submissionsPerStay,
      ),
    },
    shutdownDrainMs: readDrainMs(env.SHUTDOWN_DRAIN_MS),
    metrics: readMetrics(env),
  };
}

/** The longest drain: an hour is already far beyond any orchestrator's grace period (and within setTimeout's range). */
const MAX_DRAIN_MS = 3_600_000;

function readDrainMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DRAIN_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_DRAIN_MS)
    throw new Error(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds up to ${MAX_DRAIN_MS} (got ${value})`);
  return ms;
}

/** METRICS_PORT: a port of its own on METRICS_HOST (loopback by default); METRICS_TOKEN: the scrape's bearer token. */
export function readMetrics(env: NodeJS.ProcessEnv): MetricsConfig | null {
  const token = env.METRICS_TOKEN || null;
  if (!env.METRICS_PORT) return token === null ? null : { listen: null, token };
  const port = Number(env.METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number (got ${env.METRICS_PORT})`);
  return { listen: { port, host: env.METRICS_HOST || DEFAULT_METRICS_HOST }, token };
}

/** Keywords proxy-addr (Fastify's trustProxy) accepts for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  if (bits === undefined) return isIP(address) !== 0 || PROXY_RANGES.includes(address);
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** A rate limit's variable: unset → the default, 0 → no limit, else a whole number of uses a minute. */
export function readRateLimit(name: string, value: string | undefined, fallback: number | null): number | null {
  if (value === undefined || value === '') return fallback;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0)
    throw new Error(`${name} must be a whole number of uses a minute, 0 for no limit (got ${value})`);
  return limit === 0 ? null : limit;
}

/** TRUST_PROXY: unset or 0 → false; a whole number → that many hops; else comma-separated addresses or ranges. */
export function readTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be a hop count or comma-separated proxy addresses (IP, CIDR, ${PROXY_RANGES.join(', ')}); got ${bad.join(', ')}`,
    );
  return entries;
}

function readMealVision(env: NodeJS.ProcessEnv): VisionConfig | null {
  if (!env.MEAL_VISION_URL) return null;
  if (!env.MEAL_VISION_MODEL) throw new Error('MEAL_VISION_MODEL must name the model when MEAL_VISION_URL is set');
  const timeoutMs = Number(env.MEAL_VISION_TIMEOUT_MS || DEFAULT_VISION_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`MEAL_VISION_TIMEOUT_MS must be a number of milliseconds (got ${env.MEAL_VISION_TIMEOUT_MS})`);
  return { url: env.MEAL_VISION_URL, model: env.MEAL_VISION_MODEL, key: env.MEAL_VISION_KEY || null, timeoutMs };
}
