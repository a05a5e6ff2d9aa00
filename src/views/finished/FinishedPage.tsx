import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { useId, useMemo } from 'react';
import { finishedStayMachine } from '../../../machines/finishedStay.machine.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { finishedStayLogic } from './finishedStay.logic.ts';
import './FinishedPage.css';

export const FinishedStayContext = createActorContext(finishedStayMachine);

export interface FinishedPageProps {
  sUUID: string;
  /** Replaces the stay check's call (tests, demo tooling). */
  logic?: typeof finishedStayMachine;
}

/** The stored stay is over: the next QR scan starts a new one. */
function forgetStay() {
  guestStorage.remove('sUUID');
  guestStorage.remove('currentStayUUID');
}

/** /stay/{sUUID}/finished: no header nor navigation, the stay is over (SPEC.md §2). */
export function FinishedPage({ sUUID, logic = finishedStayLogic }: FinishedPageProps) {
  const navigate = useNavigate();
  const providedLogic = useMemo(
    () =>
      logic.provide({
        actions: {
          forgetStay,
          // Without `mode` in params the /demo prefix of the current address is kept.
          goToStay: () => {
            navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID }, replace: true });
          },
          goHome: () => {
            navigate({ to: '/{-$mode}', params: {}, replace: true });
          },
        },
      }),
    [logic, navigate, sUUID],
  );
  return (
    <FinishedStayContext.Provider
      key={sUUID}
      logic={providedLogic}
      options={{ input: { sUUID, profileUUID: guestStorage.get('profileUUID') } }}
    >
      <FinishedStayView />
    </FinishedStayContext.Provider>
  );
}

function FinishedStayView() {
  const { t } = useLingui();
  const state = FinishedStayContext.useSelector((snapshot) => String(snapshot.value));
  const stay = FinishedStayContext.useSelector((snapshot) => snapshot.context.stay);

  return (
    <main className="finished-page" data-scope="finished-stay" data-state={state}>
      {state === 'finished' && stay ? (
        <ThankYouCard points={stay.greenMiles} firstName={stay.profile.firstName} />
      ) : (
        <Spinner label={t`Vérification de votre séjour…`} />
      )}
    </main>
  );
}

function ThankYouCard({ points, firstName }: { points: number; firstName: string | null }) {
  const { t } = useLingui();
  const titleId = useId();
  const badges = [
    { id: 'traveller', icon: '🌿', label: t`Voyageur responsable` },
    { id: 'water', icon: '💧', label: t`Gardien de l'eau` },
    { id: 'planet', icon: '🌍', label: t`Ami de la planète` },
  ];
  return (
    <section className="finished-page__card" data-part="card" aria-labelledby={titleId}>
      <span className="finished-page__emblem" aria-hidden="true">
        🌱
      </span>
      <h1 id={titleId} className="finished-page__title" data-part="title">
        {firstName ? <Trans>Merci {firstName} !</Trans> : <Trans>Merci pour votre séjour !</Trans>}
      </h1>
      <p className="finished-page__text" data-part="text">
        <Trans>Votre séjour est terminé. Merci d'avoir agi pour la planète avec nous.</Trans>
      </p>
      <ul className="finished-page__badges" data-part="badges" aria-label={t`Vos badges`}>
        <li className="finished-page__badge finished-page__badge--points" data-part="badge">
          <Trans>
            <span className="finished-page__badge-value">{points}</span> points gagnés
          </Trans>
        </li>
        {badges.map((badge) => (
          <li key={badge.id} className="finished-page__badge" data-part="badge">
            <span className="finished-page__badge-icon" aria-hidden="true">
              {badge.icon}
            </span>
            <span className="finished-page__badge-label">{badge.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
