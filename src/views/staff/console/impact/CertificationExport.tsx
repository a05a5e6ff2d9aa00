import { Trans, useLingui } from '@lingui/react/macro';
import { CERTIFICATION_FORMATS, type CertificationFormat } from '../../../../../contract/certification.ts';
import type { StaffImpactProps } from './staffImpact.connect.ts';

/**
 * The certification dossier's downloads for the period shown (docs/behaviour.md#certification-export): the figures
 * laid out for a Green Key or Travelife file, as CSV or a one-page PDF.
 */
export function CertificationExport({ impact }: { impact: StaffImpactProps }) {
  const { t } = useLingui();
  const labels: Record<CertificationFormat, string> = {
    csv: t`Dossier de certification (CSV)`,
    pdf: t`Dossier de certification (PDF)`,
  };
  const { downloading, failed } = impact.certification;
  return (
    <>
      {CERTIFICATION_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button-secondary staff-impact__export"
          data-part="certification"
          aria-busy={downloading}
          disabled={downloading}
          onClick={() => impact.onDownloadCertification(format)}
        >
          {labels[format]}
        </button>
      ))}
      {failed && (
        <p
          className="staff-impact__invalid staff-impact__certification-failed"
          role="alert"
          data-part="certification-failed"
        >
          <Trans>Le dossier de certification n'a pas pu être téléchargé. Réessayez.</Trans>
        </p>
      )}
    </>
  );
}
