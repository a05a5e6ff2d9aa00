/**
 * The x-front-token check (docs/behaviour.md#front-token): an anti-abuse speed bump, not security. Routes that take the
 * header name one of the two hooks as their `preHandler` (run after validation, before the handler).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FRONT_TOKEN_HEADER } from '../contract/headers.ts';
import { DomainError } from './domain/errors.ts';

function matches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface FrontTokenHooks {
  /** 401 front_token_missing without the header, 403 front_token_invalid when it is wrong. */
  required: (request: FastifyRequest) => Promise<void>;
  /** For calls that one of their callers makes without the header: a missing header passes, a wrong one is 403. */
  whenSent: (request: FastifyRequest) => Promise<void>;
}

export function frontTokenHooks(expected: string): FrontTokenHooks {
  const check = (request: FastifyRequest, required: boolean) => {
    const header = request.headers[FRONT_TOKEN_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (given === undefined || given === '') {
      if (!required) return;
      throw new DomainError('unauthorized', 'front_token_missing', `The ${FRONT_TOKEN_HEADER} header is required`);
    }
    if (!matches(given, expected))
      throw new DomainError('forbidden', 'front_token_invalid', `The ${FRONT_TOKEN_HEADER} header is wrong`);
  };
  return {
    required: async (request) => check(request, true),
    whenSent: async (request) => check(request, false),
  };
}
