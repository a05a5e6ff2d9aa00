import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useConnected } from '../../binding/useConnected.ts';
import { connectCopyCode } from '../../entry/copyCode.connect.ts';
import { copyCodeLogic } from '../../entry/copyCode.logic.ts';
import type { RewardClaimApi } from './rewardClaim.connect.ts';
import { displayedCode, formatValidUntil } from './rewardDisplay.ts';

interface CodePanelProps {
  claim: RewardClaimApi;
  hotelName: string;
  language: string;
  copyLogic: typeof copyCodeLogic | undefined;
}

/**
 * A claimed CODE reward: instructions, {hotel}-{code} with a copy button, and its validity when the reward has one
 * (no invented date otherwise; docs/behaviour.md#code-reward).
 */
export function CodePanel({ claim, hotelName, language, copyLogic }: CodePanelProps) {
  const { i18n } = useLingui();
  const { codePanel, code } = claim;
  const { validUntil } = claim.reward;

  return (
    <div className="reward-details__code-panel" {...codePanel.partProps}>
      <p>
        <Trans>Présentez ce code au personnel de l'hôtel pour profiter de votre récompense.</Trans>
      </p>
      {codePanel.fetching && (
        <p role="status">
          <Trans>Récupération du code…</Trans>
        </p>
      )}
      {codePanel.error && (
        <div className="reward-details__alert" role="alert" data-part="code-error">
          <p>{i18n._(codePanel.error)}</p>
          <button type="button" className="button-secondary reward-details__button" {...codePanel.retryButtonProps}>
            <Trans>Réessayer</Trans>
          </button>
        </div>
      )}
      {code && <CopyableCode code={displayedCode(hotelName, code)} copyLogic={copyLogic ?? copyCodeLogic} />}
      {validUntil !== null && <ValidUntil validDate={formatValidUntil(validUntil, language)} />}
    </div>
  );
}

function ValidUntil({ validDate }: { validDate: string }) {
  return (
    <p className="reward-details__valid" data-part="valid-until">
      <Trans>Valable jusqu'au {validDate}</Trans>
    </p>
  );
}

/** The code and its copy button, on the disabled-QR page's copy machine ('Copié !' for 2 s). */
function CopyableCode({ code, copyLogic }: { code: string; copyLogic: typeof copyCodeLogic }) {
  const { t } = useLingui();
  const actor = useActorRef(copyLogic, { input: { code } });
  const copy = useConnected(actor, connectCopyCode);
  return (
    <div className="reward-details__code-line" {...copy.rootProps}>
      <code className="reward-details__code" data-part="code" dir="ltr">
        {code}
      </code>
      <button type="button" className="button-secondary reward-details__button" {...copy.copyButtonProps}>
        {copy.copied ? t`Copié !` : t`Copier le code`}
      </button>
      <p className="visually-hidden" role="status">
        {copy.copied && <Trans>Code copié dans le presse-papiers.</Trans>}
        {copy.failed && <Trans>Impossible de copier le code. Notez-le à la main.</Trans>}
      </p>
    </div>
  );
}
