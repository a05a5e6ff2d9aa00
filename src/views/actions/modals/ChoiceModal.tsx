import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import type { AnswerChangeProps } from './answerChange.connect.ts';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import './ChoiceModal.css';

/** The parts of the modals whose answer the guest may change either way (machines/answerChange.ts): yes/no, Luniclean. */

/** The points an answer earns, next to it. */
export function ChoiceReward({ reward }: { reward: number }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  return (
    <span className="pill pill--accent points choice-modal__reward" data-part="reward">
      {t`+${reward} ${pointsName}`}
    </span>
  );
}

/**
 * docs/behaviour.md#change-with-rollback: the warning before a change that loses the points; `children` says what goes.
 */
export function LossWarning({
  change,
  children,
}: {
  change: Pick<AnswerChangeProps<unknown, string>, 'confirmChange' | 'cancelChange'>;
  children: ReactNode;
}) {
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
          onClick={change.confirmChange}
        >
          {t`Confirmer le changement`}
        </button>
        <button type="button" className="button-secondary choice-modal__button" onClick={change.cancelChange}>
          {t`Annuler`}
        </button>
      </div>
    </div>
  );
}

/**
 * A refused change (docs/behaviour.md#change-with-rollback): the insufficient notice (`notice` replaces it), or the
 * translated alert with 'Réessayer'.
 */
export function ChangeProblem({
  change,
  notice,
}: {
  change: Pick<AnswerChangeProps<unknown, string>, 'notEnoughPoints' | 'error' | 'retry'>;
  notice?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { hotel } = useStaySession();
  if (change.notEnoughPoints) return notice ?? <InsufficientPointsNotice pointsName={pointsNameOf(hotel)} />;
  return change.error ? <ErrorCard message={i18n._(change.error)} onRetry={change.retry} /> : null;
}
