import { useParams } from '@tanstack/react-router';
import { createContext, lazy, Suspense, useContext } from 'react';
import { createPortal } from 'react-dom';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { demoResetFlow } from './demoResetFlow.ts';

/**
 * Where the demo layout (AppShell) draws the demo reset panel: beside its 'Mode démo' label, outside the phone frame.
 * Null outside /demo.
 */
export const DemoPanelSlot = createContext<HTMLElement | null>(null);

// Presenters only: the panel, its dialog and its machine stay out of the guest's first visit.
const DemoResetPanel = lazy(
  withDialogsCatalog(async () => {
    const [panel] = await Promise.all([import('./DemoResetPanel.tsx'), demoResetFlow.load()]);
    return panel;
  }),
);

/**
 * Drawn by the stay pages, whose root actor spawns the demo reset (machines/demoReset.machine.ts): the panel shows in
 * the demo layout's slot, while its events still reach this page's actor system.
 */
export function DemoResetSlot() {
  const slot = useContext(DemoPanelSlot);
  const isDemoPath = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  if (!slot || !isDemoPath) return null;
  return createPortal(
    <Suspense fallback={null}>
      <DemoResetPanel />
    </Suspense>,
    slot,
  );
}
