import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { StateValue } from 'xstate';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { stateName } from './ActionModalLayout.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import './ChoiceModal.css';

/** The parts of the modals whose answer the guest may change either way (machines/answerChange.ts): yes/no, Luniclean. */

/** What the snapshot of such a flow holds. */
interface ChangeSnapshot {
  value: StateValue;
  context: { errorMessage: string | null };
  hasTag(tag: 'loading'): boolean;
  matches(state: 'confirmingLoss' | { ready: 'notEnoughPoints' | 'failed' }): boolean;
}

export interface ChangeStatus {
  /** The flow's state, for the dialog's data-state. */
  state: string;
  /** The answer is being sent. */
  sending: boolean;
  /** The change waits for the guest's confirmation that the points go. */
  confirming: boolean;
  notEnoughPoints: boolean;
  failed: boolean;
  /** The server's message of the last failed submission, when it sent one. */
  errorMessage: string | null;
}

/** The change flow's progress, read from its actor context: `useChangeStatus(YesNoContext.useSelector)`. */
export function useChangeStatus<Snapshot extends ChangeSnapshot>(
  useSelector: <T>(selector: (snapshot: Snapshot) => T) => T,
): ChangeStatus {
  return {
    state: useSelector((snapshot) => stateName(snapshot.value)),
    sending: useSelector((snapshot) => snapshot.hasTag('loading')),
    confirming: useSelector((snapshot) => snapshot.matches('confirmingLoss')),
    notEnoughPoints: useSelector((snapshot) => snapshot.matches({ ready: 'notEnoughPoints' })),
    failed: useSelector((snapshot) => snapshot.matches({ ready: 'failed' })),
    errorMessage: useSelector((snapshot) => snapshot.context.errorMessage),
  };
}

/** The points an answer earns, next to it. */
export function ChoiceReward({ reward }: { reward: number }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  return (
    <span className="pill pill--accent choice-modal__reward" data-part="reward">
      {t`+${reward} ${pointsName}`}
    </span>
  );
}

/** SPEC.md §4: the warning before a change that loses the points; `children` says what goes. */
export function LossWarning({ send, children }: { send(event: ChangeConfirmationEvent): void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div
      className="note note--warning action-modal__warning choice-modal__warning"
      role="alert"
      data-part="loss-warning"
    >
      <p>{children}</p>
      <div className="choice-modal__choices">
        <button
          type="button"
          className="button-secondary choice-modal__button"
          data-variant="primary"
          onClick={() => send({ type: 'change.confirm' })}
        >
          {t`Confirmer le changement`}
        </button>
        <button
          type="button"
          className="button-secondary choice-modal__button"
          onClick={() => send({ type: 'change.cancel' })}
        >
          {t`Annuler`}
        </button>
      </div>
    </div>
  );
}

/** A refused change (SPEC.md §8): the insufficient notice (`notice` replaces it), or the server's message. */
export function ChangeProblem({ status, notice }: { status: ChangeStatus; notice?: ReactNode }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  if (status.notEnoughPoints) return notice ?? <InsufficientPointsNotice pointsName={pointsNameOf(hotel)} />;
  return status.failed ? <ErrorCard message={status.errorMessage ?? t`Une erreur est survenue`} /> : null;
}
