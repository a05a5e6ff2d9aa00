import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import type { actionLaunchMachine } from '../../../machines/actionLaunch.machine.ts';
import type { actionOutcomeMachine } from '../../../machines/actionOutcome.machine.ts';
import type { actionsListMachine } from '../../../machines/actionsList.machine.ts';
import type { staySessionMachine } from '../../../machines/staySession.machine.ts';
import type { toastMachine } from '../../../machines/toast.machine.ts';
import type { welcomePopupMachine } from '../../../machines/welcomePopup.machine.ts';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayPage, useStaySession } from '../stay/StaySession.tsx';
import { WelcomePopup } from '../stay/WelcomePopup.tsx';
import { ActionsList, ActionsListContext, ActionsListProvider } from './ActionsList.tsx';
import { LoadingSheet } from './LoadingSheet.tsx';
import { ProofSuccessToast } from './ProofSuccessToast.tsx';
import './ActionsPage.css';

/** Replacement logic for the page's flows (tests, demo tooling); the real ones by default. */
export interface ActionsPageLogic {
  staySession?: typeof staySessionMachine;
  actionsList?: typeof actionsListMachine;
  toast?: typeof toastMachine;
  welcomePopup?: typeof welcomePopupMachine;
  actionLaunch?: typeof actionLaunchMachine;
  actionOutcome?: typeof actionOutcomeMachine;
  submissionToast?: typeof toastMachine;
}

// Dialogs, pickers and their machines load when the guest first opens an action (guest bundle budget).
const ActionDialogHost = lazy(withDialogsCatalog(() => import('./ActionDialogHost.tsx')));

export interface ActionsPageProps {
  sUUID: string;
  proofSuccessPoints?: number | undefined;
  logic?: ActionsPageLogic;
}

/** The actions list of a stay (SPEC.md §2 "Actions page"). */
export function ActionsPage({ sUUID, proofSuccessPoints, logic = {} }: ActionsPageProps) {
  return (
    <StayPage sUUID={sUUID} active="actions" logic={logic.staySession}>
      <ActionsListProvider logic={logic.actionsList}>
        <ActionsScreen proofSuccessPoints={proofSuccessPoints} logic={logic} />
      </ActionsListProvider>
    </StayPage>
  );
}

function ActionsScreen({
  proofSuccessPoints,
  logic,
}: {
  proofSuccessPoints: number | undefined;
  logic: ActionsPageLogic;
}) {
  const { sUUID, hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const actionsLoaded = ActionsListContext.useSelector((snapshot) => snapshot.matches('ready'));
  const titleId = useId();

  return (
    <section className="actions-page" data-scope="actions-page" aria-labelledby={titleId}>
      <ProofSuccessToast sUUID={sUUID} points={proofSuccessPoints} pointsName={pointsName} logic={logic.toast} />
      <div className="actions-page__intro">
        <h1 id={titleId} className="actions-page__title">
          <Trans>Mes gestes éco-responsables</Trans>
        </h1>
        <p className="actions-page__subtitle">
          <Trans>Chaque geste pour la planète vous rapporte des {pointsName}.</Trans>
        </p>
      </div>
      <ActionsList />
      <ActionDialogs logic={logic} />
      <WelcomePopup actionsLoaded={actionsLoaded} logic={logic.welcomePopup} />
    </section>
  );
}

/** Mounts the action dialog host once the guest opens an action, and keeps it (its toast and celebration outlive the modal). */
function ActionDialogs({ logic }: { logic: ActionsPageLogic }) {
  const list = ActionsListContext.useActorRef();
  const opened = ActionsListContext.useSelector((snapshot) => snapshot.context.selectedActionId !== null);
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={<LoadingSheet onClose={() => list.send({ type: 'action.close' })} />}>
      <ActionDialogHost
        logic={{ actionLaunch: logic.actionLaunch, actionOutcome: logic.actionOutcome, toast: logic.submissionToast }}
      />
    </Suspense>
  );
}
