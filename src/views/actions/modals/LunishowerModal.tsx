import { useLingui } from '@lingui/react/macro';
import type { YesNoAnswer } from '../../../../contract/recorded-answers.ts';
import type { lunishowerMachine } from '../../../../machines/lunishower.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus } from './ActionModalLayout.tsx';
import { AnswerChoices, ChangeProblem, LossWarning } from './ChoiceModal.tsx';
import type { FlowModalProps } from './types.ts';
import { connectYesNo } from './yesNo.connect.ts';

/**
 * LUNISHOWER (docs/behaviour.md#short-shower): did the guest keep to the short-shower objective? A no earns nothing
 * and keeps the points on offer; the answer may change either way, like a yes/no.
 */
export default function LunishowerModal({ action, flow, onClose }: FlowModalProps<typeof lunishowerMachine>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const api = useConnected(flow, connectYesNo);
  const reward = action.actReward;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[api.answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="lunishower" state={api.state} showReward={false}>
      <AnswerChoices
        question={action.aadQuestion ?? t`Avez-vous respecté l'objectif de douche courte ?`}
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
      <ChangeProblem change={api} />
    </ActionModalLayout>
  );
}
