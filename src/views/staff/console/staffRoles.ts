import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffRole } from '../../../../contract/staff-roles.ts';

/** The staff's words for the roles (docs/behaviour.md#staff-accounts), in the order a manager chooses among them. */
export const ROLE_LABELS: Record<StaffRole, MessageDescriptor> = {
  frontDesk: msg({ message: 'Réception', context: 'staff role' }),
  housekeeping: msg({ message: 'Ménage', context: 'staff role' }),
  manager: msg({ message: 'Responsable', context: 'staff role' }),
};
