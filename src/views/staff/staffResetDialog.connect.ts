import type { SnapshotFrom } from 'xstate';
import type { StaffResetEvent, staffResetMachine } from '../../../machines/staffReset.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type StaffResetSnapshot = SnapshotFrom<typeof staffResetMachine>;

/** The PIN dialog's props: what it says, and whether the staff can type, send or cancel. */
export function connectStaffDialog(snapshot: StaffResetSnapshot, send: (event: StaffResetEvent) => void) {
  const busy = snapshot.hasTag('submitting');
  return {
    state: dataStateOf(snapshot),
    busy,
    /** While a PIN is checked, then while the stay ends. */
    progress: snapshot.matches('checkingPin') ? 'checking' : snapshot.matches('terminating') ? 'terminating' : null,
    failure: snapshot.context.failure,
    /** With a `rateLimited` failure: the minutes to wait, rounded up, when the server said. */
    retryAfterMinutes:
      snapshot.context.retryAfterSeconds === null
        ? null
        : Math.max(1, Math.ceil(snapshot.context.retryAfterSeconds / 60)),
    onSubmit: (pin: string) => send({ type: 'staffPin.submit', pin }),
    onCancel: () => send({ type: 'staffReset.cancel' }),
  } as const;
}
