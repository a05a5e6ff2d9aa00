import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { copyCodeLogic } from '../../entry/copyCode.logic.ts';
import { RewardClaimContext } from './RewardClaimContext.ts';
import { displayedCode, formatValidUntil } from './rewardDisplay.ts';

interface CodePanelProps {
  hotelName: string;
  language: string;
  copyLogic: typeof copyCodeLogic | undefined;
}

/** A claimed CODE reward: instructions, {hotel}-{code} with a copy button, validity (SPEC.md §2). */
export function CodePanel({ hotelName, language, copyLogic }: CodePanelProps) {
  const { i18n } = useLingui();
  const actor = RewardClaimContext.useActorRef();
  const codeState = RewardClaimContext.useSelector((snapshot) =>
    snapshot.matches({ claimed: 'shown' })
      ? 'shown'
      : snapshot.matches({ claimed: 'codeFailed' })
        ? 'failed'
        : 'fetching',
  );
  const code = RewardClaimContext.useSelector((snapshot) => snapshot.context.code);
  const error = RewardClaimContext.useSelector((snapshot) => snapshot.context.error);
  const validUntil = RewardClaimContext.useSelector((snapshot) => snapshot.context.reward.validUntil);
  const validDate = formatValidUntil(validUntil, language);

  return (
    <div className="reward-details__code-panel" data-part="code-panel" data-state={codeState}>
      <p>
        <Trans>Présentez ce code au personnel de l'hôtel pour profiter de votre récompense.</Trans>
      </p>
      {codeState === 'fetching' && (
        <p role="status">
          <Trans>Récupération du code…</Trans>
        </p>
      )}
      {codeState === 'failed' && error && (
        <div className="reward-details__alert" role="alert" data-part="code-error">
          <p>{i18n._(error)}</p>
          <button
            type="button"
            className="button-secondary reward-details__button"
            onClick={() => actor.send({ type: 'code.retry' })}
          >
            <Trans>Réessayer</Trans>
          </button>
        </div>
      )}
      {codeState === 'shown' && code && (
        <CopyableCode code={displayedCode(hotelName, code)} copyLogic={copyLogic ?? copyCodeLogic} />
      )}
      <p className="reward-details__valid" data-part="valid-until">
        <Trans>Valable jusqu'au {validDate}</Trans>
      </p>
    </div>
  );
}

/** The code and its copy button, on the disabled-QR page's copy machine ('Copié !' for 2 s). */
function CopyableCode({ code, copyLogic }: { code: string; copyLogic: typeof copyCodeLogic }) {
  const { t } = useLingui();
  const copy = useActorRef(copyLogic, { input: { code } });
  const state = useSelector(copy, (snapshot) => String(snapshot.value));
  return (
    <div className="reward-details__code-line" data-scope="copy-code" data-state={state}>
      <code className="reward-details__code" data-part="code" dir="ltr">
        {code}
      </code>
      <button
        type="button"
        className="button-secondary reward-details__button"
        data-part="copy"
        disabled={state === 'copying'}
        onClick={() => copy.send({ type: 'code.copy' })}
      >
        {state === 'copied' ? t`Copié !` : t`Copier le code`}
      </button>
      <p className="visually-hidden" role="status">
        {state === 'copied' && <Trans>Code copié dans le presse-papiers.</Trans>}
        {state === 'failed' && <Trans>Impossible de copier le code. Notez-le à la main.</Trans>}
      </p>
    </div>
  );
}
