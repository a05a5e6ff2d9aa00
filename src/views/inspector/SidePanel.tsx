import { type KeyboardEvent, StrictMode, useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribeToPage } from './guestFeed.ts';
import { InspectorApp } from './InspectorApp.tsx';
import './SidePanel.css';

/**
 * The inspector over a running guest page (lazy chunk, only when the inspector is on): a toggle at the page's edge
 * opens a non-modal side panel reading this page's own actors, so QA can use the app while watching it.
 */
function SidePanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Opening moves the focus into the panel (Escape and its close button bring it back to the toggle).
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) close();
  };

  return (
    <div className="inspector-dock" data-scope="inspector-dock" data-state={open ? 'open' : 'closed'} lang="en">
      <button
        ref={toggleRef}
        type="button"
        className="inspector-dock__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Inspector
      </button>
      {open && (
        <aside
          ref={panelRef}
          tabIndex={-1}
          id={panelId}
          className="inspector-dock__panel"
          aria-labelledby={`${panelId}-title`}
          onKeyDown={onKeyDown}
        >
          <div className="inspector-dock__header">
            <h2 id={`${panelId}-title`}>Machine inspector</h2>
            <button type="button" onClick={close}>
              Close inspector
            </button>
          </div>
          <InspectorApp subscribe={subscribeToPage} headingLevel={3} />
        </aside>
      )}
    </div>
  );
}

/** Puts the side panel's toggle on the page, in a root of its own (outside the app's tree, once per page load). */
export function mountSidePanel(): void {
  const container = document.createElement('div');
  container.dataset.part = 'inspector-dock-root';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <SidePanel />
    </StrictMode>,
  );
}
