import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useId } from 'react';
import type { Reward } from '../../../../contract/schemas.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { browserCanShare, rewardEmailLogic } from './rewardDetails.logic.ts';
import { displayedCode } from './rewardDisplay.ts';
import { connectRewardEmail } from './rewardEmail.connect.ts';

interface RewardShareProps {
  reward: Reward;
  /** The claimed reward's code, when it has one (shared with the name). */
  code: string | null;
  hotelName: string;
  sUUID: string;
  profileUUID: string;
  language: string;
  logic?: { email?: typeof rewardEmailLogic };
}

/**
 * A claimed reward sent by e-mail or shared through the browser's share sheet (docs/behaviour.md#e-mail-and-sharing).
 */
export function RewardShare({ reward, code, hotelName, sUUID, profileUUID, language, logic }: RewardShareProps) {
  const { t, i18n } = useLingui();
  const shareData = {
    title: reward.radName,
    text: code ? `${reward.radName} — ${displayedCode(hotelName, code)}` : reward.radName,
  };
  const actor = useActorRef(logic?.email ?? rewardEmailLogic, {
    input: { sUUID, profileUUID, rwId: reward.rwId, language, canShare: browserCanShare(), shareData },
  });
  const share = useConnected(actor, connectRewardEmail);
  const inputId = useId();
  const validationId = useId();

  return (
    <div className="reward-share" {...share.rootProps}>
      {share.editing ? (
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
      <p className="reward-share__status" role="status" data-part="share-status">
        {share.shareUnsupported && <Trans>Le partage n'est pas pris en charge par votre navigateur</Trans>}
      </p>
      <button type="button" className="button-secondary reward-details__button" {...share.shareButtonProps}>
        <Trans>Partager</Trans>
      </button>
    </div>
  );
}
