import { isProfileUuid } from '../../contract/profile-id.ts';

/** The browser storage keys (docs/behaviour.md#browser-storage). Storage may be unavailable (private mode): reads then give null. */
export type GuestStorageKey = 'profileUUID' | 'currentStayUUID' | 'sUUID' | 'langue' | 'stayInfo' | 'welcomeShown';

export const guestStorage = {
  get(key: GuestStorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: GuestStorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the app keeps working for this visit.
    }
  },
  remove(key: GuestStorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};

/**
 * The guest's identity on this device, created on first use; a stored id the server would refuse (not a version-4
 * UUID, docs/server.md#identity) is replaced.
 */
export function ensureProfileUUID(): string {
  const existing = guestStorage.get('profileUUID');
  if (existing && isProfileUuid(existing)) return existing;
  const created = crypto.randomUUID();
  guestStorage.set('profileUUID', created);
  return created;
}

/** The stored stay is over (finished page, staff reset): the next QR scan starts a new one. */
export function forgetStoredStay(): void {
  guestStorage.remove('sUUID');
  guestStorage.remove('currentStayUUID');
}

/**
 * docs/behaviour.md#browser-storage: the stay the server answered (a scanned code created or found it) and its
 * profile become this device's.
 */
export function rememberGuestStay({ profileUUID, sUUID }: { profileUUID: string; sUUID: string }): void {
  guestStorage.set('profileUUID', profileUUID);
  guestStorage.set('currentStayUUID', sUUID);
  guestStorage.set('sUUID', sUUID);
}
