import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StaffRole } from '../../../../contract/staff-roles.ts';

/** The staff's words for the roles (docs/behaviour.md#staff-accounts), in the order a manager chooses among them. */
export const ROLE_LABELS: Record<StaffRole, MessageDescriptor> = {
  frontDesk: msg`Réception`,
  housekeeping: msg`Étages`,
  manager: msg`Responsable`,
};

/** A staff role as the staff page names it, for every place that shows one. */
export function useStaffRoleLabel(): (role: StaffRole) => string {
  const { i18n } = useLingui();
  return (role) => i18n._(ROLE_LABELS[role]);
}
