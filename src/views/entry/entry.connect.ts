import type { SnapshotFrom } from 'xstate';
import type { entryMachine } from '../../../machines/entry.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

/** The entry page's props: DOM contract, the wait, the failure's text and its retry when retrying can help. */
export function connectEntry(
  snapshot: SnapshotFrom<typeof entryMachine>,
  send: (event: { type: 'entry.retry' }) => void,
) {
  return {
    root: { 'data-scope': 'entry', 'data-state': dataStateOf(snapshot) },
    isLoading: snapshot.hasTag('loading'),
    error: snapshot.context.error,
    onRetry: snapshot.matches('failed') ? () => send({ type: 'entry.retry' }) : undefined,
  } as const;
}
