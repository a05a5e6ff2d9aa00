import { useLingui } from '@lingui/react/macro';
import type { YesNoAnswer, yesNoMachine } from '../../../../machines/yesNo.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus } from './ActionModalLayout.tsx';
import { ChangeProblem, ChoiceReward, LossWarning } from './ChoiceModal.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import type { FlowModalProps } from './types.ts';
import { connectYesNo } from './yesNo.connect.ts';

/** YESNO, YESNOMAIL, YESNOSTAY (docs/behaviour.md#yes-or-no). */
export default function YesNoModal({ action, flow, onClose }: FlowModalProps<typeof yesNoMachine>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const api = useConnected(flow, connectYesNo);
  const { answer } = api;
  const reward = action.actReward;

  const rewardBanner = (side: 'yes' | 'no') =>
    api.rewardOn(side) && reward > 0 ? <ChoiceReward reward={reward} /> : null;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="yes-no" state={api.state} showReward={false}>
      <p className="choice-modal__question" data-part="question">
        {action.aadQuestion ?? action.aadName}
      </p>
      {answer === 'none' ? (
        <div className="choice-modal__choices" data-part="answers">
          {(['yes', 'no'] as const).map((side) => (
            <div key={side} className="choice-modal__choice">
              <button
                type="button"
                className="button-secondary choice-modal__button"
                data-part={`answer-${side}`}
                disabled={api.choicesDisabled}
                onClick={() => api.choose(side)}
              >
                {answerLabel[side]}
              </button>
              {rewardBanner(side)}
            </div>
          ))}
        </div>
      ) : (
        <div className="choice-modal__choice" data-part="answered">
          <p className="choice-modal__answer" data-part="current-answer">
            {t`Votre réponse : ${currentAnswer}`}
          </p>
          {rewardBanner(api.otherAnswer)}
          <button
            type="button"
            className="button-secondary choice-modal__button"
            data-part="change"
            disabled={api.choicesDisabled}
            onClick={() => api.choose(api.otherAnswer)}
          >
            {answer === 'yes' ? t`Changer pour NON` : t`Changer pour OUI`}
          </button>
        </div>
      )}
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
