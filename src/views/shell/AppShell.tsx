import { Trans } from '@lingui/react/macro';
import { Outlet, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { DemoPanelSlot } from './DemoResetSlot.tsx';
import { useWideScreen } from './useWideScreen.ts';
import './AppShell.css';

/**
 * The layout of every route (docs/behaviour.md#demo-mode): full screen on phones; above 768 px the app
 * sits in a phone frame, with a "Mode démo" label beside it under /demo, and the stay pages' demo reset panel
 * beside the label (drawn into the `demo-tools` slot by the page, DemoResetSlot.tsx).
 */
export function AppShell() {
  const isWide = useWideScreen();
  const isDemo = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const [demoTools, setDemoTools] = useState<HTMLElement | null>(null);
  const classes = ['app-shell', isWide && 'app-shell--framed', isDemo && 'app-shell--demo'].filter(Boolean);

  return (
    <div className={classes.join(' ')} data-scope="shell" data-state={isWide ? 'framed' : 'full-screen'}>
      {isDemo && (
        <div className="app-shell__demo-bar" data-part="demo-bar">
          <p className="app-shell__demo-label" data-part="demo-label">
            <Trans>Mode démo</Trans>
          </p>
          <div className="app-shell__demo-tools" data-part="demo-tools" ref={setDemoTools} />
        </div>
      )}
      <div className="app-shell__frame" data-part="frame">
        <DemoPanelSlot.Provider value={isDemo ? demoTools : null}>
          <div className="app-shell__screen" data-part="screen">
            <Outlet />
          </div>
        </DemoPanelSlot.Provider>
      </div>
    </div>
  );
}
