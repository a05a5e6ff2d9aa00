import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import type { HotelReply, Stay } from '../../../contract/schemas.ts';
import { type StayPageName, staySessionMachine } from '../../../machines/staySession.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { BottomNav } from './BottomNav.tsx';
import { Header } from './Header.tsx';
import { staySessionLogic } from './staySession.logic.ts';
import './StaySession.css';

export const StaySessionContext = createActorContext(staySessionMachine);

export interface StaySession {
  sUUID: string;
  profileUUID: string;
  stay: Stay;
  hotel: HotelReply | null;
  language: string;
  refreshStay(): void;
}

export interface StayPageProps {
  sUUID: string;
  active: StayPageName;
  children: ReactNode;
  /** Replaces the stay session's calls (tests, demo tooling). */
  logic?: typeof staySessionMachine;
}

/** Stores the stay as the current one when it differs from the saved one (SPEC.md §2). */
function rememberStay(sUUID: string) {
  if (guestStorage.get('sUUID') === sUUID && guestStorage.get('currentStayUUID') === sUUID) return;
  guestStorage.set('sUUID', sUUID);
  guestStorage.set('currentStayUUID', sUUID);
}

/** The stay pages' frame: loads the stay session, then shows header, content and bottom navigation. */
export function StayPage({ sUUID, active, children, logic = staySessionLogic }: StayPageProps) {
  const isDemoPath = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const navigate = useNavigate();
  const providedLogic = useMemo(
    () =>
      logic.provide({
        actions: {
          redirectToDemo: () => {
            navigate({ to: '/{-$mode}/stay/$sUUID', params: { mode: 'demo', sUUID }, replace: true });
          },
          redirectOutOfDemo: () => {
            navigate({ to: '/{-$mode}/stay/$sUUID', params: { mode: undefined, sUUID }, replace: true });
          },
          redirectToFinished: () => {
            navigate({ to: '/{-$mode}/stay/$sUUID/finished', params: { sUUID }, replace: true });
          },
          rememberStay: () => rememberStay(sUUID),
        },
      }),
    [logic, navigate, sUUID],
  );
  return (
    // A new address (demo prefix, other stay) starts a fresh session.
    <StaySessionContext.Provider
      key={`${sUUID}:${isDemoPath}`}
      logic={providedLogic}
      options={{ input: { sUUID, profileUUID: guestStorage.get('profileUUID'), isDemoPath, active } }}
    >
      <StayLayout active={active}>{children}</StayLayout>
    </StaySessionContext.Provider>
  );
}

function StayLayout({ active, children }: { active: StayPageName; children: ReactNode }) {
  const { i18n } = useLingui();
  const actor = StaySessionContext.useActorRef();
  const state = StaySessionContext.useSelector((snapshot) => {
    const value = snapshot.value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  });
  const error = StaySessionContext.useSelector((snapshot) => snapshot.context.error);
  const stay = StaySessionContext.useSelector((snapshot) => snapshot.context.stay);
  const sUUID = StaySessionContext.useSelector((snapshot) => snapshot.context.sUUID);
  const isReady = state === 'ready';

  return (
    <div className="stay-page" data-scope="stay-session" data-state={state}>
      {isReady && stay ? <Header /> : <div className="stay-page__header-placeholder" aria-hidden="true" />}
      <main className="stay-page__content" data-part="content">
        {isReady ? (
          children
        ) : error ? (
          <ErrorCard
            message={i18n._(error)}
            onRetry={state === 'failed' ? () => actor.send({ type: 'stay.retry' }) : undefined}
          />
        ) : (
          <StaySkeleton />
        )}
      </main>
      <BottomNav sUUID={sUUID} active={active} />
    </div>
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

/** The loaded stay session, for the pages rendered inside StayPage. */
export function useStaySession(): StaySession {
  const { language } = useLanguage();
  const actor = StaySessionContext.useActorRef();
  const context = StaySessionContext.useSelector((snapshot) => snapshot.context);
  const { stay, profileUUID } = context;
  if (!stay || !profileUUID) throw new Error('useStaySession is used before the stay is loaded');
  return useMemo(
    () => ({
      sUUID: context.sUUID,
      profileUUID,
      stay,
      hotel: context.hotel,
      language,
      refreshStay: () => actor.send({ type: 'stay.refresh' }),
    }),
    [context.sUUID, profileUUID, stay, context.hotel, language, actor],
  );
}
