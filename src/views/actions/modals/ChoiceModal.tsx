import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import type { AnswerChangeProps } from './answerChange.connect.ts';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import './ChoiceModal.css';

/**
 * The parts of the modals whose answer the guest may change either way (machines/answerChange.ts): yes/no, skip
 * cleaning, short shower. One pattern (docs/behaviour.md#change-with-rollback): the question, both answers always on
 * screen (the one on record pressed, the one that earns carrying its points while they are still on offer), the
 * answer on record in words; choosing the other answer changes it.
 */

export interface AnswerOption<Answer extends string> {
  answer: Answer;
  label: string;
  /** The button's data-part. */
  part: string;
}

export interface AnswerChoicesProps<Choice extends string> {
  question: string;
  options: readonly AnswerOption<Choice>[];
  /** The answer on screen (none of the options before any answer). */
  current: string;
  rewarded: string;
  reward: number;
  disabled: boolean;
  /** The answer on record in words, once answered. */
  currentText: string;
  onChoose(answer: Choice): void;
}

export function AnswerChoices<Choice extends string>({
  question,
  options,
  current,
  rewarded,
  reward,
  disabled,
  currentText,
  onChoose,
}: AnswerChoicesProps<Choice>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const questionId = useId();
  const rewardId = useId();
  const answered = options.some((option) => option.answer === current);
  return (
    <>
      <p className="choice-modal__question" id={questionId} data-part="question">
        {question}
      </p>
      <fieldset className="choice-modal__choices" aria-labelledby={questionId} data-part="answers">
        {options.map((option) => {
          const offersReward = option.answer === rewarded && current !== rewarded && reward > 0;
          return (
            <button
              key={option.answer}
              type="button"
              className="button-secondary choice-modal__button"
              data-part={option.part}
              aria-pressed={answered ? current === option.answer : undefined}
              aria-describedby={offersReward ? rewardId : undefined}
              disabled={disabled}
              onClick={() => onChoose(option.answer)}
            >
              {option.label}
              {/* Named by the answer alone; the points describe it. */}
              {offersReward && (
                <span className="choice-modal__reward points" id={rewardId} data-part="reward" aria-hidden="true">
                  {t`+${reward} ${pointsName}`}
                </span>
              )}
            </button>
          );
        })}
      </fieldset>
      {answered && (
        <div className="choice-modal__answer" data-part="current-answer">
          <p>{currentText}</p>
          <p className="choice-modal__hint">
            {current !== rewarded && reward > 0
              ? t`Ces points restent à gagner : choisissez l'autre réponse si vous changez d'avis.`
              : t`Vous pouvez changer d'avis : choisissez l'autre réponse.`}
          </p>
        </div>
      )}
    </>
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
  const warning = useRef<HTMLDivElement>(null);
  // The question appears below the answers, often below the fold: bring it into view and give it the focus.
  useEffect(() => {
    warning.current?.scrollIntoView({ block: 'nearest' });
    warning.current?.focus();
  }, []);
  return (
    <div
      ref={warning}
      tabIndex={-1}
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
  const { t, i18n } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  if (change.notEnoughPoints) {
    return (
      notice ?? (
        <InsufficientPointsNotice pointsName={pointsName}>
          {t`Vous n'avez pas assez de ${pointsName} pour changer votre réponse.`}
        </InsufficientPointsNotice>
      )
    );
  }
  return change.error ? <ErrorCard message={i18n._(change.error)} onRetry={change.retry} /> : null;
}
