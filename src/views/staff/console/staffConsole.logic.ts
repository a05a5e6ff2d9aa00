import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { calendarDateIn, cleaningDateAt } from '../../../../contract/calendar-days.ts';
import { isStaffRole } from '../../../../contract/staff-roles.ts';
import {
  type CleaningReportInput,
  staffCleaningCheckMachine,
} from '../../../../machines/staffCleaningCheck.machine.ts';
import type { CodeCheckInput } from '../../../../machines/staffCodeCheck.machine.ts';
import { staffCodeCheckMachine } from '../../../../machines/staffCodeCheck.machine.ts';
import {
  type SignInInput,
  type StaffConsoleInput,
  type StaffSectionInput,
  type StaffSession,
  staffConsoleMachine,
} from '../../../../machines/staffConsole.machine.ts';
import { staffHousekeepingMachine } from '../../../../machines/staffHousekeeping.machine.ts';
import { staffRedemptionsMachine } from '../../../../machines/staffRedemptions.machine.ts';
import { endAllStaffSessions, endStaffSession, getCurrentStaffSession, openStaffSession } from '../../../api/staff.ts';
import {
  checkRewardCode,
  getHousekeeping,
  getRedemptions,
  redeemRewardCode,
  reportCleaning,
} from '../../../api/staffDesk.ts';
import { getHotel } from '../../../api/stays.ts';
import { contentEditorLogic } from './content/contentEditor.logic.ts';
import { contentHistoryLogic } from './content/history/contentHistory.logic.ts';
import { staffImpactLogic } from './impact/staffImpact.logic.ts';
import { staffPeopleLogic } from './people/staffPeople.logic.ts';
import { scanQrCode } from './today/qrScanner.ts';
import { staffTrailLogic } from './trail/staffTrail.logic.ts';

/** Where a browser tab keeps its staff session of a hotel: a reload stays signed in, a new tab asks the PIN. */
const sessionKey = (hId: number) => `staffSession:${hId}`;
/** Where the device keeps the names that signed in at a hotel (docs/behaviour.md#browser-storage). */
const namesKey = (hId: number) => `staffNames:${hId}`;

function readStored(storage: () => Storage, key: string): unknown {
  try {
    return JSON.parse(storage().getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function writeStored(storage: () => Storage, key: string, value: unknown | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, JSON.stringify(value));
  } catch {
    // Storage disabled: what it would keep lasts as long as the page.
  }
}

function isStaffSession(value: unknown): value is StaffSession {
  const session = value as Partial<StaffSession> | null;
  const account = session?.account as Partial<StaffSession['account']> | undefined;
  return (
    typeof session?.token === 'string' &&
    typeof session.expiresAt === 'string' &&
    typeof account?.id === 'number' &&
    typeof account.name === 'string' &&
    typeof account.role === 'string' &&
    isStaffRole(account.role)
  );
}

/** The tab's session of the hotel if it has not expired yet (docs/behaviour.md#staff-page). */
export function storedStaffSession(hId: number, now = Date.now()): StaffSession | null {
  const stored = readStored(() => sessionStorage, sessionKey(hId));
  if (!isStaffSession(stored)) return null;
  const { token, expiresAt, account } = stored;
  return Date.parse(expiresAt) > now
    ? { token, expiresAt, account: { id: account.id, name: account.name, role: account.role } }
    : null;
}

/** The names that signed in at the hotel on this device, the latest first. */
export function storedStaffNames(hId: number): string[] {
  const stored = readStored(() => localStorage, namesKey(hId));
  return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
}

/** What the staff page of hotel `hId` starts from: the tab's session and the device's names. */
export function staffConsoleInputOf(hId: number): StaffConsoleInput {
  return { hId, storedSession: storedStaffSession(hId), knownNames: storedStaffNames(hId) };
}

/** The staff page's root with its real calls and the browser's storage, for hotel `hId`. */
export function staffConsoleLogic(hId: number) {
  return staffConsoleMachine.provide({
    actors: {
      loadHotel: fromPromise(({ input }: { input: { hId: number } }) => getHotel(input.hId, null)),
      openStaffSession: fromPromise(({ input }: { input: SignInInput }) =>
        openStaffSession(input.hId, input.pin, input.name),
      ),
      loadCurrentSession: fromPromise(({ input }: { input: StaffSession }) => getCurrentStaffSession(input.token)),
      endStaffSession: fromPromise(({ input }: { input: StaffSession }) => endStaffSession(input.token)),
      endAllStaffSessions: fromPromise(({ input }: { input: StaffSession }) => endAllStaffSessions(input.token)),
      ...todaySectionsLogic(),
      staffImpact: staffImpactLogic(),
      staffPeople: staffPeopleLogic(),
      staffTrail: staffTrailLogic(),
      contentHistory: contentHistoryLogic(),
      contentEditor: contentEditorLogic(),
    },
    actions: {
      rememberSession: (_, session: StaffSession) => writeStored(() => sessionStorage, sessionKey(hId), session),
      forgetSession: () => writeStored(() => sessionStorage, sessionKey(hId), null),
      rememberNames: (_, names: readonly string[]) => writeStored(() => localStorage, namesKey(hId), names),
    },
  });
}

/** The skip-cleaning list of the hotel-local day `dateAt` gives for the time of each load. */
function housekeepingListOf(dateAt: (at: Date, timeZone: string) => string) {
  return staffHousekeepingMachine.provide({
    actors: {
      loadList: fromPromise(({ input }: { input: StaffSectionInput }) =>
        getHousekeeping(input.hId, input.token, dateAt(new Date(), input.timeZone)),
      ),
    },
  });
}

/** The 'Aujourd'hui' tab's sections with their real calls; reward names come in the page's language. */
export function todaySectionsLogic() {
  return {
    // Before 11:00 both are today's list; from then on the second is tomorrow's (docs/behaviour.md#housekeeping-list).
    staffHousekeeping: housekeepingListOf((at, timeZone) => calendarDateIn(timeZone, at)),
    staffHousekeepingTomorrow: housekeepingListOf(cleaningDateAt),
    staffCleaningCheck: staffCleaningCheckMachine.provide({
      actors: {
        reportCleaning: fromPromise(({ input }: { input: CleaningReportInput }) =>
          reportCleaning(input.hId, input.token, input),
        ),
      },
    }),
    staffCodeCheck: staffCodeCheckMachine.provide({
      actors: {
        checkCode: fromPromise(({ input }: { input: CodeCheckInput }) =>
          checkRewardCode(input.token, input.code, i18n.locale),
        ),
        redeemCode: fromPromise(({ input }: { input: CodeCheckInput }) =>
          redeemRewardCode(input.token, input.code, i18n.locale),
        ),
        scanCode: fromPromise(({ signal }) => scanQrCode(signal)),
      },
    }),
    staffRedemptions: staffRedemptionsMachine.provide({
      actors: {
        loadList: fromPromise(({ input }: { input: StaffSectionInput }) =>
          getRedemptions(input.hId, input.token, i18n.locale),
        ),
      },
    }),
  };
}
