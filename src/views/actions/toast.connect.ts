import type { SnapshotFrom } from 'xstate';
import type { ToastEvent, toastMachine } from '../../../machines/toast.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

/** A toast's props, for the region named `scope`: its DOM contract, what it shows, and its dismiss handler. */
export function connectToast<Scope extends string>(
  snapshot: SnapshotFrom<typeof toastMachine>,
  send: (event: ToastEvent) => void,
  scope: Scope,
) {
  return {
    root: { 'data-scope': scope, 'data-state': dataStateOf(snapshot) },
    content: snapshot.matches('visible') ? snapshot.context.content : null,
    onDismiss: () => send({ type: 'toast.dismiss' }),
  } as const;
}
