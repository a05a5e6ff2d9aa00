import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { YesNoAnswer } from '../../../../contract/recorded-answers.ts';
import type { Action } from '../../../../contract/schemas.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus } from './ActionModalLayout.tsx';
import { AnswerChoices, ChangeProblem, LossWarning } from './ChoiceModal.tsx';
import type { YesNoProps } from './yesNo.connect.ts';

/**
 * The sheet of a yes-or-no change flow (the yes/no types and the short shower): both answers, the one on record,
 * the confirmation before earned points go, and what stopped a change; `notice` words a refusal for lack of points.
 */
export function YesNoSheet<Value>({
  action,
  onClose,
  scope,
  question,
  api,
  notice,
}: {
  action: Action;
  onClose(): void;
  scope: string;
  question: string;
  api: YesNoProps<Value>;
  notice?: ReactNode;
}) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const reward = action.actReward;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[api.answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope={scope} state={api.state} showReward={false}>
      <AnswerChoices
        question={question}
        options={[
          { answer: 'yes' as const, label: answerLabel.yes, part: 'answer-yes' },
          { answer: 'no' as const, label: answerLabel.no, part: 'answer-no' },
        ]}
        current={api.answer}
        rewarded={api.rewardedAnswer}
        reward={reward}
        disabled={api.choicesDisabled}
        currentText={t`Votre réponse : ${currentAnswer}`}
        onChoose={api.choose}
      />
      {api.confirming && (
        <LossWarning change={api}>
          {t`En changeant votre réponse, les ${reward} ${pointsName} gagnés seront retirés.`}
        </LossWarning>
      )}
      {api.submitting && <SubmittingStatus />}
      <ChangeProblem change={api} notice={notice} />
    </ActionModalLayout>
  );
}
