import { fromPromise } from 'xstate';
import { type SignInInput, type StaffSession, staffConsoleMachine } from '../../../../machines/staffConsole.machine.ts';
import { openStaffSession } from '../../../api/staff.ts';
import { getHotel } from '../../../api/stays.ts';
import { staffImpactLogic } from './impact/staffImpact.logic.ts';

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
      staffImpact: staffImpactLogic(),
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
