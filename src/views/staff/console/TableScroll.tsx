import type { ReactNode } from 'react';

/**
 * A staff table's box (docs/behaviour.md#staff-page): a table wider than the screen scrolls sideways inside it, never
 * the page, so its words and codes are never split to fit; the box takes the keyboard focus so it can be scrolled.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a named group, not a fieldset: it holds a table, not form controls
    <div role="group" className="staff-table-scroll" aria-label={label} tabIndex={0} data-part="table-scroll">
      {children}
    </div>
  );
}
