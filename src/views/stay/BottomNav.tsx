import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { StayPageName } from '../../../machines/stay.machine.ts';
import { GiftIcon, LeafIcon } from '../../components/Icons.tsx';
import './BottomNav.css';

/** The two tabs of the stay pages (docs/behaviour.md#header-and-navigation); links keep the current /demo prefix. */
export function BottomNav({ sUUID, active }: { sUUID: string; active: StayPageName }) {
  const { t } = useLingui();
  return (
    <nav className="bottom-nav" data-scope="bottom-nav" aria-label={t`Navigation du séjour`}>
      <Link
        to="/{-$mode}/stay/$sUUID"
        params={{ sUUID }}
        className="bottom-nav__tab"
        data-part="tab"
        aria-current={active === 'actions' ? 'page' : undefined}
        activeOptions={{ exact: true }}
      >
        <LeafIcon />
        {t`Mes actions`}
      </Link>
      <Link
        to="/{-$mode}/rewards/$sUUID"
        params={{ sUUID }}
        className="bottom-nav__tab"
        data-part="tab"
        aria-current={active === 'rewards' ? 'page' : undefined}
      >
        <GiftIcon />
        {t`Mes récompenses`}
      </Link>
    </nav>
  );
}
