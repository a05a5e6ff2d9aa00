import type { KeyboardEvent, PointerEvent, SyntheticEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { StaffResetEvent, staffResetMachine } from '../../../machines/staffReset.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type StaffResetSnapshot = SnapshotFrom<typeof staffResetMachine>;

const isPressKey = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/**
 * The header title as the staff reset's hidden opener (docs/behaviour.md#staff-reset): a pointer held on it, or Enter
 * or Space held while it has focus, for the long press; releasing, leaving or blurring before ends the press.
 */
export function connectStaffTitle(snapshot: StaffResetSnapshot, send: (event: StaffResetEvent) => void) {
  const pressEnd = () => send({ type: 'title.pressEnd' });
  return {
    title: {
      'data-part': 'title',
      'data-state': dataStateOf(snapshot),
      role: 'button',
      tabIndex: 0,
      'aria-haspopup': 'dialog',
      onPointerDown: (event: PointerEvent) => {
        if (event.button === 0) send({ type: 'title.pressStart' });
      },
      onPointerUp: pressEnd,
      onPointerLeave: pressEnd,
      onPointerCancel: pressEnd,
      onKeyDown: (event: KeyboardEvent) => {
        if (!isPressKey(event)) return;
        // Space would scroll the page; a held key repeats its keydown.
        event.preventDefault();
        if (!event.repeat) send({ type: 'title.pressStart' });
      },
      onKeyUp: (event: KeyboardEvent) => {
        if (isPressKey(event)) pressEnd();
      },
      onBlur: pressEnd,
      // A long touch would open the browser's menu (or select the text) instead.
      onContextMenu: (event: SyntheticEvent) => event.preventDefault(),
    },
    /** The PIN dialog is wanted (its lazy chunk loads then). */
    isDialogOpen: !snapshot.matches('idle') && !snapshot.matches('pressing'),
  } as const;
}
