import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type StaffTabName, staffConsoleMachine } from '../../../../machines/staffConsole.machine.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../../components/LanguageMenu.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../binding/useConnected.ts';
import { ImpactPanel } from './ImpactPanel.tsx';

import { ContentPanel, HistoryPanel, PeoplePanel, TrailPanel } from './ManagerPanels.tsx';
import { StaffSignIn } from './StaffSignIn.tsx';
import { connectStaffConsole, type StaffConsoleProps } from './staffConsole.connect.ts';
import { staffConsoleInputOf, staffConsoleLogic } from './staffConsole.logic.ts';
import { useStaffRoleLabel } from './staffRoles.ts';
import { TodayPanel } from './TodayPanel.tsx';
import './StaffConsolePage.css';

export const StaffConsoleContext = createActorContext(staffConsoleMachine);

export interface StaffConsolePageProps {
  hId: number;
  /** The root machine with its calls and storage; tests pass controlled ones. */
  logic?: ReturnType<typeof staffConsoleLogic>;
}

/** /staff/{hId} (docs/behaviour.md#staff-page): the hotel staff's page, behind a name and PIN; a lazy chunk. */
export function StaffConsolePage(props: StaffConsolePageProps) {
  // Another hotel is another console: a new root with its own session.
  return <StaffConsoleSession key={props.hId} {...props} />;
}

function StaffConsoleSession({ hId, logic }: StaffConsolePageProps) {
  const [input] = useState(() => staffConsoleInputOf(hId));
  const [providedLogic] = useState(() => logic ?? staffConsoleLogic(hId));
  return (
    <StaffConsoleContext.Provider logic={providedLogic} options={{ input }}>
      <StaffConsoleView />
    </StaffConsoleContext.Provider>
  );
}

/**
 * What each tab of the staff page shows (machines/staffConsole.machine.ts STAFF_TABS says which role opens which):
 * its label and its panel, which reads its section machines from the root's snapshot.
 */
function useTabViews(): Record<StaffTabName, { label: string; panel: () => ReactNode }> {
  const { t } = useLingui();
  return {
    today: { label: t`Aujourd'hui`, panel: () => <TodayPanel /> },
    impact: { label: t`Impact`, panel: () => <ImpactPanel /> },
    content: { label: t`Programme`, panel: () => <ContentPanel /> },
    people: { label: t`Personnes`, panel: () => <PeoplePanel /> },
    trail: { label: t`Journal`, panel: () => <TrailPanel /> },
    history: { label: t`Historique`, panel: () => <HistoryPanel /> },
  };
}

function StaffConsoleView() {
  const { t } = useLingui();
  const { language, setLanguage } = useLanguage();
  const page = useConnected(StaffConsoleContext.useActorRef(), connectStaffConsole);
  const { hotelName } = page;
  return (
    <div className="staff-console" {...page.root}>
      <header className="staff-console__header" data-part="header">
        <div className="staff-console__bar">
          <div className="staff-console__titles">
            <p className="staff-console__brand" data-part="brand">
              GreenMiles
            </p>
            <h1 className="staff-console__title" data-part="title">
              {hotelName ? t`Espace personnel — ${hotelName}` : t`Espace personnel`}
            </h1>
          </div>
          <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={setLanguage} />
        </div>
        {page.account && <SignedInPerson page={page} />}
      </header>
      <main className="staff-console__main" data-part="main">
        <StaffConsoleScreen page={page} />
      </main>
    </div>
  );
}

/** Who is signed in, and the two ways out: this device, or every device of the person. */
function SignedInPerson({ page }: { page: StaffConsoleProps }) {
  const roleLabel = useStaffRoleLabel();
  if (!page.account) return null;
  const { name, role } = page.account;
  return (
    <div className="staff-console__person" data-part="person">
      <p className="staff-console__who" data-part="who">
        <span className="staff-console__avatar" aria-hidden="true">
          {Array.from(name.trim())[0]?.toLocaleUpperCase() ?? ''}
        </span>
        <span className="staff-console__who-text">
          <span className="staff-console__name" data-part="name">
            {name}
          </span>
          <span className="staff-console__role" data-part="role">
            {roleLabel(role)}
          </span>
        </span>
      </p>
      <div className="staff-console__sign-out" data-part="sign-out-tools">
        <button type="button" className="button-secondary" data-part="sign-out" onClick={page.onSignOut}>
          <Trans>Se déconnecter</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          data-part="sign-out-everywhere"
          onClick={page.onSignOutEverywhere}
        >
          <Trans>Se déconnecter partout</Trans>
        </button>
      </div>
      {page.signOutEverywhereFailed && (
        <p className="staff-console__person-error" role="alert" data-part="sign-out-error">
          <Trans>La déconnexion des autres appareils a échoué. Réessayez.</Trans>
        </p>
      )}
    </div>
  );
}

function StaffConsoleScreen({ page }: { page: StaffConsoleProps }) {
  const { t } = useLingui();
  switch (page.screen) {
    case 'loading':
      return <Spinner label={t`Chargement…`} />;
    case 'signingOut':
      return <Spinner label={t`Déconnexion…`} />;
    case 'hotelMissing':
      return <ErrorCard message={t`Hôtel introuvable.`} />;
    case 'failed':
      return <ErrorCard message={t`Une erreur est survenue`} onRetry={page.onRetry} />;
    case 'signIn':
      return <StaffSignIn {...page.signIn} />;
    case 'signedIn':
      return page.tab && <StaffTabs tabs={page.tabs} current={page.tab} onShow={page.onShowTab} />;
  }
}

/**
 * The tabs of the person's role (WAI-ARIA tabs, automatic activation: arrows move and show, Home/End); a role with
 * one tab sees its panel alone.
 */
function StaffTabs({
  tabs,
  current,
  onShow,
}: {
  tabs: StaffTabName[];
  current: StaffTabName;
  onShow: (name: StaffTabName) => void;
}) {
  const baseId = useId();
  const views = useTabViews();
  const tabRefs = useRef<Partial<Record<StaffTabName, HTMLButtonElement | null>>>({});

  if (tabs.length === 1) {
    return (
      <section className="staff-console__panel" data-part="panel" data-section={current}>
        {views[current].panel()}
      </section>
    );
  }

  function show(name: StaffTabName) {
    onShow(name);
    tabRefs.current[name]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.indexOf(current);
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const next =
      event.key === forward
        ? tabs[(index + 1) % tabs.length]
        : event.key === backward
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    show(next);
  }

  return (
    <>
      <div className="staff-console__tabs" role="tablist" data-part="tabs" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}-panel`}
            aria-selected={name === current}
            tabIndex={name === current ? 0 : -1}
            className="staff-console__tab"
            data-part="tab"
            data-state={name === current ? 'selected' : 'idle'}
            onClick={() => show(name)}
          >
            {views[name].label}
          </button>
        ))}
      </div>
      <section
        className="staff-console__panel"
        role="tabpanel"
        id={`${baseId}-${current}-panel`}
        aria-labelledby={`${baseId}-${current}-tab`}
        data-part="panel"
        data-section={current}
      >
        {views[current].panel()}
      </section>
    </>
  );
}
