import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { StayPageName } from '../../../machines/stay.machine.ts';
import { GiftIcon, LeafIcon } from '../../components/Icons.tsx';
import './BottomNav.css';

/** The two tabs of the stay pages (docs/behaviour.md#header-and-navigation); links keep the current /demo prefix. */
export function BottomNav({ sUUID, active }: { sUUID: string; active: StayPageName }) {
  const { t } = useLingui();
  const tabs = [
    // Exact: the actions path is also the start of the finished page's path.
    { page: 'actions', to: '/{-$mode}/stay/$sUUID', exact: true, icon: <LeafIcon />, label: t`Mes actions` },
    { page: 'rewards', to: '/{-$mode}/rewards/$sUUID', exact: false, icon: <GiftIcon />, label: t`Mes récompenses` },
  ] as const;
  return (
    <nav className="bottom-nav" data-scope="bottom-nav" aria-label={t`Navigation du séjour`}>
      {tabs.map((tab) => (
        <Link
          key={tab.page}
          to={tab.to}
          params={{ sUUID }}
          className="bottom-nav__tab"
          data-part="tab"
          aria-current={active === tab.page ? 'page' : undefined}
          activeOptions={{ exact: tab.exact }}
        >
          {tab.icon}
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
