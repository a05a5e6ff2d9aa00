/** The x-front-token check (SPEC.md §6): an anti-abuse speed bump, not security. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FRONT_TOKEN_HEADER } from '../contract/headers.ts';
import { ApiError } from './domain/errors.ts';

function matches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws 401 when the header is missing, 403 when it is wrong; with `optional`, a missing header passes. */
export function checkFrontToken(request: FastifyRequest, expected: string, optional = false): void {
  const header = request.headers[FRONT_TOKEN_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (given === undefined || given === '') {
    if (optional) return;
    throw new ApiError(401, 'front_token_missing', `The ${FRONT_TOKEN_HEADER} header is required`);
  }
  if (!matches(given, expected))
    throw new ApiError(403, 'front_token_invalid', `The ${FRONT_TOKEN_HEADER} header is wrong`);
}
