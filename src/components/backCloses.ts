import { useEffect, useRef } from 'react';

/**
 * The browser's Back button closes the open sheet, and only the sheet (docs/behaviour.md#modal-frame): while sheets
 * are open the history holds one extra entry, a copy of the page's with a mark; Back leaves it, which closes the top
 * sheet. A sheet closed otherwise (×, Escape, an answer) takes its entry away again. The only place that touches
 * the history besides the router: the router never sees these entries (same address, same router key and index).
 */
const MARK = 'greenmilesSheet';

interface OpenSheet {
  close(): void;
}

const openSheets: OpenSheet[] = [];
/** Whether the history holds the sheets' entry (pushed and not yet left). */
let entryPushed = false;
/** Our own `history.back()` is on its way: its popstate is ours, and nothing is pushed before it lands. */
let leaving = false;
let syncQueued = false;
let listening = false;

function markIsCurrent(): boolean {
  return (window.history.state as Record<string, unknown> | null)?.[MARK] === true;
}

/** Brings the history in line with the open sheets, once per burst of changes (one sheet replacing another). */
function sync() {
  syncQueued = false;
  if (leaving) return;
  if (openSheets.length > 0 && !entryPushed) {
    // The prototype's pushState: the router's own wrapper would take it for a navigation.
    History.prototype.pushState.call(window.history, { ...window.history.state, [MARK]: true }, '');
    entryPushed = true;
  } else if (openSheets.length === 0 && entryPushed) {
    entryPushed = false;
    // A navigation from inside the sheet (a link) already left the entry behind: nothing to take away.
    if (markIsCurrent()) {
      leaving = true;
      window.history.back();
    }
  }
}

function scheduleSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

/** Runs before the router's listener (capture), and keeps the sheets' popstates from it: the page did not change. */
function onPopState(event: PopStateEvent) {
  if (leaving) {
    leaving = false;
    event.stopImmediatePropagation();
    scheduleSync();
    return;
  }
  if (entryPushed && !markIsCurrent()) {
    entryPushed = false;
    event.stopImmediatePropagation();
    openSheets.at(-1)?.close();
    // A sheet that stays open (or opens the next one) gets a new entry.
    scheduleSync();
  }
}

/** Back closes this sheet while it is the top one open; `onClose` is the sheet's own close. */
export function useBackCloses(onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!listening) {
      listening = true;
      window.addEventListener('popstate', onPopState, { capture: true });
    }
    const sheet: OpenSheet = { close: () => close.current() };
    openSheets.push(sheet);
    scheduleSync();
    return () => {
      openSheets.splice(openSheets.indexOf(sheet), 1);
      scheduleSync();
    };
  }, []);
}
