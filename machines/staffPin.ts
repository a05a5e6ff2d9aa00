import { errorCodeOf } from '../contract/errors.ts';

/**
 * Why a staff PIN was refused (docs/behaviour.md#staff-sessions), for the two PIN forms: the staff reset's dialog and
 * the staff page's sign-in. The views say it ('Mot de passe incorrect'…).
 */
export type StaffPinFailure = 'wrongPin' | 'rateLimited' | 'failed';

export interface StaffPinRefusal {
  failure: StaffPinFailure;
  /** With `rateLimited`: the seconds the server asked to wait, if it said. */
  retryAfterSeconds: number | null;
}

/** The refusal of a failed POST /api/staff/sessions. */
export function staffPinRefusalOf(error: unknown): StaffPinRefusal {
  const code = errorCodeOf(error);
  if (code === 'staff_pin_invalid') return { failure: 'wrongPin', retryAfterSeconds: null };
  if (code === 'staff_pin_rate_limited') {
    const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return { failure: 'rateLimited', retryAfterSeconds: typeof seconds === 'number' ? seconds : null };
  }
  return { failure: 'failed', retryAfterSeconds: null };
}
