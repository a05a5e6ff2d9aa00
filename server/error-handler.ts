/**
 * The one place that turns failures into HTTP answers `{ error, message }`: a domain error by its kind, a
 * Fastify or router error by its status. Every client mistake is a 4xx; only a server fault gives a 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../contract/errors.ts';
import type { DatabaseFaults } from './db/faults.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  STORAGE_RETRY_AFTER_SECONDS,
  storageFaultOf,
} from './db/unavailable.ts';
import { DomainError, type ErrorKind } from './domain/errors.ts';

export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
};

/** The code of a client error Fastify raises itself (validation, body size, content type…). */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** The error handler of the app; database faults are logged through `faults`, once a minute. */
export function errorReplier(faults: DatabaseFaults) {
  return (error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      // A refusal caused by a service the server relies on (the SMTP server): worth a line in the log.
      if (error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const problems = 'problems' in error ? { problems: error.problems } : {};
      return reply.code(STATUS_OF_KIND[error.kind]).send({ error: error.code, message: error.message, ...problems });
    }
    if ('validation' in error && error.validation) {
      return reply.code(400).send({ error: 'bad_request', message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_OF_STATUS[status] ?? 'bad_request';
      return reply.code(status).send({ error: code, message: error.message || code });
    }
    if (isDatabaseUnavailable(error)) {
      faults.refused('unavailable', error);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ error: 'database_unavailable', message: 'The database is unavailable, try again' });
    }
    const storageFault = storageFaultOf(error);
    if (storageFault !== null) {
      faults.refused(storageFault, error);
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return reply
        .code(503)
        .send({ error: 'storage_unavailable', message: 'The server cannot save anything right now, try again later' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal_error', message: 'An error occurred' });
  };
}

/** Errors the router raises before any route runs (a malformed URL, an unsupported content type). */
export function replyToFrameworkError(error: FastifyError, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send({ error: CODE_OF_STATUS[status] ?? 'bad_request', message: error.message });
}
