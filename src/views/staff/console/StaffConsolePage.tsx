import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { staffConsoleMachine } from '../../../../machines/staffConsole.machine.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../../components/LanguageMenu.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../binding/useConnected.ts';
import { ImpactPanel } from './ImpactPanel.tsx';
import { PeoplePanel, TrailPanel } from './ManagerPanels.tsx';
import { StaffSignIn } from './StaffSignIn.tsx';
import { connectStaffConsole, type StaffConsoleProps, type StaffSectionName } from './staffConsole.connect.ts';
import { staffConsoleLogic, storedStaffSession } from './staffConsole.logic.ts';
import { TodayPanel } from './TodayPanel.tsx';
import './StaffConsolePage.css';

export const StaffConsoleContext = createActorContext(staffConsoleMachine);

export interface StaffConsolePageProps {
  hId: number;
  /** The root machine with its calls and storage; tests pass controlled ones. */
  logic?: ReturnType<typeof staffConsoleLogic>;
}

/** /staff/{hId} (docs/behaviour.md#staff-page): the hotel staff's page, behind the staff PIN; a lazy chunk. */
export function StaffConsolePage(props: StaffConsolePageProps) {
  // Another hotel is another console: a new root with its own session.
  return <StaffConsoleSession key={props.hId} {...props} />;
}

function StaffConsoleSession({ hId, logic }: StaffConsolePageProps) {
  const [input] = useState(() => ({ hId, storedSession: storedStaffSession(hId) }));
  const [providedLogic] = useState(() => logic ?? staffConsoleLogic(hId));
  return (
    <StaffConsoleContext.Provider logic={providedLogic} options={{ input }}>
      <StaffConsoleView />
    </StaffConsoleContext.Provider>
  );
}

function StaffConsoleView() {
  const { t } = useLingui();
  const { language, setLanguage } = useLanguage();
  const page = useConnected(StaffConsoleContext.useActorRef(), connectStaffConsole);
  const { hotelName } = page;
  return (
    <div className="staff-console" {...page.root}>
      <header className="staff-console__header" data-part="header">
        <div className="staff-console__titles">
          <p className="staff-console__brand" data-part="brand">
            GreenMiles
          </p>
          <h1 className="staff-console__title" data-part="title">
            {hotelName ? t`Espace personnel — ${hotelName}` : t`Espace personnel`}
          </h1>
        </div>
        <div className="staff-console__tools" data-part="tools">
          <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={setLanguage} />
          {page.screen === 'signedIn' && (
            <button type="button" className="button-secondary" data-part="sign-out" onClick={page.onSignOut}>
              <Trans>Se déconnecter</Trans>
            </button>
          )}
        </div>
      </header>
      <main className="staff-console__main" data-part="main">
        <StaffConsoleScreen page={page} />
      </main>
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
    case 'hotelFailed':
      return <ErrorCard message={t`Une erreur est survenue`} onRetry={page.onRetry} />;
    case 'signIn':
      return <StaffSignIn {...page.signIn} />;
    case 'signedIn':
      return <StaffSections current={page.section} onShow={page.onShowSection} />;
  }
}

const SECTIONS: StaffSectionName[] = ['today', 'impact', 'people', 'trail'];

/** The sections as tabs (WAI-ARIA tabs, automatic activation: arrows move and show, Home/End). */
function StaffSections({ current, onShow }: { current: StaffSectionName; onShow: (name: StaffSectionName) => void }) {
  const { t } = useLingui();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<StaffSectionName, HTMLButtonElement | null>>>({});
  const labels: Record<StaffSectionName, string> = {
    today: t`Aujourd'hui`,
    impact: t`Impact`,
    people: t`Personnes`,
    trail: t`Journal`,
  };

  function show(name: StaffSectionName) {
    onShow(name);
    tabRefs.current[name]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = SECTIONS.indexOf(current);
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const next =
      event.key === forward
        ? SECTIONS[(index + 1) % SECTIONS.length]
        : event.key === backward
          ? SECTIONS[(index - 1 + SECTIONS.length) % SECTIONS.length]
          : event.key === 'Home'
            ? SECTIONS[0]
            : event.key === 'End'
              ? SECTIONS[SECTIONS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    show(next);
  }

  return (
    <>
      <div className="staff-console__tabs" role="tablist" data-part="tabs" onKeyDown={onKeyDown}>
        {SECTIONS.map((name) => (
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
            {labels[name]}
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
        <SectionPanel name={current} />
      </section>
    </>
  );
}

function SectionPanel({ name }: { name: StaffSectionName }) {
  switch (name) {
    case 'today':
      return <TodayPanel />;
    case 'impact':
      return <ImpactPanel />;
    case 'people':
      return <PeoplePanel />;
    case 'trail':
      return <TrailPanel />;
  }
}
