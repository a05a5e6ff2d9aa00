import type { SnapshotFrom } from 'xstate';
import type { StayEvent, stayMachine } from '../../../machines/stay.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type StaySnapshot = SnapshotFrom<typeof stayMachine>;

/** The root actor's props for the stay frame and the actions page: which of the page's flows run. */
export function connectStay(snapshot: StaySnapshot, send: (event: StayEvent) => void) {
  return {
    /** On the page's content: the root's state path (`ready.actions.launching.running` …). */
    content: { 'data-part': 'content', 'data-state': dataStateOf(snapshot) },
    pageRunning: snapshot.matches('ready'),
    /** An action is open: its dialogs are wanted. */
    launching: snapshot.matches({ ready: { actions: 'launching' } }),
    /** The open action's code is loading. */
    preparingLaunch: snapshot.matches({ ready: { actions: { launching: 'preparing' } } }),
    onCloseAction: () => send({ type: 'action.close' }),
  } as const;
}
