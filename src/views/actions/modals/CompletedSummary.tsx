import { Trans, useLingui } from '@lingui/react/macro';
import { answerLetter, shownCorrectAnswer } from '../../../../contract/answer-rules.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { CleaningCheckNote } from '../CleaningCheckNote.tsx';
import { ActionModalLayout } from './ActionModalLayout.tsx';
import type { ActionModalProps } from './types.ts';
import './CompletedSummary.css';

/**
 * The read-only summary of a completed action (docs/behaviour.md#completed-summary):
 * description, points earned, the chosen option of a custom action, a quiz's correct answer and explanation.
 */
export default function CompletedSummary({ action, onClose }: ActionModalProps) {
  const { t, i18n } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const earned = action.earnedGreenMiles;
  // The server sends a quiz's solution once the stay has answered it: the completed quiz holds it.
  const solution = action.actType === 'QUIZ' ? action.quiz?.solution : null;
  const correctAnswer =
    action.quiz && solution ? shownCorrectAnswer(action.quiz, solution, action.selectedPosition) : undefined;
  const correctLetter = correctAnswer ? answerLetter(correctAnswer.qaPosition, i18n.locale) : '';

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="completed-summary" state="completed" showReward={false}>
      <dl className="completed-summary__facts" data-part="facts">
        <div className="completed-summary__fact">
          <dt>{t`Points gagnés`}</dt>
          <dd data-part="earned">{t`${earned} ${pointsName}`}</dd>
        </div>
        {action.actType === 'CUSTOM' && action.selectedOption && (
          <div className="completed-summary__fact">
            <dt>{t`Votre choix`}</dt>
            <dd data-part="chosen-option">{action.selectedOption.caodLabel}</dd>
          </div>
        )}
        {correctAnswer && (
          <div className="completed-summary__fact">
            <dt>{t`Bonne réponse`}</dt>
            <dd data-part="correct-answer">
              <span className="completed-summary__letter">{correctLetter}</span> {correctAnswer.text}
            </dd>
          </div>
        )}
      </dl>
      <CleaningCheckNote action={action} className="completed-summary__explanation" />
      {correctAnswer && solution?.explanation && (
        <p className="completed-summary__explanation" data-part="explanation">
          {solution.explanation}
        </p>
      )}
      <button type="button" className="button-primary action-modal__primary" data-part="done" onClick={onClose}>
        <Trans>Retour aux actions</Trans>
      </button>
    </ActionModalLayout>
  );
}
