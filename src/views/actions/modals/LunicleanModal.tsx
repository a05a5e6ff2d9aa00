import { useLingui } from '@lingui/react/macro';
import type { Action } from '../../../../contract/schemas.ts';
import type { CleaningDecision, lunicleanMachine } from '../../../../machines/dialogs/luniclean.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout } from './ActionModalLayout.tsx';
import { AnswerChoices, ChangeProblem, LossWarning } from './ChoiceModal.tsx';
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

  const decisionLabel: Record<CleaningDecision, string> = {
    undecided: '',
    skipped: t`Pas de ménage`,
    maintained: t`Ménage comme d'habitude`,
  };
  const currentDecision = decisionLabel[decision];
  // docs/behaviour.md#skip-cleaning: the success message shows while the server is called.
  const successText: Record<CleaningDecision, string> = {
    undecided: '',
    skipped: day === 'today' ? t`Merci ! Pas de ménage aujourd'hui.` : t`Merci ! Pas de ménage demain.`,
    maintained:
      day === 'today'
        ? t`Votre chambre sera nettoyée aujourd'hui comme prévu`
        : t`Votre chambre sera nettoyée demain comme prévu`,
  };
  // docs/behaviour.md#skip-cleaning: the title names the day of the 11:00 switch, whatever the hotel's name says.
  const title = day === 'today' ? t`Pas de ménage aujourd'hui` : t`Pas de ménage demain`;

  return (
    <ActionModalLayout
      action={action}
      title={title}
      onClose={onClose}
      scope="luniclean"
      state={api.state}
      showReward={false}
    >
      {action.cleaningEstimate && <CleaningSavings estimate={action.cleaningEstimate} />}
      <AnswerChoices
        question={
          action.aadQuestion || (day === 'today' ? t`Renoncer au ménage aujourd'hui ?` : t`Renoncer au ménage demain ?`)
        }
        options={[
          { answer: 'skipped' as const, label: decisionLabel.skipped, part: 'skip' },
          { answer: 'maintained' as const, label: decisionLabel.maintained, part: 'maintain' },
        ]}
        current={decision}
        rewarded={api.rewardedAnswer}
        reward={reward}
        disabled={api.choicesDisabled}
        currentText={t`Votre réponse : ${currentDecision}`}
        onChoose={(choice) => (choice === 'skipped' ? api.skip() : api.maintain())}
      />
      {api.confirming && (
        <LossWarning change={api}>
          {t`En revenant au ménage comme d'habitude, les ${reward} ${pointsName} gagnés seront retirés.`}
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

/**
 * docs/behaviour.md#skip-cleaning: what one skipped cleaning saves by the hotel's factor table (the figures the staff
 * page and the reports count), as estimated savings (never a '+'), with units, and where they come from one tap away.
 */
function CleaningSavings({ estimate }: { estimate: NonNullable<Action['cleaningEstimate']> }) {
  const { t, i18n } = useLingui();
  const format = new Intl.NumberFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 1 });
  const water = format.format(estimate.waterLitres);
  const co2e = format.format(estimate.co2eGrams);
  return (
    <div className="choice-modal__savings" data-part="savings">
      <ul className="choice-modal__benefits" aria-label={t`Ce qu'un ménage en moins économise`} data-part="benefits">
        <li className="pill action-modal__pill">{t`Environ ${water} L d'eau (estimation)`}</li>
        <li className="pill action-modal__pill">{t`Environ ${co2e} g CO2e en moins (estimation)`}</li>
      </ul>
      <details className="choice-modal__source" data-part="savings-source">
        <summary>{t`D'où viennent ces chiffres ?`}</summary>
        <p>
          {t`Estimations que l'hôtel compte pour chaque ménage en moins : l'eau du nettoyage et du linge changé, l'électricité des appareils et la fabrication des produits d'entretien. Le gain réel varie d'une chambre à l'autre.`}
        </p>
      </details>
    </div>
  );
}
