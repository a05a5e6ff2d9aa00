/**
 * The staff check of staff calls (docs/behaviour.md#staff-sessions), in the style of the front-token hook: a route
 * names `deps.staffAuth.required` as (one of) its `preHandler`s, and its handler reads the session the hook put on
 * the request with `staffSessionOf(request)`. One mechanism for every staff call (stay reset, the hotel dashboard).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from './db/store.ts';
import { DomainError } from './domain/errors.ts';
import type { Clock } from './domain/hotel-time.ts';
import { staffSessionOf as findStaffSession, type StaffSession } from './domain/staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `staffAuth.required` on the requests of staff calls; null elsewhere. */
    staffSession: StaffSession | null;
  }
}

export interface StaffAuthHooks {
  /** 401 staff_session_missing without a bearer token, 401 staff_session_invalid for an unknown or expired one. */
  required: (request: FastifyRequest) => Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Registers the request's `staffSession` slot (once, on the root app, before the routes). */
export function decorateStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staffSession', null);
}

export function staffAuthHooks(store: Store, now: Clock): StaffAuthHooks {
  return {
    required: async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token)
        throw new DomainError(
          'unauthorized',
          'staff_session_missing',
          'A staff session is required (Authorization: Bearer)',
        );
      request.staffSession = await findStaffSession(store.db, token, now());
    },
  };
}

/** The staff session of a request whose route runs `staffAuth.required`. */
export function staffSessionOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new Error('staffSessionOf is used on a route without staffAuth.required');
  return request.staffSession;
}
