import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { useStayChild } from '../stay/stayActor.ts';
import { connectStaffTitle } from './staffReset.connect.ts';
import './StaffResetTitle.css';

// Staff only: the PIN dialog loads when a long press opens it.
const StaffResetDialog = lazy(withDialogsCatalog(() => import('./StaffResetDialog.tsx')));

/**
 * The header title, whose long press opens the staff reset's PIN dialog (docs/behaviour.md#staff-reset): the root's
 * child `staffResetOverlay` times the press and runs the dialog as its own child `staffReset`.
 */
export function StaffResetTitle({ title }: { title: string }) {
  const overlay = useStayChild('staffResetOverlay');
  const staffReset = useSelector(overlay, (snapshot) => snapshot.children.staffReset);
  return (
    <>
      <p className="stay-header__title staff-reset-title" {...connectStaffTitle(overlay.send)}>
        {title}
      </p>
      {staffReset && (
        <Suspense fallback={null}>
          <StaffResetDialog actor={staffReset} />
        </Suspense>
      )}
    </>
  );
}
