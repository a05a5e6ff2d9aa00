import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type YesNoAnswer, yesNoMachine } from '../../../../machines/yesNo.machine.ts';
import { YES_NO_PATHS } from '../../../api/actions.ts';
import type { Action } from '../../../api/contract.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmittingStatus, stateName } from './ActionModalLayout.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import { submitter, useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';
import './ChoiceModal.css';

const YesNoContext = createActorContext(yesNoMachine);

type YesNoType = keyof typeof YES_NO_PATHS;

function yesNoTypeOf(action: Action): YesNoType {
  return action.actType === 'YESNOSTAY' || action.actType === 'YESNOMAIL' ? action.actType : 'YESNO';
}

/** One machine per submission path: YESNO → yesno, YESNOSTAY → yesnon, YESNOMAIL → yesnomail. */
const yesNoLogic: Record<YesNoType, typeof yesNoMachine> = {
  YESNO: yesNoMachine.provide({ actors: { submitAnswer: submitter(YES_NO_PATHS.YESNO) } }),
  YESNOSTAY: yesNoMachine.provide({ actors: { submitAnswer: submitter(YES_NO_PATHS.YESNOSTAY) } }),
  YESNOMAIL: yesNoMachine.provide({ actors: { submitAnswer: submitter(YES_NO_PATHS.YESNOMAIL) } }),
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
  const state = YesNoContext.useSelector((snapshot) => stateName(snapshot.value));
  const answer = YesNoContext.useSelector((snapshot) => snapshot.context.answer);
  const rewardedAnswer = YesNoContext.useSelector((snapshot) => snapshot.context.rewardedAnswer);
  const errorMessage = YesNoContext.useSelector((snapshot) => snapshot.context.errorMessage);
  const loading = YesNoContext.useSelector((snapshot) => snapshot.hasTag('loading'));
  const confirming = YesNoContext.useSelector((snapshot) => snapshot.matches('confirmingLoss'));
  const notEnoughPoints = YesNoContext.useSelector((snapshot) => snapshot.matches({ ready: 'notEnoughPoints' }));
  const failed = YesNoContext.useSelector((snapshot) => snapshot.matches({ ready: 'failed' }));
  const reward = action.actReward;
  const choose = (choice: 'yes' | 'no') => actor.send({ type: 'answer.choose', answer: choice });

  const rewardBanner = (side: 'yes' | 'no') =>
    side === rewardedAnswer && reward > 0 ? (
      <span className="choice-modal__reward" data-part="reward">
        {t`+${reward} ${pointsName}`}
      </span>
    ) : null;
  const answerLabel: Record<YesNoAnswer, string> = { yes: t`Oui`, no: t`Non`, none: '' };
  const currentAnswer = answerLabel[answer];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="yes-no" state={state} showReward={false}>
      <p className="choice-modal__question" data-part="question">
        {action.aadQuestion ?? action.aadName}
      </p>
      {answer === 'none' ? (
        <div className="choice-modal__choices" data-part="answers">
          {(['yes', 'no'] as const).map((side) => (
            <div key={side} className="choice-modal__choice">
              <button
                type="button"
                className="choice-modal__button"
                data-part={`answer-${side}`}
                disabled={loading || confirming}
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
            className="choice-modal__button"
            data-part="change"
            disabled={loading || confirming}
            onClick={() => choose(answer === 'yes' ? 'no' : 'yes')}
          >
            {answer === 'yes' ? t`Changer pour NON` : t`Changer pour OUI`}
          </button>
        </div>
      )}
      {confirming && (
        <div className="choice-modal__warning" role="alert" data-part="loss-warning">
          <p>{t`En changeant votre réponse, les ${reward} ${pointsName} gagnés seront retirés.`}</p>
          <div className="choice-modal__choices">
            <button
              type="button"
              className="choice-modal__button"
              data-variant="primary"
              onClick={() => actor.send({ type: 'change.confirm' })}
            >
              {t`Confirmer le changement`}
            </button>
            <button
              type="button"
              className="choice-modal__button"
              onClick={() => actor.send({ type: 'change.cancel' })}
            >
              {t`Annuler`}
            </button>
          </div>
        </div>
      )}
      {loading && <SubmittingStatus />}
      {notEnoughPoints && (
        <InsufficientPointsNotice pointsName={pointsName} title={t`Oh non !`}>
          {t`Vous n'avez pas assez de ${pointsName} pour annuler cette action.`}
        </InsufficientPointsNotice>
      )}
      {failed && <ErrorCard message={errorMessage ?? t`Une erreur est survenue`} />}
    </ActionModalLayout>
  );
}
