import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { StateValue } from 'xstate';
import type { Action, SubmissionReply } from '../../../../contract/schemas.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { Sheet } from '../../../components/Sheet.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import './ActionModalLayout.css';

export interface ActionModalLayoutProps {
  action: Action;
  onClose(): void;
  /** The modal's flow, for the dialog's data-scope. */
  scope: string;
  /** The flow's state, mirrored on the dialog's data-state. */
  state: string;
  variant?: 'sheet' | 'fullscreen';
  /** The reward banner; completed actions earn nothing more, so it is hidden for them by default. */
  showReward?: boolean;
  children: ReactNode;
}

/** The frame of every action modal (SPEC.md §2): picture, title (aadName), reward banner, description, content. */
export function ActionModalLayout({
  action,
  onClose,
  scope,
  state,
  variant = 'fullscreen',
  showReward = !action.alreadyCompleted,
  children,
}: ActionModalLayoutProps) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const reward = action.actReward;

  return (
    <Sheet
      title={action.aadName}
      onClose={onClose}
      variant={variant}
      scope={scope}
      state={state}
      corner={
        <button
          type="button"
          className="action-modal__close"
          data-part="close"
          onClick={onClose}
          aria-label={t`Fermer`}
        >
          <span aria-hidden="true">×</span>
        </button>
      }
    >
      {action.actPictureURL && (
        <img className="action-modal__picture" data-part="picture" src={action.actPictureURL} alt="" />
      )}
      {showReward && (
        <p className="pill pill--success action-modal__reward" data-part="reward">
          {reward > 0 ? t`+${reward} ${pointsName}` : t`Geste bonus`}
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

/** A machine state as one data-state string: `choosing.failed`. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child ? `${key}.${stateName(child)}` : key))
    .join(' ');
}

/** What the snapshot of every submission flow holds (machines/submission.ts, heating, quiz). */
interface SubmissionSnapshot {
  value: StateValue;
  context: { error: MessageDescriptor | null; reply: SubmissionReply | null };
  hasTag(tag: 'loading' | 'notEnoughPoints'): boolean;
}

export interface SubmissionStatus {
  /** The flow's state, for the dialog's data-state. */
  state: string;
  /** The answer is being sent. */
  sending: boolean;
  /** The server replied that the guest lacks GreenMiles (SPEC.md §8). */
  notEnoughPoints: boolean;
  /** The red alert's text of a failed submission (SPEC.md §8), when there is one. */
  error: MessageDescriptor | null;
  reply: SubmissionReply | null;
}

/** The submission's progress, read from the flow's actor context: `useSubmissionStatus(QuizContext.useSelector)`. */
export function useSubmissionStatus<Snapshot extends SubmissionSnapshot>(
  useSelector: <T>(selector: (snapshot: Snapshot) => T) => T,
): SubmissionStatus {
  return {
    state: useSelector((snapshot) => stateName(snapshot.value)),
    sending: useSelector((snapshot) => snapshot.hasTag('loading')),
    notEnoughPoints: useSelector((snapshot) => snapshot.hasTag('notEnoughPoints')),
    error: useSelector((snapshot) => snapshot.context.error),
    reply: useSelector((snapshot) => snapshot.context.reply),
  };
}

/**
 * The bottom of a submission modal: the sending state, then a failure (SPEC.md §8: the red alert, or the insufficient
 * notice for a reply about missing GreenMiles), then the server's success message once the host has it (it also shows
 * it in the toast).
 */
export function SubmissionOutcome({
  sending,
  notEnoughPoints,
  error,
  reply,
  sendingLabel,
}: SubmissionStatus & { sendingLabel?: string }) {
  const { i18n } = useLingui();
  const { hotel } = useStaySession();
  return (
    <>
      {sending && <SubmittingStatus label={sendingLabel} />}
      {notEnoughPoints ? (
        <InsufficientPointsNotice pointsName={pointsNameOf(hotel)} />
      ) : (
        error && <ErrorCard message={i18n._(error)} />
      )}
      {reply?.message ? (
        <p className="note note--success action-modal__done" role="status" data-part="submitted">
          {reply.message}
        </p>
      ) : null}
    </>
  );
}

/** The sending state (SPEC.md §4 quiz: 'Envoi en cours...'); `label` replaces that text. */
export function SubmittingStatus({ label }: { label?: string }) {
  const { t } = useLingui();
  return <Spinner label={label ?? t`Envoi en cours...`} />;
}
