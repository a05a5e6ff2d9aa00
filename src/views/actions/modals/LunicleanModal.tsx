import { useLingui } from '@lingui/react/macro';
import type { CleaningDecision, lunicleanMachine } from '../../../../machines/luniclean.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout } from './ActionModalLayout.tsx';
import { ChangeProblem, ChoiceReward, LossWarning } from './ChoiceModal.tsx';
import { connectLuniclean } from './luniclean.connect.ts';
import type { FlowModalProps } from './types.ts';

/** LUNICLEAN, skip the room cleaning (docs/behaviour.md#skip-cleaning). */
export default function LunicleanModal({ action, flow, onClose }: FlowModalProps<typeof lunicleanMachine>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const api = useConnected(flow, connectLuniclean);
  const { day } = api;
  const decision = api.answer;
  const reward = action.actReward;

  const decisionText: Record<CleaningDecision, string> = {
    undecided: '',
    skipped: t`Vous avez choisi de passer le ménage.`,
    maintained: t`Vous avez choisi de maintenir le ménage.`,
  };
  // docs/behaviour.md#skip-cleaning: the success message shows while the server is called.
  const successText: Record<CleaningDecision, string> = {
    undecided: '',
    skipped: day === 'today' ? t`Merci ! Pas de ménage aujourd'hui.` : t`Merci ! Pas de ménage demain.`,
    maintained: t`Votre chambre sera nettoyée demain comme prévu`,
  };

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="luniclean" state={api.state} showReward={false}>
      <p className="choice-modal__question" data-part="question">
        {day === 'today' ? t`Pas de ménage aujourd'hui ?` : t`Pas de ménage demain ?`}
      </p>
      <ul className="choice-modal__benefits" aria-label={t`Bénéfices pour la planète`} data-part="benefits">
        <li className="pill action-modal__pill">{t`+100 L d'eau`}</li>
        <li className="pill action-modal__pill">{t`+80 eCO2`}</li>
      </ul>
      {api.showsDecision && (
        <p className="choice-modal__answer" data-part="current-answer">
          {decisionText[decision]}
        </p>
      )}
      <div className="choice-modal__choices" data-part="answers">
        <div className="choice-modal__choice">
          <button
            type="button"
            className="button-secondary choice-modal__button"
            data-part="skip"
            aria-pressed={api.pressed('skipped')}
            disabled={api.choicesDisabled}
            onClick={api.skip}
          >
            {t`Passer le ménage`}
          </button>
          {decision !== 'skipped' && reward > 0 && <ChoiceReward reward={reward} />}
        </div>
        <div className="choice-modal__choice">
          <button
            type="button"
            className="button-secondary choice-modal__button"
            data-part="maintain"
            aria-pressed={api.pressed('maintained')}
            disabled={api.choicesDisabled}
            onClick={api.maintain}
          >
            {t`Maintenir le ménage`}
          </button>
        </div>
      </div>
      {api.confirming && (
        <LossWarning change={api}>
          {t`En maintenant le ménage, les ${reward} ${pointsName} gagnés seront retirés.`}
        </LossWarning>
      )}
      {api.submitting && (
        <p className="choice-modal__status" role="status" data-part="success">
          {successText[decision]}
        </p>
      )}
      <ChangeProblem change={api} />
    </ActionModalLayout>
  );
}
