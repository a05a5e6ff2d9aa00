import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayPage } from '../stay/StaySession.tsx';
import { connectStay } from '../stay/stay.connect.ts';
import type { stayLogic } from '../stay/stay.logic.ts';
import { StayContext, useStaySession } from '../stay/stayActor.ts';
import { WelcomePopup } from '../stay/WelcomePopup.tsx';
import { ActionsList } from './ActionsList.tsx';
import { LoadingSheet } from './LoadingSheet.tsx';
import { ProofSuccessToast } from './ProofSuccessToast.tsx';
import './ActionsPage.css';
import { useConnected } from '../binding/useConnected.ts';

// Dialogs, pickers and the modal registry load when the guest first opens an action (guest bundle budget).
const ActionDialogHost = lazy(withDialogsCatalog(() => import('./ActionDialogHost.tsx')));

export interface ActionsPageProps {
  sUUID: string;
  proofSuccessPoints?: number | undefined;
  /** The root actor's logic (tests replace its calls); the real one by default. */
  logic?: typeof stayLogic;
}

/** The actions list of a stay (docs/behaviour.md#actions-list). */
export function ActionsPage({ sUUID, proofSuccessPoints, logic }: ActionsPageProps) {
  return (
    <StayPage sUUID={sUUID} active="actions" logic={logic}>
      <ProofSuccessArrival points={proofSuccessPoints} />
      <ActionsScreen />
    </StayPage>
  );
}

/** The address's `?proof_success` (an input of the page, not an actor's output) goes to the root actor. */
function ProofSuccessArrival({ points }: { points: number | undefined }) {
  const stayActor = StayContext.useActorRef();
  useEffect(() => {
    if (points !== undefined) stayActor.send({ type: 'proofSuccess.arrive', points });
  }, [points, stayActor]);
  return null;
}

function ActionsScreen() {
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const titleId = useId();

  return (
    <section className="actions-page" data-scope="actions-page" aria-labelledby={titleId}>
      <ProofSuccessToast pointsName={pointsName} />
      <div className="actions-page__intro">
        <h1 id={titleId} className="actions-page__title">
          <Trans>Mes gestes</Trans>
        </h1>
        <p className="actions-page__subtitle">
          <Trans>Chaque geste vous rapporte des {pointsName}.</Trans>
        </p>
      </div>
      <ActionsList />
      <ActionDialogs />
      <WelcomePopup />
    </section>
  );
}

/** Mounts the action dialog host once the guest opens an action, and keeps it (its toast and celebration outlive the modal). */
function ActionDialogs() {
  const { launching, onCloseAction } = useConnected(StayContext.useActorRef(), connectStay);
  const [wanted, setWanted] = useState(false);
  if (launching && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={<LoadingSheet onClose={onCloseAction} />}>
      <ActionDialogHost />
    </Suspense>
  );
}
