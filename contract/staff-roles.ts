/**
 * Staff roles and what each may do (docs/behaviour.md#staff-accounts): the one table the server checks on every staff
 * call (403 staff_role_forbidden) and the staff page reads to show only the tabs a person may use.
 */

export const STAFF_ROLES = ['manager', 'frontDesk', 'housekeeping'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff call or tab needs. */
export const STAFF_PERMISSIONS = [
  /** Check a guest's reward code, hand it over, list the day's uses. */
  'codes',
  /** The skip-cleaning list. */
  'housekeeping',
  /** The hidden stay reset on the guest's page (its long press). */
  'stayReset',
  /** The hotel's impact figures. */
  'impact',
  /** Rotate a room's QR id or the hotel QR key. */
  'qrCodes',
  /** Add, rename, change the role of, reset the PIN of, disable or enable a staff account. */
  'accounts',
  /** Read and export the audit trail. */
  'audit',
  /** Edit the hotel's programme: settings, languages, rooms, actions, rewards, menu, impact figures, pictures. */
  'content',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  manager: STAFF_PERMISSIONS,
  frontDesk: ['codes', 'housekeeping', 'stayReset'],
  housekeeping: ['housekeeping'],
};

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Whether an account with this role (as stored, any text) may sign in by its PIN alone, on the guest page's hidden
 * stay reset: such accounts must not share a PIN, or the sign-in could not tell them apart.
 */
export function signsInByPinAlone(role: string): boolean {
  return isStaffRole(role) && roleMay(role, 'stayReset');
}

/** A personal PIN has at least this many digits (a passphrase: at least as many characters); a demo hotel's 4. */
export const MIN_STAFF_PIN_LENGTH = 6;
