import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { cleaningDateAt } from '../../../../contract/calendar-days.ts';
import type { CodeCheckInput } from '../../../../machines/staffCodeCheck.machine.ts';
import { staffCodeCheckMachine } from '../../../../machines/staffCodeCheck.machine.ts';
import {
  type SignInInput,
  type StaffSectionInput,
  type StaffSession,
  staffConsoleMachine,
} from '../../../../machines/staffConsole.machine.ts';
import { staffHousekeepingMachine } from '../../../../machines/staffHousekeeping.machine.ts';
import { staffRedemptionsMachine } from '../../../../machines/staffRedemptions.machine.ts';
import { endStaffSession, openStaffSession } from '../../../api/staff.ts';
import { checkRewardCode, getHousekeeping, getRedemptions, redeemRewardCode } from '../../../api/staffDesk.ts';
import { getHotel } from '../../../api/stays.ts';
import { staffImpactLogic } from './impact/staffImpact.logic.ts';
import { staffPeopleLogic } from './people/staffPeople.logic.ts';
import { scanQrCode } from './today/qrScanner.ts';
import { staffTrailLogic } from './trail/staffTrail.logic.ts';

/** Where a browser tab keeps its staff session of a hotel: a reload stays signed in, a new tab asks the PIN. */
const sessionKey = (hId: number) => `staffSession:${hId}`;

/** The tab's session of the hotel if it has not expired yet (docs/behaviour.md#staff-page). */
export function storedStaffSession(hId: number, now = Date.now()): StaffSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(sessionKey(hId)) ?? 'null') as Partial<StaffSession> | null;
    if (typeof stored?.token !== 'string' || typeof stored.expiresAt !== 'string') return null;
    return Date.parse(stored.expiresAt) > now ? { token: stored.token, expiresAt: stored.expiresAt } : null;
  } catch {
    return null;
  }
}

/** The staff page's root with its real calls and the tab's session storage, for hotel `hId`. */
export function staffConsoleLogic(hId: number) {
  return staffConsoleMachine.provide({
    actors: {
      loadHotel: fromPromise(({ input }: { input: { hId: number } }) => getHotel(input.hId, null)),
      openStaffSession: fromPromise(({ input }: { input: SignInInput }) => openStaffSession(input.hId, input.pin)),
      endStaffSession: fromPromise(({ input }: { input: StaffSession }) => endStaffSession(input.token)),
      ...todaySectionsLogic(),
      staffImpact: staffImpactLogic(),
      staffPeople: staffPeopleLogic(),
      staffTrail: staffTrailLogic(),
    },
    actions: {
      rememberSession: (_, session: StaffSession) => {
        try {
          sessionStorage.setItem(sessionKey(hId), JSON.stringify(session));
        } catch {
          // Storage disabled: the session lasts as long as the page.
        }
      },
      forgetSession: () => {
        try {
          sessionStorage.removeItem(sessionKey(hId));
        } catch {
          // See rememberSession.
        }
      },
    },
  });
}

/** The 'Aujourd'hui' tab's sections with their real calls; reward names come in the page's language. */
export function todaySectionsLogic() {
  return {
    staffHousekeeping: staffHousekeepingMachine.provide({
      actors: {
        loadList: fromPromise(({ input }: { input: StaffSectionInput }) =>
          getHousekeeping(input.hId, input.token, cleaningDateAt(new Date(), input.timeZone)),
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
