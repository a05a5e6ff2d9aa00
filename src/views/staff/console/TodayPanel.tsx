import { Trans } from '@lingui/react/macro';

/** The staff page's day: the housekeeping list, the reward codes to verify and the day's uses. */
export function TodayPanel() {
  return (
    <h2 className="staff-console__panel-title">
      <Trans>Aujourd'hui</Trans>
    </h2>
  );
}
