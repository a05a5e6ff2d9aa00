import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { rewardCodeText } from '../../../../contract/reward-code.ts';
import type { copyCodeMachine } from '../../../../machines/copyCode.machine.ts';
import { RewardCode } from '../../../components/RewardCode.tsx';
import { useConnected } from '../../binding/useConnected.ts';
import { connectCopyCode } from '../../entry/copyCode.connect.ts';
import { CodeQr } from './CodeQr.tsx';
import type { RewardClaimApi } from './rewardClaim.connect.ts';
import { formatValidUntil } from './rewardDisplay.ts';

interface CodePanelProps {
  claim: RewardClaimApi;
  codePrefix: string;
  language: string;
}

/**
 * A claimed CODE reward: instructions, {hotel}-{code} with a copy button, and its validity when the reward has one
 * (no invented date otherwise; docs/behaviour.md#code-reward).
 */
export function CodePanel({ claim, codePrefix, language }: CodePanelProps) {
  const { i18n } = useLingui();
  const { codePanel, code, copy } = claim;
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
      {code && copy && <CopyableCode codePrefix={codePrefix} code={code} flow={copy} />}
      {code && <CodeQr code={rewardCodeText(codePrefix, code)} />}
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

/** The code and its copy button, on the claim's child `copyCode`: the disabled-QR page's copy ('Copié !' for 2 s). */
function CopyableCode({
  codePrefix,
  code,
  flow,
}: {
  codePrefix: string;
  code: string;
  flow: ActorRefFrom<typeof copyCodeMachine>;
}) {
  const { t } = useLingui();
  const copy = useConnected(flow, connectCopyCode);
  return (
    <div className="reward-details__code-line" {...copy.rootProps}>
      <RewardCode codePrefix={codePrefix} code={code} />
      <button type="button" className="button-secondary reward-details__button" {...copy.copyButtonProps}>
        {/* Both labels take their place; only one shows: 'Copié !' never resizes the button nor moves the code. */}
        <span className="reward-details__copy-labels">
          <span data-shown={!copy.copied || undefined} aria-hidden={copy.copied || undefined}>
            {t`Copier le code`}
          </span>
          <span data-shown={copy.copied || undefined} aria-hidden={!copy.copied || undefined}>
            {t`Copié !`}
          </span>
        </span>
      </button>
      <p className="visually-hidden" role="status">
        {copy.copied && <Trans>Code copié dans le presse-papiers.</Trans>}
        {copy.failed && <Trans>Impossible de copier le code. Notez-le à la main.</Trans>}
      </p>
    </div>
  );
}
