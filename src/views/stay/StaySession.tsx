import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { firstVisitCandidates } from '../../../contract/locales.ts';
import type { StayPageName } from '../../../machines/stay.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../components/LanguageMenu.tsx';
import { browserLanguages, useLanguage } from '../../i18n/LanguageProvider.tsx';
import { forgetStoredStay, guestStorage } from '../../storage/guest-storage.ts';
import { forgetHandedOverStay, handedOverStay } from '../../storage/stay-handover.ts';
import { useProvidedLogic } from '../binding/useProvidedLogic.ts';
import { stayInspection } from '../inspector/attach.ts';
import { DemoResetSlot } from '../shell/DemoResetSlot.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Header } from './Header.tsx';
import { connectStay } from './stay.connect.ts';
import { stayLogic } from './stay.logic.ts';
import { StayContext, useSelectLanguage } from './stayActor.ts';
import { connectStayFrame } from './staySession.connect.ts';
import './StaySession.css';
import { useConnected, wholeSnapshot } from '../binding/useConnected.ts';

export { type StaySession, useStaySession } from './stayActor.ts';

export interface StayPageProps {
  sUUID: string;
  active: StayPageName;
  children: ReactNode;
  /** The root actor's logic with its children's real calls (tests replace them). */
  logic?: typeof stayLogic;
}

/** Stores the stay as the current one when it differs from the saved one (docs/behaviour.md#browser-storage). */
function rememberStay(sUUID: string) {
  if (guestStorage.get('sUUID') === sUUID && guestStorage.get('currentStayUUID') === sUUID) return;
  guestStorage.set('sUUID', sUUID);
  guestStorage.set('currentStayUUID', sUUID);
}

/**
 * The stay pages' frame: starts the root actor of the page (session, then the page's flows) with the browser
 * effects it names, then shows header, content and bottom navigation.
 */
export function StayPage({ sUUID, active, children, logic = stayLogic }: StayPageProps) {
  const isDemoPath = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const navigate = useNavigate();
  const { language, followLanguage } = useLanguage();
  const rootLogic = useProvidedLogic(logic, {
    // The address's query goes along (a proof's `?proof_success`, docs/behaviour.md#proof-page).
    redirectToDemo: () => {
      navigate({ to: '/{-$mode}/stay/$sUUID', params: { mode: 'demo', sUUID }, search: true, replace: true });
    },
    redirectOutOfDemo: () => {
      navigate({ to: '/{-$mode}/stay/$sUUID', params: { mode: undefined, sUUID }, search: true, replace: true });
    },
    redirectToFinished: () => {
      navigate({ to: '/{-$mode}/stay/$sUUID/finished', params: { sUUID }, replace: true });
    },
    rememberStay: () => {
      rememberStay(sUUID);
      forgetHandedOverStay();
    },
    rememberWelcomeShown: () => guestStorage.set('welcomeShown', 'true'),
    // The query is removed from the address, replacing the history entry.
    leaveProofSuccessAddress: () => {
      navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID }, search: {}, replace: true });
    },
    // The current /demo prefix is kept.
    goToActionsPage: () => {
      navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID } });
    },
    followLanguage: (_: unknown, settled: string) => followLanguage(settled),
    forgetStay: forgetStoredStay,
    removeWelcomeShownFlag: () => guestStorage.remove('welcomeShown'),
  });
  return (
    // A new address (demo prefix, other stay) starts a fresh root actor.
    <StayContext.Provider
      key={`${sUUID}:${isDemoPath}`}
      logic={rootLogic}
      options={{
        ...stayInspection(),
        input: {
          sUUID,
          profileUUID: guestStorage.get('profileUUID'),
          isDemoPath,
          page: active,
          language,
          welcomeShown: guestStorage.get('welcomeShown') !== null,
          firstVisitLanguages: guestStorage.get('langue') === null ? firstVisitCandidates(browserLanguages()) : [],
          seed: handedOverStay(sUUID),
        },
      }}
    >
      <StayLayout sUUID={sUUID} active={active}>
        {children}
      </StayLayout>
    </StayContext.Provider>
  );
}

function StayLayout({ sUUID, active, children }: { sUUID: string; active: StayPageName; children: ReactNode }) {
  const { i18n } = useLingui();
  const sessionRef = StayContext.useSelector((snapshot) => snapshot.children.session);
  const session = useSelector(sessionRef, wholeSnapshot);
  const stay = useConnected(StayContext.useActorRef(), connectStay);
  const frame = connectStayFrame(session, stay.pageRunning, (event) => sessionRef?.send(event));

  return (
    <div className="stay-page" {...frame.root}>
      {frame.showsPage ? <Header /> : <FrameHeader />}
      {/* The content is the page's scroller (StaySession.css): the router keeps its scroll per address. */}
      <main className="stay-page__content" data-scroll-restoration-id="stay-content" {...stay.content}>
        {frame.showsPage ? (
          children
        ) : frame.error ? (
          <>
            <ErrorCard message={i18n._(frame.error)} onRetry={frame.onRetry} />
            {frame.isDeadEnd && <WayOut sUUID={sUUID} />}
          </>
        ) : (
          <StaySkeleton />
        )}
      </main>
      {/* Without a stay, the tabs would lead to the same error. */}
      {!frame.isDeadEnd && <BottomNav sUUID={sUUID} active={active} />}
      {frame.showsPage && <DemoResetSlot />}
    </div>
  );
}

/**
 * The header before the stay is known (loading, or a stay that cannot be read): the brand and the language menu, so
 * a guest can read the wait or the failure in their language.
 */
function FrameHeader() {
  const { language } = useLanguage();
  const selectLanguage = useSelectLanguage();
  return (
    <header className="stay-header" data-scope="stay-header">
      <p className="stay-header__title" data-part="title" aria-hidden="true">
        GreenMiles
      </p>
      <div className="stay-header__tools">
        <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={selectLanguage} />
      </div>
    </header>
  );
}

/**
 * An address no stay of this device has (another guest's link, an old or mistyped one): back to this device's own
 * stay when it has one, else the home page, which says how to start (scan the room's QR code).
 */
function WayOut({ sUUID }: { sUUID: string }) {
  const { t } = useLingui();
  const ownStay = guestStorage.get('currentStayUUID');
  return (
    <nav className="stay-page__way-out" data-part="way-out" aria-label={t`Pour continuer`}>
      {ownStay && ownStay !== sUUID && (
        <Link to="/{-$mode}/stay/$sUUID" params={{ sUUID: ownStay }} className="button-primary" data-part="own-stay">
          {t`Retour à mon séjour`}
        </Link>
      )}
      <Link
        to="/{-$mode}"
        className={ownStay && ownStay !== sUUID ? 'button-secondary' : 'button-primary'}
        data-part="home"
      >
        {t`Retour à l'accueil`}
      </Link>
    </nav>
  );
}

function StaySkeleton() {
  const { t } = useLingui();
  return (
    <div className="stay-page__skeleton" role="status" aria-label={t`Chargement du séjour…`} data-part="skeleton">
      <span className="skeleton stay-page__skeleton-line" />
      <span className="skeleton stay-page__skeleton-card" />
      <span className="skeleton stay-page__skeleton-card" />
    </div>
  );
}
