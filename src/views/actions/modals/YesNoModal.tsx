import { useLingui } from '@lingui/react/macro';
import type { YesNoAnswer, yesNoMachine } from '../../../../machines/yesNo.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus } from './ActionModalLayout.tsx';
import { AnswerChoices, ChangeProblem, LossWarning } from './ChoiceModal.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import type { FlowModalProps } from './types.ts';
import { connectYesNo } from './yesNo.connect.ts';

/** YESNO, YESNOMAIL, YESNOSTAY (docs/behaviour.md#yes-or-no). */
export default function YesNoModal({ action, flow, onClose }: FlowModalProps<typeof yesNoMachine>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const api = useConnected(flow, connectYesNo);
  const reward = action.actReward;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[api.answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="yes-no" state={api.state} showReward={false}>
      <AnswerChoices
        question={action.aadQuestion ?? action.aadName}
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
      <ChangeProblem
        change={api}
        notice={
          <InsufficientPointsNotice pointsName={pointsName} title={t`Oh non !`}>
            {t`Vous n'avez pas assez de ${pointsName} pour annuler cette action.`}
          </InsufficientPointsNotice>
        }
      />
    </ActionModalLayout>
  );
}
