import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { copyCodeMachine } from '../../../machines/copyCode.machine.ts';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../components/LanguageMenu.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { connectCopyCode } from './copyCode.connect.ts';
import { copyCodeLogic } from './copyCode.logic.ts';
import './DisabledQrPage.css';
import { useConnected } from '../binding/useConnected.ts';

export const CopyCodeContext = createActorContext(copyCodeMachine);

export interface DisabledQrPageProps {
  qrId: string;
  /** The copy machine with its clipboard actor and reload action; tests pass controlled ones. */
  logic?: typeof copyCodeLogic;
}

/** /{qrId}/disabled: the room QR is unknown or has no hotel yet (docs/behaviour.md#disabled-qr). */
export function DisabledQrPage({ qrId, logic = copyCodeLogic }: DisabledQrPageProps) {
  return (
    <CopyCodeContext.Provider key={qrId} logic={logic} options={{ input: { code: qrId } }}>
      <DisabledQrScreen qrId={qrId} />
    </CopyCodeContext.Provider>
  );
}

function DisabledQrScreen({ qrId }: { qrId: string }) {
  const { t } = useLingui();
  const copy = useConnected(CopyCodeContext.useActorRef(), connectCopyCode);
  const { language, setLanguage } = useLanguage();

  return (
    <main className="disabled-qr" {...copy.rootProps}>
      <div className="disabled-qr__toolbar" data-part="toolbar">
        <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={setLanguage} />
      </div>
      <div className="disabled-qr__card" data-part="card">
        <span className="disabled-qr__icon" aria-hidden="true">
          ⚠
        </span>
        <h1 className="disabled-qr__title">
          <Trans>QR code non activé</Trans>
        </h1>
        <p className="disabled-qr__text">
          <Trans>
            Ce QR code n'est pas encore associé à une chambre. Merci de contacter la réception en indiquant le code
            ci-dessous.
          </Trans>
        </p>
        <dl className="disabled-qr__code-line">
          <dt className="disabled-qr__code-label">
            <Trans>Code</Trans>
          </dt>
          <dd className="disabled-qr__code-value">
            <code className="disabled-qr__code" data-part="code">
              {qrId}
            </code>
          </dd>
        </dl>
        <div className="disabled-qr__actions">
          <button
            type="button"
            className="disabled-qr__button disabled-qr__button--secondary"
            {...copy.copyButtonProps}
          >
            {copy.copied ? t`Copié !` : t`Copier le code`}
          </button>
          <button type="button" className="disabled-qr__button disabled-qr__button--primary" {...copy.retryButtonProps}>
            <Trans>Réessayer</Trans>
          </button>
        </div>
        {/* Polite announcements of the copy result for screen readers. */}
        <p className="disabled-qr__status" data-part="status" role="status">
          {copy.copied && <Trans>Code copié dans le presse-papiers.</Trans>}
          {copy.failed && <Trans>Impossible de copier le code. Notez-le à la main.</Trans>}
        </p>
      </div>
    </main>
  );
}
