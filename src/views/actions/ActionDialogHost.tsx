import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ComponentType, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FALLBACK_ACTION_TYPE } from '../../../contract/action-types.ts';
import { unavailableActionsOf } from '../../../contract/launch-rules.ts';
import type { actionLaunchMachine } from '../../../machines/dialogs/actionLaunch.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { Sheet, SheetCloseButton } from '../../components/Sheet.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Toast } from '../../components/Toast.tsx';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { connectStay } from '../stay/stay.connect.ts';
import { StayContext, useOptionalStayChild, useStayChild, useStaySession } from '../stay/stayActor.ts';
import { connectActionLaunch, type LaunchDialog } from './actionLaunch.connect.ts';
import { LoadingSheet } from './LoadingSheet.tsx';
import { CelebrationModal } from './modals/CelebrationModal.tsx';
import { ACTION_MODALS } from './modals/registry.ts';
import type { ActionModalProps } from './modals/types.ts';
import { connectCelebration } from './outcome.connect.ts';
import { EndDatePicker } from './pickers/EndDatePicker.tsx';
import { NightsPicker } from './pickers/NightsPicker.tsx';
import { connectToast } from './toast.connect.ts';
import './ActionDialogHost.css';
import { useConnected } from '../binding/useConnected.ts';

/**
 * Everything that opens from an action card (docs/behaviour.md#launch-flow): the dialogs of the running launch (summary, claim,
 * pickers, modal of the type with the launch's child `modal`) and what follows a successful submission (toast,
 * celebration). A lazy chunk of its own: the actions page mounts it when the guest first opens an action. It only
 * draws the root's children and their children.
 */
export default function ActionDialogHost() {
  const launch = useOptionalStayChild('actionLaunch');
  const { preparingLaunch, onCloseAction } = useConnected(StayContext.useActorRef(), connectStay);
  return (
    <>
      {launch && <LaunchDialogs launch={launch} />}
      {preparingLaunch && <LoadingSheet onClose={onCloseAction} />}
      <SubmissionToast />
      <Celebration />
    </>
  );
}

function LaunchDialogs({ launch }: { launch: ActorRefFrom<typeof actionLaunchMachine> }) {
  const { root, dialog, onClose } = useConnected(launch, connectActionLaunch);
  return (
    <div className="action-dialog-host" {...root}>
      <LaunchDialogView dialog={dialog} onClose={onClose} />
    </div>
  );
}

function LaunchDialogView({ dialog, onClose }: { dialog: LaunchDialog; onClose(): void }) {
  const { t, i18n } = useLingui();
  switch (dialog.kind) {
    case 'nightsPicker':
      return <NightsPicker actorRef={dialog.picker} onClose={onClose} />;
    case 'endDatePicker':
      return <EndDatePicker actorRef={dialog.picker} onClose={onClose} />;
    // One sheet for the end date's save: its spinner, then its failure with 'Réessayer'.
    case 'savingEndDate':
    case 'endDateNotSaved':
      return (
        <Sheet
          title={t`Votre séjour`}
          onClose={onClose}
          scope="end-date-saving"
          state={dialog.kind}
          corner={<SheetCloseButton onClose={onClose} />}
        >
          {dialog.kind === 'savingEndDate' ? (
            <Spinner label={t`Enregistrement de la date de fin…`} />
          ) : (
            <ErrorCard message={i18n._(dialog.error)} onRetry={dialog.onRetry} />
          )}
        </Sheet>
      );
    case 'oneNightUnavailable':
      return <OneNightDialog dialog={dialog} onClose={onClose} />;
    case 'modal': {
      const Modal = modalOf(dialog.modalKey);
      // A registry without the modal (nor the fallback) shows nothing; the next card replaces this launch.
      if (!Modal) return null;
      return (
        <Suspense fallback={<LoadingSheet onClose={onClose} />}>
          <Modal
            key={dialog.action.actId}
            action={dialog.action}
            endDate={dialog.endDate}
            nights={dialog.nights}
            flow={dialog.flow}
            onClose={onClose}
          />
        </Suspense>
      );
    }
    case 'none':
      return null;
  }
}

/**
 * docs/behaviour.md#one-night-stay: the gestures that need a next day, named (from the list on screen), with the way
 * to a longer stay.
 */
function OneNightDialog({
  dialog,
  onClose,
}: {
  dialog: Extract<LaunchDialog, { kind: 'oneNightUnavailable' }>;
  onClose(): void;
}) {
  const { t } = useLingui();
  const actions = useSelector(useStayChild('actionsList'), (list) => list.context.actions);
  const unavailable = unavailableActionsOf(actions, dialog.today, dialog.stayEndDate);
  return (
    <Sheet
      title={t`Actions indisponibles`}
      onClose={onClose}
      scope="one-night"
      state={dialog.kind}
      corner={<SheetCloseButton onClose={onClose} />}
    >
      <p className="action-dialog-host__text">{t`Ces actions ne sont pas disponibles pour un séjour d'une nuit.`}</p>
      <ul className="action-dialog-host__list" data-part="unavailable-actions">
        {unavailable.map((action) => (
          <li key={action.actId}>{action.aadName}</li>
        ))}
      </ul>
      <p className="action-dialog-host__text">{t`Les gestes de ce soir restent ouverts.`}</p>
      <button type="button" className="button-primary action-dialog-host__button" onClick={onClose}>
        {t`Compris`}
      </button>
      <button
        type="button"
        className="button-secondary action-dialog-host__button"
        data-part="change-nights"
        onClick={dialog.onChangeNights}
      >
        {t`Modifier mes nuits`}
      </button>
    </Sheet>
  );
}

/** The modal of a key; an unknown action type gets the review modal, with a warning (docs/behaviour.md#actions-list). */
function modalOf(key: string): ComponentType<ActionModalProps> | undefined {
  const modal = ACTION_MODALS[key];
  if (modal) return modal;
  console.warn(`No modal for action type ${key}; the ${FALLBACK_ACTION_TYPE} modal stands in.`);
  return ACTION_MODALS[FALLBACK_ACTION_TYPE];
}

/** A change of points, signed ('+15 GreenMiles', '−15 GreenMiles' with the minus sign); none when unchanged. */
function signedPoints(points: number, pointsName: string): string | undefined {
  if (points > 0) return `+${points} ${pointsName}`;
  if (points < 0) return `\u2212${-points} ${pointsName}`;
  return undefined;
}

function SubmissionToast() {
  const { hotel } = useStaySession();
  const toast = useStayChild('submissionToast');
  const { root, content, onDismiss } = useConnected(toast, connectToast, 'submission-toast');
  const pointsName = pointsNameOf(hotel);
  return (
    <div {...root}>
      {content?.kind === 'submission' && (
        <Toast
          message={content.message}
          badge={signedPoints(content.points, pointsName)}
          tone={content.points < 0 ? 'loss' : 'success'}
          onDismiss={onDismiss}
        />
      )}
    </div>
  );
}

function Celebration() {
  const { hotel } = useStaySession();
  const outcome = useStayChild('actionOutcome');
  const { root, celebratedPoints, message, progress, onClose } = useConnected(outcome, connectCelebration);
  return (
    <div {...root}>
      {celebratedPoints !== null && (
        <CelebrationModal
          points={celebratedPoints}
          pointsName={pointsNameOf(hotel)}
          message={message}
          progress={progress}
          onClose={onClose}
        />
      )}
    </div>
  );
}
