import { Trans, useLingui } from '@lingui/react/macro';
import { GAUGE_FULL_SCALE, MAX_TEMPERATURE, MIN_TEMPERATURE } from '../../../../contract/answer-rules.ts';
import { answerStateOf } from '../../../../contract/recorded-answers.ts';
import type { heatingMachine } from '../../../../machines/dialogs/heating.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { LossWarning } from './ChoiceModal.tsx';
import { connectHeating } from './heating.connect.ts';
import type { FlowModalProps } from './types.ts';
import './HeatingModal.css';

/** HEATING (docs/behaviour.md#heating): set the room temperature on a gauge, read the advice, send the setting. */
export default function HeatingModal({ action, flow, onClose }: FlowModalProps<typeof heatingMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectHeating);
  const { temperature } = api;
  // 'Idéal' only within the advice's 19–21 °C; the rest of the band that earns (18 and 22 °C) is 'Correct'.
  const statusText = { tooLow: t`Trop bas`, optimal: t`Correct`, ideal: t`Idéal`, tooHigh: t`Trop haut` }[api.status];
  const answerState = answerStateOf(action);
  const recorded = action.temperature;
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const reward = action.actReward;

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="heating" state={api.state}>
      {action.aadQuestion && (
        <p className="action-modal__question" data-part="question">
          {action.aadQuestion}
        </p>
      )}
      {answerState !== 'open' && recorded !== null && (
        <div className="heating-modal__answer" data-part="current-answer">
          <p>{t`Votre réponse : ${recorded} °C`}</p>
          <p className="heating-modal__hint">
            {answerState === 'onOffer' && action.actReward > 0
              ? t`Ces points restent à gagner : réglez entre 18 et 22 °C puis validez.`
              : t`Vous pouvez changer d'avis : réglez la température puis validez.`}
          </p>
        </div>
      )}
      <div className="heating-modal__dial" data-part="dial" data-status={api.status}>
        <HeatingGauge temperature={temperature} />
        <div className="heating-modal__controls">
          <button
            type="button"
            className="heating-modal__step"
            data-part="lower"
            aria-label={t`Baisser la température`}
            disabled={!api.canLower}
            onClick={api.lower}
          >
            <span aria-hidden="true">−</span>
          </button>
          <div
            className="heating-modal__value"
            data-part="value"
            role="spinbutton"
            tabIndex={0}
            aria-label={t`Température`}
            aria-valuenow={temperature}
            aria-valuemin={MIN_TEMPERATURE}
            aria-valuemax={MAX_TEMPERATURE}
            aria-valuetext={`${temperature} °C`}
            aria-readonly={!api.adjusting}
            onKeyDown={api.onKeyDown}
          >
            {temperature} °C
          </div>
          <button
            type="button"
            className="heating-modal__step"
            data-part="raise"
            aria-label={t`Augmenter la température`}
            disabled={!api.canRaise}
            onClick={api.raise}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <p className="pill action-modal__pill heating-modal__status" data-part="status">
          {statusText}
        </p>
      </div>
      <ul className="heating-modal__advice" data-part="advice">
        <li data-part="ideal" data-state={api.status === 'ideal' ? 'reached' : 'advised'}>
          <Trans>Idéal : entre 19 et 21 °C</Trans>
        </li>
        <li>
          <Trans>1 °C de moins, c'est jusqu'à 7 % d'énergie économisée</Trans>
        </li>
      </ul>
      <button
        type="button"
        className="button-primary action-modal__primary"
        data-part="submit"
        disabled={!api.adjusting}
        onClick={api.submit}
      >
        <Trans>Valider</Trans>
      </button>
      {api.confirming && (
        <LossWarning change={api}>
          {t`En changeant votre réponse, les ${reward} ${pointsName} gagnés seront retirés.`}
        </LossWarning>
      )}
      {/* Only a change takes points back, so only a change can be refused for spent points. */}
      <SubmissionOutcome
        {...api}
        notEnoughHint={t`Vous n'avez pas assez de ${pointsName} pour changer votre réponse.`}
      />
    </ActionModalLayout>
  );
}

/** A half-circle gauge from 0 to the full scale, filled up to the temperature in its status's colour. */
function HeatingGauge({ temperature }: { temperature: number }) {
  const filled = (Math.min(temperature, GAUGE_FULL_SCALE) / GAUGE_FULL_SCALE) * 100;
  return (
    <svg className="heating-modal__gauge" viewBox="0 0 200 110" aria-hidden="true" focusable="false" data-part="gauge">
      <path className="heating-modal__track" d="M 20 100 A 80 80 0 0 1 180 100" pathLength={100} />
      <path
        className="heating-modal__fill"
        d="M 20 100 A 80 80 0 0 1 180 100"
        pathLength={100}
        strokeDasharray={`${filled} 100`}
        data-part="gauge-fill"
      />
    </svg>
  );
}
