import { useLingui } from '@lingui/react/macro';
import type { StaffRole } from '../../../../contract/staff-roles.ts';

/** A staff role as the staff page names it (docs/behaviour.md#staff-page), for every place that shows one. */
export function useStaffRoleLabel(): (role: StaffRole) => string {
  const { t } = useLingui();
  const labels: Record<StaffRole, string> = {
    manager: t`Responsable`,
    frontDesk: t`Réception`,
    housekeeping: t`Étages`,
  };
  return (role) => labels[role];
}
