import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import './Sheet.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface SheetProps {
  /** The visible title, also the dialog's accessible name. */
  title: ReactNode;
  /** Escape and the backdrop close the sheet through this. */
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

/**
 * The modal bottom sheet of every dialog of the guest app (bottom sheets on phones, centred dialogs above
 * 768 px): focus moves in and is trapped, Escape closes, and focus returns to the opener.
 */
export function Sheet({ title, onClose, variant = 'sheet', corner, scope, state, initialFocus, children }: SheetProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? dialogRef.current)?.focus();
    return () => previous?.focus();
  }, [initialFocus]);

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
    <div className="sheet__backdrop" data-part="backdrop" data-variant={variant}>
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
        <span className="sheet__handle" aria-hidden="true" />
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
