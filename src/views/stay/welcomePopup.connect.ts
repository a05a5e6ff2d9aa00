import type { SnapshotFrom } from 'xstate';
import type { WelcomePopupEvent, welcomePopupMachine } from '../../../machines/welcomePopup.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type WelcomeSnapshot = SnapshotFrom<typeof welcomePopupMachine>;

/** The welcome popup's props: its DOM contract, whether the dialog shows, and its close handler. */
export function connectWelcomePopup(snapshot: WelcomeSnapshot, send: (event: WelcomePopupEvent) => void) {
  return {
    root: { 'data-scope': 'welcome-popup', 'data-state': dataStateOf(snapshot) },
    isOpen: snapshot.matches('open'),
    onClose: () => send({ type: 'welcome.close' }),
  } as const;
}
