import type { SnapshotFrom } from 'xstate';
import {
  STAFF_TABS,
  type StaffConsoleEvent,
  type StaffTabName,
  type staffConsoleMachine,
  tabsOfRole,
} from '../../../../machines/staffConsole.machine.ts';
import { dataStateOf } from '../../binding/dataState.ts';

type StaffConsoleSnapshot = SnapshotFrom<typeof staffConsoleMachine>;

/**
 * The staff page's props: which screen it shows (loading, signing out, a failure, the sign-in form, the tabs), who is
 * signed in, the tabs of their role and the handlers.
 */
export function connectStaffConsole(snapshot: StaffConsoleSnapshot, send: (event: StaffConsoleEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('signingOut') || snapshot.matches('signingOutEverywhere')
      ? ('signingOut' as const)
      : snapshot.matches('hotelMissing')
        ? ('hotelMissing' as const)
        : snapshot.matches('hotelFailed') || snapshot.matches('accountFailed')
          ? ('failed' as const)
          : snapshot.matches('signedIn')
            ? ('signedIn' as const)
            : ('signIn' as const);
  const account = screen === 'signedIn' ? (context.session?.account ?? null) : null;
  return {
    root: { 'data-scope': 'staff-console', 'data-state': dataStateOf(snapshot) },
    screen,
    hotelName: context.hotel?.hotel.name ?? null,
    signIn: {
      busy: snapshot.hasTag('submitting'),
      /** The names that signed in on this device, the latest first, to choose from. */
      knownNames: context.knownNames,
      failure: context.failure,
      /** With a `rateLimited` failure: the minutes to wait, rounded up, when the server said. */
      retryAfterMinutes:
        context.retryAfterSeconds === null ? null : Math.max(1, Math.ceil(context.retryAfterSeconds / 60)),
      signedOutEverywhere: context.signOutEverywhere === 'done',
      onSubmit: (name: string, pin: string) => send({ type: 'staffSignIn.submit', name, pin }),
    },
    /** Who is signed in (the header shows it), null when nobody is. */
    account,
    signOutEverywhereFailed: context.signOutEverywhere === 'failed',
    tabs: account ? tabsOfRole(account.role) : [],
    tab: STAFF_TABS.find(({ name }) => snapshot.matches({ signedIn: name }))?.name ?? null,
    onShowTab: (tab: StaffTabName) => send({ type: 'staffConsole.show', tab }),
    onSignOut: () => send({ type: 'staffConsole.signOut' }),
    onSignOutEverywhere: () => send({ type: 'staffConsole.signOutEverywhere' }),
    onRetry: () => send({ type: 'staffConsole.retry' }),
  } as const;
}

export type StaffConsoleProps = ReturnType<typeof connectStaffConsole>;
