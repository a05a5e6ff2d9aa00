import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { rewardEmailMachine } from '../../../../machines/dialogs/rewardEmail.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { connectRewardEmail } from './rewardEmail.connect.ts';

/**
 * A claimed reward sent by e-mail or shared through the browser's share sheet (docs/behaviour.md#e-mail-and-sharing),
 * on the claim's child `rewardEmail`.
 */
export function RewardShare({ flow }: { flow: ActorRefFrom<typeof rewardEmailMachine> }) {
  const { t, i18n } = useLingui();
  const share = useConnected(flow, connectRewardEmail);
  const inputId = useId();
  const validationId = useId();
  // Nothing to send or share with: no empty, bordered block under the reward.
  if (!share.offersEmail && !share.offersShare) return null;

  return (
    <div className="reward-share" {...share.rootProps}>
      {!share.offersEmail ? null : share.editing ? (
        <form className="reward-share__form" {...share.formProps}>
          <label className="reward-share__label" htmlFor={inputId}>
            <Trans>Adresse e-mail</Trans>
          </label>
          <input
            id={inputId}
            className="reward-share__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            aria-describedby={share.invalid ? validationId : undefined}
            {...share.inputProps}
          />
          {share.invalid && (
            <p className="reward-share__invalid" id={validationId} data-part="validation">
              <Trans>Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.</Trans>
            </p>
          )}
          {share.error && (
            <p className="reward-details__alert" role="alert" data-part="email-error">
              {i18n._(share.error)}
            </p>
          )}
          <button type="submit" className="button-primary reward-details__button" {...share.sendButtonProps}>
            {share.sending ? t`Envoi en cours…` : t`Envoyer`}
          </button>
        </form>
      ) : (
        <button type="button" className="button-secondary reward-details__button" {...share.openButtonProps}>
          <Trans>Envoyer par e-mail</Trans>
        </button>
      )}
      <p className="reward-share__status" role="status" data-part="email-status">
        {share.sent && <Trans>E-mail envoyé</Trans>}
      </p>
      {share.offersShare && (
        <button type="button" className="button-secondary reward-details__button" {...share.shareButtonProps}>
          <Trans>Partager</Trans>
        </button>
      )}
    </div>
  );
}
