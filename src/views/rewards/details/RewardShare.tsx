import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { Reward } from '../../../../contract/schemas.ts';
import { rewardEmailMachine } from '../../../../machines/rewardEmail.machine.ts';
import { RewardClaimContext } from './RewardClaimContext.ts';
import { browserCanShare, rewardEmailLogic } from './rewardDetails.logic.ts';
import { displayedCode } from './rewardDisplay.ts';

export const RewardEmailContext = createActorContext(rewardEmailMachine);

interface RewardShareProps {
  reward: Reward;
  hotelName: string;
  sUUID: string;
  profileUUID: string;
  language: string;
  logic?: { email?: typeof rewardEmailLogic };
}

/** A claimed reward sent by e-mail or shared through the browser's share sheet (SPEC.md §1, §8). */
export function RewardShare({ reward, hotelName, sUUID, profileUUID, language, logic }: RewardShareProps) {
  const code = RewardClaimContext.useSelector((snapshot) => snapshot.context.code);
  const shareData = useMemo(
    () => ({
      title: reward.radName,
      text: code ? `${reward.radName} — ${displayedCode(hotelName, code)}` : reward.radName,
    }),
    [reward.radName, hotelName, code],
  );
  return (
    <RewardEmailContext.Provider
      logic={logic?.email ?? rewardEmailLogic}
      options={{
        input: { sUUID, profileUUID, rwId: reward.rwId, language, canShare: browserCanShare(), shareData },
      }}
    >
      <RewardShareView />
    </RewardEmailContext.Provider>
  );
}

function RewardShareView() {
  const { t, i18n } = useLingui();
  const actor = RewardEmailContext.useActorRef();
  const emailState = RewardEmailContext.useSelector((snapshot) => String(snapshot.value.email));
  const shareState = RewardEmailContext.useSelector((snapshot) => String(snapshot.value.share));
  const email = RewardEmailContext.useSelector((snapshot) => snapshot.context.email);
  const invalid = RewardEmailContext.useSelector((snapshot) => snapshot.context.invalid);
  const error = RewardEmailContext.useSelector((snapshot) => snapshot.context.error);
  const inputId = useId();
  const validationId = useId();
  const sending = emailState === 'sending';
  const editing = emailState === 'editing' || sending;

  return (
    <div className="reward-share" data-scope="reward-email" data-state={emailState} data-share-state={shareState}>
      {editing ? (
        <form
          className="reward-share__form"
          data-part="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'email.submit' });
          }}
        >
          <label className="reward-share__label" htmlFor={inputId}>
            <Trans>Adresse e-mail</Trans>
          </label>
          <input
            id={inputId}
            className="reward-share__input"
            data-part="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? validationId : undefined}
            readOnly={sending}
            onChange={(event) => actor.send({ type: 'email.change', value: event.target.value })}
          />
          {invalid && (
            <p className="reward-share__invalid" id={validationId} data-part="validation">
              <Trans>Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.</Trans>
            </p>
          )}
          {error && (
            <p className="reward-details__alert" role="alert" data-part="email-error">
              {i18n._(error)}
            </p>
          )}
          <button
            type="submit"
            className="button-primary reward-details__button"
            data-part="send"
            aria-disabled={sending}
          >
            {sending ? t`Envoi en cours…` : t`Envoyer`}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button-secondary reward-details__button"
          data-part="email-open"
          onClick={() => actor.send({ type: 'email.open' })}
        >
          <Trans>Envoyer par e-mail</Trans>
        </button>
      )}
      <p className="reward-share__status" role="status" data-part="email-status">
        {emailState === 'sent' && <Trans>E-mail envoyé</Trans>}
      </p>
      <p className="reward-share__status" role="status" data-part="share-status">
        {shareState === 'unsupported' && <Trans>Le partage n'est pas pris en charge par votre navigateur</Trans>}
      </p>
      <button
        type="button"
        className="button-secondary reward-details__button"
        data-part="share"
        onClick={() => actor.send({ type: 'reward.share' })}
      >
        <Trans>Partager</Trans>
      </button>
    </div>
  );
}
