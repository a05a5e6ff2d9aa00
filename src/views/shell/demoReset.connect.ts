import type { SnapshotFrom } from 'xstate';
import type { DemoResetEvent, demoResetMachine } from '../../../machines/demoReset.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type DemoResetSnapshot = SnapshotFrom<typeof demoResetMachine>;

/** The demo reset panel's props: its button, the confirmation dialog and what failed. */
export function connectDemoReset(snapshot: DemoResetSnapshot, send: (event: DemoResetEvent) => void) {
  const resetting = snapshot.hasTag('submitting');
  return {
    root: { 'data-scope': 'demo-reset', 'data-state': dataStateOf(snapshot) },
    openButton: { 'data-part': 'open', onClick: () => send({ type: 'demoReset.open' }) },
    isDialogOpen: snapshot.matches('confirming') || resetting,
    resetting,
    failure: snapshot.context.failure,
    confirmButton: { 'data-part': 'confirm', disabled: resetting, onClick: () => send({ type: 'demoReset.confirm' }) },
    cancelButton: { 'data-part': 'cancel', disabled: resetting, onClick: () => send({ type: 'demoReset.cancel' }) },
    onClose: () => send({ type: 'demoReset.cancel' }),
  } as const;
}
