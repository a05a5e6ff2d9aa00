/**
 * Builds the Fastify application (no listen): the /api groups, the probes (server/probes.ts), and optionally the built SPA
 * with its history fallback. Failures are answered by server/error-handler.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import ajvFormats from 'ajv-formats';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import { isAppAddress } from '../contract/app-addresses.ts';
import { frontTokenMetaPattern, qaInspectorMetaPattern } from '../contract/headers.ts';
import { boundedPinChecker, PIN_CHECKS_RUNNING, PIN_CHECKS_WAITING, type PinChecker } from './content/pin.ts';
import type { DialectKind } from './db/connection.ts';
import { createDatabaseFaults } from './db/faults.ts';
import { poolUseOf } from './db/postgres.ts';
import type { Database } from './db/schema.ts';
import { createStore } from './db/store.ts';
import type { AppDeps } from './deps.ts';
import { DomainError } from './domain/errors.ts';
import { type Clock, systemClock } from './domain/hotel-time.ts';
import { menuAnalyser, type VisionConfig, visionAnalyser } from './domain/meals/analysers.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './domain/rate-limits.ts';
import { errorReplier, replyToFrameworkError } from './error-handler.ts';
import { frontTokenHooks } from './front-token.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { countedMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { type AppMetrics, registerMetrics } from './metrics.ts';
import { NO_METRICS } from './metrics-recorder.ts';
import { registerOpenApi } from './openapi.ts';
import { registerProbes } from './probes.ts';
import { createReportScheduler } from './report-scheduler.ts';
import { isApiPath, LoggedPaths, REQUEST_ID_HEADER, RequestLogController, requestIdOf } from './request-log.ts';
import { compileResponseSerializer } from './response-serializer.ts';
import { apiRoutes } from './routes/api.ts';
import { pictureFilesRoutes } from './routes/pictures.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { createDrain, type Drain, registerDrainHooks } from './shutdown.ts';
import { decorateStaffSession, staffAuthHooks } from './staff-auth.ts';
import { pageOf, registerStaticFiles, sendPage } from './static-files.ts';

/**
 * Every JSON body but the meal photo's (its route sets its own): the largest a schema allows, a QR-scan record with its
 * user agent and referer, is under 13 KiB even in four-byte characters.
 */
export const BODY_LIMIT = 16 * 1024;

/**
 * How long a client may take to send a request (docs/reliability.md#hardening), so slow senders cannot hold sockets:
 * the whole request 120 s (the 1 MiB meal photo body at 70 kbit/s, slower than a phone on a weak hotel Wi-Fi or
 * EDGE), its headers 10 s (a browser sends them in one packet), an idle kept-alive connection Fastify's 72 s (longer
 * than a load balancer's usual 60 s, which must close first). Node checks them every second instead of every 30 s.
 */
export interface RequestTimeouts {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
}
export const REQUEST_TIMEOUTS: RequestTimeouts = { requestMs: 120_000, headersMs: 10_000, keepAliveMs: 72_000 };
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** API answers carry stay ids, codes and balances: no cache keeps them (the ETag lists say otherwise, server/etag.ts). */
export const API_CACHE_CONTROL = 'no-store';

/** Sets the API's Cache-Control on an /api answer; the ETag lists replace it on success. */
function keepApiAnswerUncached(request: FastifyRequest, reply: FastifyReply): void {
  if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  kind?: DialectKind;
  frontToken: string;
  /** The built SPA (dist/); without it only /api and the probes are served. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The clock; tests move it to check dates. */
  now?: Clock;
  /** SMTP transport URL of the reward e-mails; without it (and without `mailer`) e-mail answers 503. */
  smtpUrl?: string | null;
  mailFrom?: string;
  /** A ready mailer (takes precedence over smtpUrl). */
  mailer?: Mailer;
  /** The vision model of the meal photo; without it the guest picks the dish from the hotel menu. */
  mealVision?: VisionConfig | null;
  /** Serves the QA inspector page (/inspector) and tells the SPA it is on; without it /inspector is 404. */
  qaInspector?: boolean;
  /** Told of every route as it is added: the tools that read the API from its schemas (docs check, fuzzing). */
  onRoute?: (route: RouteOptions) => void;
  /** Sends the hotels' daily reports (needs a mailer): a tick once ready, then every minute (server/report-scheduler.ts). */
  dailyReports?: boolean;
  /** Fastify's trustProxy (TRUST_PROXY, docs/server.md#client-address); false by default. */
  trustProxy?: false | number | string[];
  /** Stay creations per address and submissions per stay a minute (docs/behaviour.md#rate-limits); the defaults without. */
  rateLimits?: Partial<RateLimits>;
  /** The staff PIN checks; by default Argon2 with PIN_CHECKS_RUNNING at once (tests hold them). */
  checkPin?: PinChecker;
  /** REQUEST_TIMEOUTS without; tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Started on SIGTERM/SIGINT (server/shutdown.ts): readiness fails, answers close their connections. */
  drain?: Drain;
  /** Prometheus metrics (server/metrics.ts) and where they are served; without, nothing is recorded or served. */
  metrics?: AppMetrics;
}

/** Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
function trustedProxies(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The logger with the request URL redacted (server/request-log.ts). */
function redactingLogger(logger: FastifyServerOptions['logger'], paths: LoggedPaths): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: paths.serializeRequest } };
}

/** Escapes a value for an HTML attribute. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes the front token into `<meta name="greenmiles-front-token" content="">` of index.html. */
export function injectFrontToken(html: string, token: string): string {
  return html.replace(frontTokenMetaPattern(), `$1"${escapeAttribute(token)}"`);
}

/** Turns the QA inspector on in index.html (`<meta name="greenmiles-qa-inspector" content="on">`). */
export function injectQaInspector(html: string): string {
  return html.replace(qaInspectorMetaPattern(), '$1"on"');
}

/** The inspector page's addresses: answered 404 unless the server runs with QA_INSPECTOR=1. */
function isInspectorPath(path: string): boolean {
  return path === '/inspector' || path.startsWith('/inspector/');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const loggedPaths = new LoggedPaths();
  const timeouts = { ...REQUEST_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: redactingLogger(options.logger, loggedPaths),
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    trustProxy: trustedProxies(options.trustProxy ?? false),
    routerOptions: { maxParamLength: 200 },
    // Requests arriving while the server closes are served (each closing its connection), not refused: the drain
    // of server/shutdown.ts bounds how long that lasts.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Errors the router raises before any route runs (a malformed URL, an unsupported content type).
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      keepApiAnswerUncached(request, reply as unknown as FastifyReply);
      return replyToFrameworkError(error, reply as unknown as FastifyReply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRoute', (route) => loggedPaths.learnRoute(route.url));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any route runs, so errors and 404s carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    keepApiAnswerUncached(request, reply);
    done();
  });

  // Bodies are validated strictly (a string is not a number); path and query parts are coerced from text.
  const bodyAjv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true, strict: false });
  const partsAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, strict: false });
  // Formats (`email`…) are checked, not ignored.
  ajvFormats.default(bodyAjv);
  ajvFormats.default(partsAjv);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : partsAjv).compile(schema));
  app.setSerializerCompiler(compileResponseSerializer);
  // JSON only (anything else is 415), refused 400 past its depth and size in values (server/json-body.ts).
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  const metrics = options.metrics ?? NO_METRICS;
  const faults = createDatabaseFaults(app.log);
  const store = createStore(options.db, options.kind ?? 'sqlite', { onCommit: () => faults.wrote(), metrics });
  const now = options.now ?? systemClock;
  const mailer = options.mailer ?? (options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.mailFrom) : null);
  const deps: AppDeps = {
    store,
    now,
    mailer: mailer && countedMailer(mailer, metrics),
    frontToken: frontTokenHooks(options.frontToken),
    staffAuth: staffAuthHooks(store, now),
    mealAnalyser: options.mealVision ? visionAnalyser(options.mealVision) : menuAnalyser,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    checkPin: options.checkPin ?? boundedPinChecker(PIN_CHECKS_RUNNING, PIN_CHECKS_WAITING),
  };
  decorateStaffSession(app);
  const drain = options.drain ?? createDrain();
  registerDrainHooks(app, drain);
  if (mailer && !options.mailer) app.addHook('onClose', async () => mailer.close());

  if (options.dailyReports && deps.mailer) {
    const reports = createReportScheduler({ db: options.db, mailer: deps.mailer, now, log: app.log, metrics });
    app.addHook('onReady', async () => reports.start());
    app.addHook('onClose', async () => reports.stop());
  }

  app.setErrorHandler(errorReplier(faults));
  await registerSecurityHeaders(app);
  // After the security headers, which a refusal carries too. No path or query part means anything by a NUL character,
  // and PostgreSQL cannot store one.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('%00'))
      done(new DomainError('bad_request', 'bad_request', 'The address holds a NUL character'));
    else done();
  });
  await registerOpenApi(app, deps);
  // After the OpenAPI plugin, which lists the routes registered from here on (/metrics with METRICS_TOKEN too).
  if (options.metrics) registerMetrics(app, options.metrics, poolUseOf(options.db));

  const renderPage = (html: string) => {
    const withToken = injectFrontToken(html, options.frontToken);
    return options.qaInspector ? injectQaInspector(withToken) : withToken;
  };
  const page = options.staticDir ? pageOf(options.staticDir, renderPage) : async () => null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The app's addresses answer the page to browsers and to clients that accept anything (some QR scanner apps send
    // `*/*`); any other path is a 404, with the page (its not-found screen) only for a client asking for HTML. A path
    // that names a file (`/assets/missing.js`) or the API is always a 404 in JSON.
    const accept = request.headers.accept ?? '*/*';
    const namesFile = (path.split('/').pop() ?? '').includes('.');
    const absent = isInspectorPath(path) && !options.qaInspector;
    const mayServePage =
      !isApiPath(path) && !namesFile && !absent && (request.method === 'GET' || request.method === 'HEAD');
    const isPage = isAppAddress(path);
    if (mayServePage && (accept.includes('text/html') || (isPage && accept.includes('*/*')))) {
      const rendered = await page();
      if (rendered !== null) return sendPage(request, reply.code(isPage ? 200 : 404), rendered);
    }
    return reply.code(404).send({ error: 'not_found', message: `${request.method} ${path} not found` });
  });

  registerProbes(app, { store, faults, drain });

  await app.register(apiRoutes, { prefix: '/api', deps });
  // Before the built app's files: /pictures/<hash>.webp are the uploaded pictures, any other /pictures/ file is dist/'s.
  await app.register(pictureFilesRoutes, { deps });

  if (options.staticDir) {
    const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const rendered = await page();
      if (rendered === null) return reply.code(404).send({ error: 'not_found', message: 'The app is not built' });
      return sendPage(request, reply, rendered);
    };
    app.get('/', serveIndex);
    app.get('/index.html', serveIndex);
    await registerStaticFiles(app, options.staticDir);
  }

  return app;
}
