/**
 * The staff check of staff calls (docs/behaviour.md#staff-accounts), in the style of the front-token hook: a route
 * names `deps.staffAuth.required` (any signed-in account) or `deps.staffAuth.allowed(permission)` (an account whose
 * role may do it, contract/staff-roles.ts) as (one of) its `preHandler`s, and its handler reads the session the hook
 * put on the request with `staffSessionOf(request)`. One mechanism for every staff call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffPermission } from '../contract/staff-roles.ts';
import type { Store } from './db/store.ts';
import { DomainError } from './domain/errors.ts';
import type { Clock } from './domain/hotel-time.ts';
import {
  staffSessionOf as findStaffSession,
  requireStaffPermission,
  type StaffSession,
} from './domain/staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `staffAuth.required` on the requests of staff calls; null elsewhere. */
    staffSession: StaffSession | null;
  }
}

type StaffHook = (request: FastifyRequest) => Promise<void>;

export interface StaffAuthHooks {
  /** 401 staff_session_missing without a bearer token, 401 staff_session_invalid for an unknown or expired one. */
  required: StaffHook;
  /** As `required`, then 403 staff_role_forbidden unless the account's role may do `permission`. One hook each. */
  allowed: (permission: StaffPermission) => StaffHook;
  /** Whether a preHandler is one of these hooks (the OpenAPI document marks such calls as staff calls). */
  isStaffHook: (hook: unknown) => boolean;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Registers the request's `staffSession` slot (once, on the root app, before the routes). */
export function decorateStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staffSession', null);
}

export function staffAuthHooks(store: Store, now: Clock): StaffAuthHooks {
  const required: StaffHook = async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token)
      throw new DomainError(
        'unauthorized',
        'staff_session_missing',
        'A staff session is required (Authorization: Bearer)',
      );
    request.staffSession = await findStaffSession(store.db, token, now());
  };
  const permissionHooks = new Map<StaffPermission, StaffHook>();
  const allowed = (permission: StaffPermission): StaffHook => {
    let hook = permissionHooks.get(permission);
    if (!hook) {
      hook = async (request) => {
        await required(request);
        requireStaffPermission(staffSessionOf(request), permission);
      };
      permissionHooks.set(permission, hook);
    }
    return hook;
  };
  const isStaffHook = (hook: unknown) =>
    hook === required || [...permissionHooks.values()].some((permissionHook) => permissionHook === hook);
  return { required, allowed, isStaffHook };
}

/** The staff session of a request whose route runs `staffAuth.required`. */
export function staffSessionOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new Error('staffSessionOf is used on a route without staffAuth.required');
  return request.staffSession;
}
