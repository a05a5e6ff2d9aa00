import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { answerStateOf } from '../../../../contract/recorded-answers.ts';
import type { Action } from '../../../../contract/schemas.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { Sheet, SheetCloseButton } from '../../../components/Sheet.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import type { SubmissionOutcomeProps } from './submission.connect.ts';
import './ActionModalLayout.css';

export interface ActionModalLayoutProps {
  action: Action;
  /** The dialog's title when the flow words it itself; else the action's name. */
  title?: string;
  onClose(): void;
  /** The modal's flow, for the dialog's data-scope. */
  scope: string;
  /** The flow's state, mirrored on the dialog's data-state. */
  state: string;
  variant?: 'sheet' | 'fullscreen';
  /** The reward banner; shown by default while the points are on offer (not yet answered, or answered without earning). */
  showReward?: boolean;
  children: ReactNode;
}

/**
 * The frame of every action modal (docs/behaviour.md#modal-frame): picture, title (aadName), reward banner,
 * description, content.
 */
export function ActionModalLayout({
  action,
  title = action.aadName,
  onClose,
  scope,
  state,
  variant = 'fullscreen',
  showReward = answerStateOf(action) === 'open' || answerStateOf(action) === 'onOffer',
  children,
}: ActionModalLayoutProps) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const reward = action.actReward;

  return (
    <Sheet
      title={title}
      onClose={onClose}
      variant={variant}
      scope={scope}
      state={state}
      corner={<SheetCloseButton onClose={onClose} />}
    >
      {action.actPictureURL && (
        <img className="action-modal__picture" data-part="picture" src={action.actPictureURL} alt="" />
      )}
      {showReward && (
        <p className="pill pill--success points action-modal__reward" data-part="reward">
          {reward > 0 ? t`+${reward} ${pointsName}` : t`Sans ${pointsName}`}
        </p>
      )}
      {action.aadDescription && (
        <p className="action-modal__description" data-part="description">
          {action.aadDescription}
        </p>
      )}
      {children}
    </Sheet>
  );
}

/**
 * The bottom of a submission modal: the sending state, then a failure (docs/behaviour.md#sending-an-answer: the red
 * alert with 'Réessayer', or the insufficient notice for a reply about missing GreenMiles), then the server's success message once the
 * host has it (it also shows it in the toast).
 */
export function SubmissionOutcome({
  submitting,
  notEnoughPoints,
  error,
  reply,
  retry,
  sendingLabel,
  notEnoughHint,
}: Pick<SubmissionOutcomeProps<string>, 'submitting' | 'notEnoughPoints' | 'error' | 'reply' | 'retry'> & {
  sendingLabel?: string;
  /** Replaces the not-enough notice's hint (a change of answer says so). */
  notEnoughHint?: string;
}) {
  const { i18n } = useLingui();
  const { hotel } = useStaySession();
  return (
    <>
      {submitting && <SubmittingStatus label={sendingLabel} />}
      {notEnoughPoints ? (
        <InsufficientPointsNotice pointsName={pointsNameOf(hotel)}>{notEnoughHint}</InsufficientPointsNotice>
      ) : (
        error && <ErrorCard message={i18n._(error)} onRetry={retry} />
      )}
      {reply?.message ? (
        <p className="note note--success action-modal__done" role="status" data-part="submitted">
          {reply.message}
        </p>
      ) : null}
    </>
  );
}

/** The sending state (docs/behaviour.md#sending-an-answer: 'Envoi en cours...'); `label` replaces that text. */
export function SubmittingStatus({ label }: { label?: string }) {
  const { t } = useLingui();
  return <Spinner label={label ?? t`Envoi en cours...`} />;
}
