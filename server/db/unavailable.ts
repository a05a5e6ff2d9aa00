/**
 * Whether a failure means the database cannot be reached right now (docs/server.md#database-unavailable): the
 * PostgreSQL server is down, restarting or refusing connections, or its socket is gone. The answer is then a 503 the
 * client may retry, not a 500: the pool reconnects by itself once the database is back.
 */

/** node-postgres and Node's socket errors, and PostgreSQL's connection and shutdown SQLSTATEs. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

/** node-postgres says these without a code. */
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (a connection tried on several addresses) carries the attempts.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client should wait before retrying while the database is away (the answer's Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
