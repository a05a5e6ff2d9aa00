import type { EventFrom, SnapshotFrom } from 'xstate';
import type { copyCodeMachine } from '../../../machines/copyCode.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type CopyCodeSnapshot = SnapshotFrom<typeof copyCodeMachine>;
type CopyCodeEvent = EventFrom<typeof copyCodeMachine>;

/** The copy flow as props: the disabled-QR page and a claimed code reward draw the same copy button and status. */
export function connectCopyCode(snapshot: CopyCodeSnapshot, send: (event: CopyCodeEvent) => void) {
  return {
    rootProps: { 'data-scope': 'copy-code', 'data-state': dataStateOf(snapshot) },
    /** The button reads 'Copié !' and the status confirms, for the copyConfirmation delay. */
    copied: snapshot.matches('copied'),
    /** The status asks the guest to note the code by hand. */
    failed: snapshot.matches('failed'),
    copyButtonProps: {
      'data-part': 'copy',
      disabled: snapshot.matches('copying'),
      onClick: () => send({ type: 'code.copy' }),
    },
    retryButtonProps: { 'data-part': 'retry', onClick: () => send({ type: 'qr.retry' }) },
  };
}

export type CopyCodeApi = ReturnType<typeof connectCopyCode>;
