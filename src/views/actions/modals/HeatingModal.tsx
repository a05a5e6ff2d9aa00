import { Trans, useLingui } from '@lingui/react/macro';
import { GAUGE_FULL_SCALE, MAX_TEMPERATURE, MIN_TEMPERATURE } from '../../../../contract/answer-rules.ts';
import type { heatingMachine } from '../../../../machines/heating.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectHeating } from './heating.connect.ts';
import type { FlowModalProps } from './types.ts';
import './HeatingModal.css';

/** HEATING (docs/behaviour.md#heating): set the room temperature on a gauge, read the advice, send the setting. */
export default function HeatingModal({ action, flow, onClose }: FlowModalProps<typeof heatingMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectHeating);
  const { temperature } = api;
  const statusText = { tooLow: t`Trop bas`, optimal: t`Optimal`, ideal: t`Idéal`, tooHigh: t`Trop haut` }[api.status];

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="heating" state={api.state}>
      {action.aadQuestion && (
        <p className="action-modal__question" data-part="question">
          {action.aadQuestion}
        </p>
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
      <SubmissionOutcome {...api} />
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
