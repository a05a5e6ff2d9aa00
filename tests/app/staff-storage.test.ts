import { beforeEach, describe, expect, it } from 'vitest';
import { KNOWN_NAMES_KEPT, namesAfterSignIn } from '../../machines/staffConsole.machine.ts';
import { storedStaffNames, storedStaffSession } from '../../src/views/staff/console/staffConsole.logic.ts';

/** What the staff page keeps in the browser (docs/behaviour.md#browser-storage) and how it reads it back. */

const NOW = Date.parse('2026-11-24T09:00:00.000Z');
const SESSION = {
  token: 'staff-token',
  expiresAt: '2026-11-24T09:15:00.000Z',
  account: { id: 2, name: 'Amina', role: 'frontDesk' },
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('names remembered by a device', () => {
  it('puts the name that signed in first, once whatever its case, and keeps the latest few', () => {
    expect(namesAfterSignIn([], 'Amina')).toEqual(['Amina']);
    expect(namesAfterSignIn(['Karim', 'amina'], 'Amina')).toEqual(['Amina', 'Karim']);
    const many = Array.from({ length: KNOWN_NAMES_KEPT }, (_, index) => `Person ${index + 1}`);
    const after = namesAfterSignIn(many, 'Amina');
    expect(after).toHaveLength(KNOWN_NAMES_KEPT);
    expect(after[0]).toBe('Amina');
    expect(after).not.toContain(`Person ${KNOWN_NAMES_KEPT}`);
  });

  it('reads only a list of names', () => {
    localStorage.setItem('staffNames:1', JSON.stringify(['Amina', 3, null, 'Karim']));
    expect(storedStaffNames(1)).toEqual(['Amina', 'Karim']);
    localStorage.setItem('staffNames:1', '{"not":"a list"}');
    expect(storedStaffNames(1)).toEqual([]);
    localStorage.setItem('staffNames:1', 'not JSON');
    expect(storedStaffNames(1)).toEqual([]);
    expect(storedStaffNames(2)).toEqual([]);
  });
});

describe("the tab's staff session", () => {
  it('is read back with its account until it expires', () => {
    sessionStorage.setItem('staffSession:1', JSON.stringify(SESSION));
    expect(storedStaffSession(1, NOW)).toEqual(SESSION);
    expect(storedStaffSession(1, Date.parse(SESSION.expiresAt))).toBeNull();
  });

  it('is asked for again when kept without an account or with a role that does not exist', () => {
    const { account: _, ...withoutAccount } = SESSION;
    sessionStorage.setItem('staffSession:1', JSON.stringify(withoutAccount));
    expect(storedStaffSession(1, NOW)).toBeNull();
    sessionStorage.setItem(
      'staffSession:1',
      JSON.stringify({ ...SESSION, account: { ...SESSION.account, role: 'owner' } }),
    );
    expect(storedStaffSession(1, NOW)).toBeNull();
  });
});
