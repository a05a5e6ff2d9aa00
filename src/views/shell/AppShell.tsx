import { Trans } from '@lingui/react/macro';
import { Outlet, useParams } from '@tanstack/react-router';
import { useWideScreen } from './useWideScreen.ts';
import './AppShell.css';

/**
 * The layout of every route (docs/behaviour.md#demo-mode): full screen on phones; above 768 px the app
 * sits in a phone frame, with a "Mode démo" label beside it under /demo. The demo reset panel comes later.
 */
export function AppShell() {
  const isWide = useWideScreen();
  const isDemo = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const classes = ['app-shell', isWide && 'app-shell--framed', isDemo && 'app-shell--demo'].filter(Boolean);

  return (
    <div className={classes.join(' ')} data-scope="shell" data-state={isWide ? 'framed' : 'full-screen'}>
      {isDemo && (
        <p className="app-shell__demo-label" data-part="demo-label">
          <Trans>Mode démo</Trans>
        </p>
      )}
      <div className="app-shell__frame" data-part="frame">
        <div className="app-shell__screen" data-part="screen">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
