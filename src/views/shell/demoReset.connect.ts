import type { SnapshotFrom } from 'xstate';
import type { DemoResetEvent, demoResetMachine } from '../../../machines/demoReset.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type DemoResetSnapshot = SnapshotFrom<typeof demoResetMachine>;

/** The demo reset question's props (docs/behaviour.md#demo-reset): what failed, and what can be pressed. */
export function connectDemoReset(snapshot: DemoResetSnapshot, send: (event: DemoResetEvent) => void) {
  const resetting = snapshot.hasTag('submitting');
  return {
    state: dataStateOf(snapshot),
    resetting,
    failure: snapshot.context.failure,
    confirmButton: { 'data-part': 'confirm', disabled: resetting, onClick: () => send({ type: 'demoReset.confirm' }) },
    cancelButton: { 'data-part': 'cancel', disabled: resetting, onClick: () => send({ type: 'demoReset.cancel' }) },
    onClose: () => send({ type: 'demoReset.cancel' }),
  } as const;
}
