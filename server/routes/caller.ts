/** The caller of a guest call, for the rate limits (docs/behaviour.md#rate-limits). */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { Caller } from '../domain/rate-limits.ts';

/** The client address is the socket's, or the forwarded one behind the proxies TRUST_PROXY names. */
export function callerOf(request: FastifyRequest, deps: AppDeps): Caller {
  return { address: request.ip, limits: deps.rateLimits };
}
