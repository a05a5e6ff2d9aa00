import { lazy, Suspense } from 'react';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { useConnected } from '../binding/useConnected.ts';
import { useStayChild } from '../stay/stayActor.ts';
import { connectStaffTitle } from './staffReset.connect.ts';
import './StaffResetTitle.css';

// Staff only: the PIN dialog loads when a long press opens it.
const StaffResetDialog = lazy(withDialogsCatalog(() => import('./StaffResetDialog.tsx')));

/** The header title, which a long press turns into the staff reset's PIN dialog (docs/behaviour.md#staff-reset). */
export function StaffResetTitle({ title }: { title: string }) {
  const staffReset = useStayChild('staffReset');
  const { title: titleProps, isDialogOpen } = useConnected(staffReset, connectStaffTitle);
  return (
    <>
      <p className="stay-header__title staff-reset-title" {...titleProps}>
        {title}
      </p>
      {isDialogOpen && (
        <Suspense fallback={null}>
          <StaffResetDialog />
        </Suspense>
      )}
    </>
  );
}
