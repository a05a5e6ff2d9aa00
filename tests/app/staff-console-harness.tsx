import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffCleaningCheckMachine } from '../../machines/staffCleaningCheck.machine.ts';
import { staffCodeCheckMachine } from '../../machines/staffCodeCheck.machine.ts';
import type { StaffSession } from '../../machines/staffConsole.machine.ts';
import { staffConsoleMachine } from '../../machines/staffConsole.machine.ts';
import { staffHousekeepingMachine } from '../../machines/staffHousekeeping.machine.ts';
import { staffRedemptionsMachine } from '../../machines/staffRedemptions.machine.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { StaffConsolePage } from '../../src/views/staff/console/StaffConsolePage.tsx';
import { controlledActors } from './controlled-actors.ts';
import { makeHotel } from './stay-fixtures.ts';

export const STAFF_HOTEL_ID = 1;
export const STAFF_SESSION: StaffSession = {
  token: 'staff-token',
  expiresAt: '2099-01-01T10:15:00.000Z',
  account: { id: 1, name: 'Manager', role: 'manager' },
};
export const STAFF_SESSION_KEY = `staffSession:${STAFF_HOTEL_ID}`;
export const STAFF_NAMES_KEY = `staffNames:${STAFF_HOTEL_ID}`;

/**
 * The staff page with every call under the test's control: the root's (`loadHotel`, `openStaffSession`,
 * `loadCurrentSession`, `endStaffSession`, `endAllStaffSessions`) and those
 * of the 'Aujourd'hui' sections (`housekeeping`, `housekeepingTomorrow` (the list from 11:00 'Demain'), `uses`: their
 * `loadList`; `cleaningReports`: `reportCleaning`;
 * `codeCheck`: `checkCode`, `redeemCode`, `scanCode`).
 */
export function renderStaffConsole(options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const root = controlledActors([
    'loadHotel',
    'openStaffSession',
    'loadCurrentSession',
    'endStaffSession',
    'endAllStaffSessions',
  ]);
  const housekeeping = controlledActors(['loadList']);
  const housekeepingTomorrow = controlledActors(['loadList']);
  const cleaningReports = controlledActors(['reportCleaning']);
  const uses = controlledActors(['loadList']);
  const codeCheck = controlledActors(['checkCode', 'redeemCode', 'scanCode']);
  const logic = root.provideTo(staffConsoleMachine).provide({
    actors: {
      staffHousekeeping: housekeeping.provideTo(staffHousekeepingMachine),
      staffHousekeepingTomorrow: housekeepingTomorrow.provideTo(staffHousekeepingMachine),
      staffCleaningCheck: cleaningReports.provideTo(staffCleaningCheckMachine),
      staffRedemptions: uses.provideTo(staffRedemptionsMachine),
      staffCodeCheck: codeCheck.provideTo(staffCodeCheckMachine),
    },
    actions: {
      rememberSession: (_, session: StaffSession) => sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session)),
      forgetSession: () => sessionStorage.removeItem(STAFF_SESSION_KEY),
      rememberNames: (_, names: readonly string[]) => localStorage.setItem(STAFF_NAMES_KEY, JSON.stringify(names)),
    },
  });
  render(
    <LanguageProvider>
      <StaffConsolePage hId={STAFF_HOTEL_ID} logic={logic} />
    </LanguageProvider>,
  );
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  return { root, housekeeping, housekeepingTomorrow, cleaningReports, uses, codeCheck, user };
}

export type StaffConsoleHarness = ReturnType<typeof renderStaffConsole>;

/**
 * The page signed in (the tab's session, a manager's unless `session` says) with the hotel loaded and the account
 * confirmed by the server: the 'Aujourd'hui' sections of the role have started.
 */
export async function renderSignedInToday(
  options: { advanceTimers?: (ms: number) => unknown; session?: StaffSession } = {},
) {
  const session = options.session ?? STAFF_SESSION;
  sessionStorage.clear();
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
  const harness = renderStaffConsole(options);
  // The page starts once the interface catalog is active.
  await waitFor(() => {
    if (!harness.root.isPending('loadHotel')) throw new Error('The hotel is not being loaded yet');
  });
  await act(async () => harness.root.resolve('loadHotel', makeHotel()));
  await act(async () =>
    harness.root.resolve('loadCurrentSession', { expiresAt: session.expiresAt, account: session.account }),
  );
  return harness;
}
