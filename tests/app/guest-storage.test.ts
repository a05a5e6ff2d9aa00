import { afterEach, describe, expect, it } from 'vitest';
import { isProfileUuid } from '../../contract/profile-id.ts';
import { ensureProfileUUID } from '../../src/storage/guest-storage.ts';

describe('the guest profile id (docs/server.md#identity)', () => {
  afterEach(() => localStorage.clear());

  it('is a version-4 UUID made on first use, then kept', () => {
    const made = ensureProfileUUID();
    expect(isProfileUuid(made)).toBe(true);
    expect(ensureProfileUUID()).toBe(made);
  });

  it('replaces a stored id the server would refuse', () => {
    localStorage.setItem('profileUUID', 'profile-from-an-old-version');
    const replaced = ensureProfileUUID();
    expect(isProfileUuid(replaced)).toBe(true);
    expect(localStorage.getItem('profileUUID')).toBe(replaced);
  });
});
