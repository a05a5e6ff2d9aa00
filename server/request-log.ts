/**
 * What Fastify's request log writes about a request (docs/server.md#logs): never a secret of a guest or of a hotel.
 * The query string is dropped whole (it carries `uuid`, `sUUID`, the hotel key `k` and a proof's code `qrId`), and a
 * path keeps only the segments that cannot be a secret: the fixed words of the API's routes and of the app's pages,
 * whole numbers (hotel, action and reward ids, room numbers) and, outside /api, file names. Every other segment — a
 * stay or profile id, a room's QR id (`/tilleuls-101`, `/api/rooms/{qrId}/info`, `/api/qr-scans/room/{qrId}`), a
 * typo — is replaced, on a route or not.
 *
 * And when: a request that succeeds is logged at debug only (two lines per request at info cost more CPU than
 * serving a guest's actions list, docs/performance.md#api-reads); a failed one (4xx, 5xx) at info, with its URL.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * The request id: taken from this header when a proxy or client sent a sane one, sent back on every answer, and on
 * every log line of the request as `reqId` (docs/operations.md#logs).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A UUID, a proxy's hex id, a trace id with `=` or `/`: short and printable, nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[\w.:=+/@-]{1,128}$/;

/** Fastify's genReqId: the incoming X-Request-Id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Whether a URL (its query string included or not) is a call of the API. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The fixed words of the app's pages (src/routes) and of the folders of dist/; the API's come from its routes. */
const PAGE_WORDS = [
  'demo',
  'hotel',
  'stay',
  'rewards',
  'camera',
  'proof',
  'finished',
  'disabled',
  'staff',
  'inspector',
];
const DIST_FOLDERS = ['assets', 'pictures'];
/** Ids and room numbers; a random QR id is 12 characters (docs/server.md#qr-secrets), never taken for one. */
const WHOLE_NUMBER = /^\d{1,9}$/;
/** `index-B2x9.js`, `favicon.svg`: a file of dist/ (a random QR id has no dot). */
const FILE_NAME = /^[\w.-]+\.[A-Za-z][A-Za-z0-9]{0,10}$/;

/**
 * The path words the log may show, learnt from the routes as they register (`learnRoute` in an `onRoute` hook), and
 * the request serializer that uses them.
 */
export class LoggedPaths {
  private readonly words = new Set([...PAGE_WORDS, ...DIST_FOLDERS]);

  /** Adds a route's fixed segments (`/api/rooms/:qrId/info` → api, rooms, info). */
  learnRoute(url: string): void {
    for (const segment of url.split('/'))
      if (segment !== '' && !segment.startsWith(':') && !segment.includes('*')) this.words.add(segment);
  }

  /** A request's URL as it may be logged. */
  redact(url: string): string {
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const isApi = isApiPath(path);
    const segments = path
      .split('/')
      .map((segment) =>
        segment === '' || this.words.has(segment) || WHOLE_NUMBER.test(segment) || (!isApi && FILE_NAME.test(segment))
          ? segment
          : REDACTED,
      );
    return `${segments.join('/')}${queryAt === -1 ? '' : `?${REDACTED}`}`;
  }

  /** Fastify's request serializer with the URL redacted. */
  readonly serializeRequest = (request: FastifyRequest) => ({
    method: request.method,
    url: this.redact(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

/** Fastify's per-request log lines, at debug for a success and at info (with the request) for a failure. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 400) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
