import { errorCodeOf, errorStatusOf } from '../contract/errors.ts';
import type { StaffConsoleEvent } from './staffConsole.machine.ts';

/**
 * A staff section's call refused for who is signed in, which the staff page handles rather than the section
 * (docs/behaviour.md#staff-page): a session the server no longer knows (401) asks for the PIN again; a role that may
 * not (403 staff_role_forbidden: a manager changed it meanwhile) makes the page ask the server who it is. Every
 * section machine ends on such a refusal (its final state `refused`) and sends the page `staffRefusalEventOf(error)`.
 */
export function isStaffRefusal(error: unknown): boolean {
  return errorStatusOf(error) === 401 || errorCodeOf(error) === 'staff_role_forbidden';
}

/** What a refused section tells the staff page. */
export function staffRefusalEventOf(error: unknown): StaffConsoleEvent {
  return errorCodeOf(error) === 'staff_role_forbidden'
    ? { type: 'staffRole.forbidden' }
    : { type: 'staffSession.expired' };
}
