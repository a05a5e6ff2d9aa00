import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { useBackCloses } from './backCloses.ts';
import './Sheet.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface SheetProps {
  /** The visible title, also the dialog's accessible name. */
  title: ReactNode;
  /** Escape, a tap on the backdrop, a swipe down from the handle and the browser's Back close the sheet through this. */
  onClose(): void;
  /** `fullscreen` for action details (docs/behaviour.md#modal-frame); `sheet` for shorter dialogs. */
  variant?: 'sheet' | 'fullscreen';
  /** Drawn in the top end corner, beside the title (e.g. a language menu or a close button). */
  corner?: ReactNode;
  /** Extra zag-style scope so tests and styles can tell sheets apart. */
  scope?: string;
  /** Mirrors the owning machine's state on the dialog element. */
  state?: string;
  /** What takes the focus on opening when the sheet's one action should answer Enter (else the dialog itself). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** How far (px) the handle must be dragged down to close the sheet; a shorter drag springs back. */
export const SWIPE_CLOSE_DISTANCE = 64;

/**
 * The modal bottom sheet of every dialog of the guest app (bottom sheets on phones, centred dialogs above
 * 768 px): focus moves in and is trapped, Escape, a backdrop tap, a swipe down from the handle and the browser's Back
 * close, and focus returns to the opener.
 */
export function Sheet({ title, onClose, variant = 'sheet', corner, scope, state, initialFocus, children }: SheetProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useBackCloses(onClose);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? dialogRef.current)?.focus();
    return () => previous?.focus();
  }, [initialFocus]);

  // A focused button that is disabled or removed (an answer on its way, a failure's card replaced) drops the focus
  // to the page, without an event: after each render, bring it back to the dialog, so the keyboard and screen
  // readers stay in it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) dialogRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  });

  // A press that starts inside the sheet and ends on the backdrop (a text selection) is not a backdrop tap.
  const pressedOnBackdrop = useRef(false);
  const swipeStart = useRef<number | null>(null);

  function swipeDistance(event: PointerEvent<HTMLElement>): number {
    return swipeStart.current === null ? 0 : Math.max(0, event.clientY - swipeStart.current);
  }

  function followSwipe(distance: number) {
    if (dialogRef.current) dialogRef.current.style.transform = distance > 0 ? `translateY(${distance}px)` : '';
  }

  function endSwipe(event: PointerEvent<HTMLElement>, closes: boolean) {
    const distance = swipeDistance(event);
    swipeStart.current = null;
    followSwipe(0);
    if (closes && distance >= SWIPE_CLOSE_DISTANCE) onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // A nested widget (e.g. the language list) that handled Escape itself keeps the sheet open.
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop tap is the pointer's Escape, which the dialog handles.
    // biome-ignore lint/a11y/noStaticElementInteractions: same; the dialog inside is the interactive element.
    <div
      className="sheet__backdrop"
      data-part="backdrop"
      data-variant={variant}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-scope={scope}
        data-state={state}
        data-part="dialog"
        data-variant={variant}
        onKeyDown={onKeyDown}
      >
        <span
          className="sheet__handle"
          data-part="handle"
          aria-hidden="true"
          onPointerDown={(event) => {
            swipeStart.current = event.clientY;
            event.currentTarget.setPointerCapture?.(event.pointerId);
          }}
          onPointerMove={(event) => followSwipe(swipeDistance(event))}
          onPointerUp={(event) => endSwipe(event, true)}
          onPointerCancel={(event) => endSwipe(event, false)}
        />
        {corner && (
          <div className="sheet__corner" data-part="corner">
            {corner}
          </div>
        )}
        <h2 id={titleId} className="sheet__title" data-part="title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** The × of a sheet's corner: closes it like Escape, the backdrop and the handle do. */
export function SheetCloseButton({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="sheet__close" data-part="close" onClick={onClose} aria-label={t`Fermer`}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
