import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Sheet, SheetCloseButton, SWIPE_CLOSE_DISTANCE } from '../../../src/components/Sheet.tsx';
import { I18nWrapper } from '../i18n-wrapper.tsx';

function renderSheet() {
  const onClose = vi.fn();
  render(
    <Sheet title="Combien de nuits restez-vous ?" onClose={onClose} corner={<SheetCloseButton onClose={onClose} />}>
      <button type="button">1 nuit</button>
    </Sheet>,
    { wrapper: I18nWrapper },
  );
  const dialog = screen.getByRole('dialog', { name: 'Combien de nuits restez-vous ?' });
  const backdrop = dialog.parentElement as HTMLElement;
  const handle = dialog.querySelector('[data-part="handle"]') as HTMLElement;
  return { onClose, dialog, backdrop, handle, user: userEvent.setup() };
}

/** A drag of the handle from y = 100 down by `distance` px, released there. */
function swipeDown(handle: HTMLElement, distance: number) {
  fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientY: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientY: 100 + distance, pointerId: 1 });
}

describe('Sheet dismissal (issue 15: every sheet closes by ×, backdrop tap and swipe-down)', () => {
  it('closes on the ×', async () => {
    const { onClose, user } = renderSheet();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on a tap of the backdrop, not on a tap inside the sheet', async () => {
    const { onClose, backdrop, user } = renderSheet();
    await user.click(screen.getByRole('button', { name: '1 nuit' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open when a press starts inside the sheet and ends on the backdrop', () => {
    const { onClose, dialog, backdrop } = renderSheet();
    fireEvent.pointerDown(dialog);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('follows the handle down and closes past the swipe distance; a shorter drag springs back', () => {
    const { onClose, dialog, handle } = renderSheet();
    fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 130, pointerId: 1 });
    expect(dialog.style.transform).toBe('translateY(30px)');
    fireEvent.pointerUp(handle, { clientY: 130, pointerId: 1 });
    expect(dialog.style.transform).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    swipeDown(handle, SWIPE_CLOSE_DISTANCE);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not close when the system cancels the drag', () => {
    const { onClose, handle } = renderSheet();
    fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
    fireEvent.pointerCancel(handle, { clientY: 300, pointerId: 1 });
    expect(onClose).not.toHaveBeenCalled();
  });
});
