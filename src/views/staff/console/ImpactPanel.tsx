import { Trans } from '@lingui/react/macro';

/** The staff page's impact dashboard over a chosen period. */
export function ImpactPanel() {
  return (
    <h2 className="staff-console__panel-title">
      <Trans>Impact du programme</Trans>
    </h2>
  );
}
