/**
 * What Fastify's request log writes about a request (docs/server.md#logs): never a guest's `uuid` or `sUUID`. The
 * query string is dropped whole (it carries `uuid`, `sUUID` and QR keys), and a path segment that holds a route
 * parameter named like an id, or that looks like a UUID (the app's `/stay/<sUUID>` pages), is replaced.
 *
 * And when: a request that succeeds is logged at debug only (two lines per request at info cost more CPU than
 * serving a guest's actions list, docs/performance.md#api-reads); a failed one (4xx, 5xx) at info, with its URL.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export const REDACTED = '[redacted]';
const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Route parameters that identify a guest or a stay. */
const SECRET_PARAMS = ['sUUID', 'uuid', 'profileUUID', 'stayUUID'];

function secretParamValues(request: FastifyRequest): Set<string> {
  const params = request.params;
  if (params === null || typeof params !== 'object') return new Set();
  return new Set(
    Object.entries(params as Record<string, unknown>)
      .filter(([name, value]) => SECRET_PARAMS.includes(name) && typeof value === 'string')
      .map(([, value]) => encodeURIComponent(value as string)),
  );
}

/** The request's URL as it may be logged. */
export function redactedUrl(request: FastifyRequest): string {
  const url = request.url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const secrets = secretParamValues(request);
  const segments = path
    .split('/')
    .map((segment) => (secrets.has(segment) || UUID_SHAPE.test(segment) ? REDACTED : segment));
  return `${segments.join('/')}${queryAt === -1 ? '' : `?${REDACTED}`}`;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
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
