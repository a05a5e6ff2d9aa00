import type { KeyboardEvent, PointerEvent, SyntheticEvent } from 'react';
import type { StaffResetOverlayEvent } from '../../../machines/staffResetOverlay.machine.ts';

const isPressKey = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/**
 * The header title as the staff reset's hidden opener (docs/behaviour.md#staff-reset): a pointer held on it, or Enter
 * or Space held while it has focus, tells the staff reset's overlay, which times the long press; releasing, leaving or
 * blurring before ends the press.
 */
export function connectStaffTitle(send: (event: StaffResetOverlayEvent) => void) {
  const pressEnd = () => send({ type: 'title.pressEnd' });
  return {
    'data-part': 'title',
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
  } as const;
}
