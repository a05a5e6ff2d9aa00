import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import type { Action } from '../../../../contract/schemas.ts';
import { type YesNoAnswer, yesNoMachine } from '../../../../machines/yesNo.machine.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus } from './ActionModalLayout.tsx';
import { ChangeProblem, ChoiceReward, LossWarning, useChangeStatus } from './ChoiceModal.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import { submitter, useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';

const YesNoContext = createActorContext(yesNoMachine);

type YesNoType = 'YESNO' | 'YESNOSTAY' | 'YESNOMAIL';

function yesNoTypeOf(action: Action): YesNoType {
  return action.actType === 'YESNOSTAY' || action.actType === 'YESNOMAIL' ? action.actType : 'YESNO';
}

/** One machine per yes/no type, each sending to its own path. */
const yesNoLogic: Record<YesNoType, typeof yesNoMachine> = {
  YESNO: yesNoMachine.provide({ actors: { submitAnswer: submitter('YESNO') } }),
  YESNOSTAY: yesNoMachine.provide({ actors: { submitAnswer: submitter('YESNOSTAY') } }),
  YESNOMAIL: yesNoMachine.provide({ actors: { submitAnswer: submitter('YESNOMAIL') } }),
};

/** YESNO, YESNOMAIL, YESNOSTAY (SPEC.md §4 "Yes/no types"). */
export default function YesNoModal({ logic, ...props }: SubmissionModalProps<typeof yesNoMachine>) {
  const { action } = props;
  return (
    <YesNoContext.Provider {...useSubmissionFlow(logic ?? yesNoLogic[yesNoTypeOf(action)], props, { action })}>
      <YesNoSheet action={action} onClose={props.onClose} />
    </YesNoContext.Provider>
  );
}

function YesNoSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const actor = YesNoContext.useActorRef();
  const status = useChangeStatus(YesNoContext.useSelector);
  const answer = YesNoContext.useSelector((snapshot) => snapshot.context.answer);
  const rewardedAnswer = YesNoContext.useSelector((snapshot) => snapshot.context.rewardedAnswer);
  const reward = action.actReward;
  const busy = status.sending || status.confirming;
  const choose = (choice: 'yes' | 'no') => actor.send({ type: 'answer.choose', answer: choice });

  const rewardBanner = (side: 'yes' | 'no') =>
    side === rewardedAnswer && reward > 0 ? <ChoiceReward reward={reward} /> : null;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="yes-no" state={status.state} showReward={false}>
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
                disabled={busy}
                onClick={() => choose(side)}
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
            {t`Votre réponse : ${currentAnswer}`}
          </p>
          {rewardBanner(answer === 'yes' ? 'no' : 'yes')}
          <button
            type="button"
            className="button-secondary choice-modal__button"
            data-part="change"
            disabled={busy}
            onClick={() => choose(answer === 'yes' ? 'no' : 'yes')}
          >
            {answer === 'yes' ? t`Changer pour NON` : t`Changer pour OUI`}
          </button>
        </div>
      )}
      {status.confirming && (
        <LossWarning send={actor.send}>
          {t`En changeant votre réponse, les ${reward} ${pointsName} gagnés seront retirés.`}
        </LossWarning>
      )}
      {status.sending && <SubmittingStatus />}
      <ChangeProblem
        status={status}
        notice={
          <InsufficientPointsNotice pointsName={pointsName} title={t`Oh non !`}>
            {t`Vous n'avez pas assez de ${pointsName} pour annuler cette action.`}
          </InsufficientPointsNotice>
        }
      />
    </ActionModalLayout>
  );
}
