import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StaffCodeCheckReply } from '../../../../../contract/schemas.ts';
import type { staffCodeCheckMachine } from '../../../../../machines/staffCodeCheck.machine.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { formatValidUntil } from '../../../rewards/details/rewardDisplay.ts';
import { useHotelTime } from '../hotelTime.ts';
import { type CodeCheckProps, connectCodeCheck } from './codeCheck.connect.ts';
import { canScan, SCAN_PREVIEW_PART } from './qrScanner.ts';

/**
 * The reward code check (docs/behaviour.md#staff-code-check): the code the guest shows, typed (Enter sends it) or
 * read from its QR code with the camera ('Scanner le QR code', where the browser can), and the answer, announced
 * politely: valid with 'Remettre la récompense' (the second, explicit step that uses it), used now, already used
 * (when, how), expired, unknown, shared by several rewards, or failed. The field empties for the next guest and
 * keeps the focus.
 */
export function CodeCheckSection({ actor }: { actor: ActorRefFrom<typeof staffCodeCheckMachine> }) {
  const { t } = useLingui();
  const check = useConnected(actor, connectCodeCheck);
  const [code, setCode] = useState('');
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    check.onCheck(code);
    setCode('');
    inputRef.current?.focus();
  }

  return (
    <section className="staff-today__section" aria-labelledby={headingId} data-part="code-check" {...check.root}>
      <h3 id={headingId} className="staff-today__title">
        <Trans>Vérifier un code de récompense</Trans>
      </h3>
      <form className="staff-today__code-form" onSubmit={submit}>
        <label className="staff-today__label" htmlFor={inputId}>
          {t`Code de récompense`}
        </label>
        <p id={hintId} className="staff-today__hint">
          <Trans>Tel que le client le montre, avec ou sans le préfixe de l'hôtel.</Trans>
        </p>
        <div className="staff-today__code-row">
          <input
            ref={inputRef}
            id={inputId}
            className="staff-today__code-input"
            data-part="code"
            aria-describedby={hintId}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button-primary staff-today__button"
            data-part="check"
            disabled={check.checking || check.redeeming || code.trim() === ''}
          >
            {check.checking ? t`Vérification…` : t`Vérifier`}
          </button>
        </div>
      </form>
      {canScan() && <CodeScan check={check} />}
      <div className="staff-today__result" role="status" data-part="result" data-outcome={check.outcome ?? 'none'}>
        {check.outcome && <CodeCheckAnswer check={check} />}
      </div>
    </section>
  );
}

/** The camera button, and while scanning the preview with 'Annuler' (focused: Enter, Space or Escape end it). */
function CodeScan({ check }: { check: CodeCheckProps }) {
  const { t } = useLingui();
  const hintId = useId();
  if (!check.scanning)
    return (
      <button
        type="button"
        className="button-secondary staff-today__button"
        data-part="scan"
        disabled={check.checking || check.redeeming}
        onClick={check.onScan}
      >
        {t`Scanner le QR code`}
      </button>
    );
  return (
    <div className="staff-today__scan" data-part="scanner">
      <p id={hintId}>{t`Présentez le QR code affiché par le client devant la caméra.`}</p>
      <video
        className="staff-today__scan-preview"
        data-part={SCAN_PREVIEW_PART}
        aria-describedby={hintId}
        aria-label={t`Caméra`}
        muted
        playsInline
      />
      <button
        type="button"
        className="button-secondary staff-today__button"
        data-part="scan-cancel"
        // biome-ignore lint/a11y/noAutofocus: the staff just asked for the camera; Escape or Enter ends it.
        autoFocus
        onClick={check.onCancelScan}
        onKeyDown={(event) => {
          if (event.key === 'Escape') check.onCancelScan();
        }}
      >
        {t`Annuler`}
      </button>
    </div>
  );
}

/** Valid and unused, used now, expired (not used: not to be handed over), or used before, when and how. */
function CodeCheckVerdict({ outcome, result }: { outcome: CodeCheckProps['outcome']; result: StaffCodeCheckReply }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const hotelTime = useHotelTime();
  if (outcome === 'usable' || outcome === 'redeemFailed') return t`Code valable, pas encore utilisé`;
  if (outcome === 'redeemed') return t`Récompense utilisée maintenant`;
  if (outcome === 'rewardExpired' || result.usedAt === null) {
    const validDate = result.validUntil ? formatValidUntil(result.validUntil, language) : '';
    return t`Récompense expirée (valable jusqu'au ${validDate}) : ne la remettez pas.`;
  }
  const usedAt = hotelTime(result.usedAt);
  return result.usedBy === 'staff'
    ? t`Déjà utilisée le ${usedAt} (code vérifié par le personnel)`
    : t`Déjà utilisée le ${usedAt} (validée sur l'écran du client)`;
}

/** Each answer's tone: ready to hand over, handed over, or a reason not to hand it over. */
const RESULT_TONES: Partial<Record<NonNullable<CodeCheckProps['outcome']>, string>> = {
  usable: 'note staff-today__note--ready',
  redeemFailed: 'note staff-today__note--ready',
  redeemed: 'note note--success',
};

function CodeCheckAnswer({ check }: { check: CodeCheckProps }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const hotelTime = useHotelTime();
  const redeemHintId = useId();
  const { result, code } = check;
  switch (check.outcome) {
    case 'unknownCode':
      return <p className="note note--warning">{t`Code inconnu : ${code}`}</p>;
    case 'ambiguousCode':
      return (
        <p className="note note--warning">
          {t`Ce code correspond à plusieurs récompenses. Vérifiez la récompense sur l'écran du client.`}
        </p>
      );
    case 'failed':
      return <p className="note note--warning">{t`Une erreur est survenue`}</p>;
    case 'scanFailed':
      return (
        <p className="note note--warning">
          {check.scanFailure === 'denied'
            ? t`Accès à la caméra refusé. Saisissez le code à la main.`
            : check.scanFailure === 'noCamera'
              ? t`Aucune caméra trouvée. Saisissez le code à la main.`
              : t`Impossible de lire le QR code. Saisissez le code à la main.`}
        </p>
      );
  }
  if (!result || !check.outcome) return null;
  const canRedeem = check.outcome === 'usable' || check.outcome === 'redeemFailed';
  return (
    <div className={`staff-today__answer ${RESULT_TONES[check.outcome] ?? 'note note--warning'}`}>
      <p className="staff-today__verdict" data-part="verdict">
        <CodeCheckVerdict outcome={check.outcome} result={result} />
      </p>
      <dl className="staff-today__facts">
        <dt>{t`Récompense`}</dt>
        <dd>{result.rewardName}</dd>
        <dt>{t`Chambre`}</dt>
        <dd>{result.roomNumber ?? t`Sans chambre`}</dd>
        <dt>{t`Code`}</dt>
        <dd className="staff-code">{result.code}</dd>
        <dt>{t`Débloquée le`}</dt>
        <dd>{hotelTime(result.claimedAt)}</dd>
        {result.validUntil && (
          <>
            <dt>{t`Valable jusqu'au`}</dt>
            <dd>{formatValidUntil(result.validUntil, language)}</dd>
          </>
        )}
      </dl>
      {check.outcome === 'redeemFailed' && (
        <p className="staff-today__redeem-failed" data-part="redeem-failed">
          {t`La remise n'a pas été enregistrée : le code n'est pas utilisé. Réessayez.`}
        </p>
      )}
      {canRedeem && (
        <div className="staff-today__redeem">
          <button
            type="button"
            className="button-primary staff-today__button"
            data-part="redeem"
            aria-describedby={redeemHintId}
            disabled={check.redeeming}
            onClick={check.onRedeem}
          >
            {check.redeeming ? t`Remise…` : t`Remettre la récompense`}
          </button>
          <p id={redeemHintId} className="staff-today__redeem-hint">
            {t`Le code sera utilisé : il ne pourra plus servir.`}
          </p>
        </div>
      )}
    </div>
  );
}
