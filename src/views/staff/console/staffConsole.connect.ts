import type { SnapshotFrom } from 'xstate';
import type { StaffConsoleEvent, staffConsoleMachine } from '../../../../machines/staffConsole.machine.ts';
import { dataStateOf } from '../../binding/dataState.ts';

type StaffConsoleSnapshot = SnapshotFrom<typeof staffConsoleMachine>;

export type StaffSectionName = 'today' | 'impact' | 'people' | 'trail';

const SHOW_EVENTS = {
  today: 'staffConsole.showToday',
  impact: 'staffConsole.showImpact',
  people: 'staffConsole.showPeople',
  trail: 'staffConsole.showTrail',
} as const satisfies Record<StaffSectionName, StaffConsoleEvent['type']>;

/** The staff page's props: which screen it shows (loading, signing out, hotel failure, PIN form, sections) and its handlers. */
export function connectStaffConsole(snapshot: StaffConsoleSnapshot, send: (event: StaffConsoleEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('signingOut')
      ? ('signingOut' as const)
      : snapshot.matches('hotelMissing')
        ? ('hotelMissing' as const)
        : snapshot.matches('hotelFailed')
          ? ('hotelFailed' as const)
          : snapshot.matches('signedIn')
            ? ('signedIn' as const)
            : ('signIn' as const);
  const section: StaffSectionName =
    (['impact', 'people', 'trail'] as const).find((name) => snapshot.matches({ signedIn: name })) ?? 'today';
  return {
    root: { 'data-scope': 'staff-console', 'data-state': dataStateOf(snapshot) },
    screen,
    hotelName: context.hotel?.hotel.name ?? null,
    signIn: {
      busy: snapshot.hasTag('submitting'),
      failure: context.failure,
      /** With a `rateLimited` failure: the minutes to wait, rounded up, when the server said. */
      retryAfterMinutes:
        context.retryAfterSeconds === null ? null : Math.max(1, Math.ceil(context.retryAfterSeconds / 60)),
      onSubmit: (pin: string) => send({ type: 'staffPin.submit', pin }),
    },
    section,
    onShowSection: (name: StaffSectionName) => send({ type: SHOW_EVENTS[name] }),
    onSignOut: () => send({ type: 'staffConsole.signOut' }),
    onRetry: () => send({ type: 'staffConsole.retry' }),
  } as const;
}

export type StaffConsoleProps = ReturnType<typeof connectStaffConsole>;
