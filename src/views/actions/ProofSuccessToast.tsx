import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Toast } from '../../components/Toast.tsx';
import { useStayChild, wholeSnapshot } from '../stay/stayActor.ts';
import { connectToast } from './toast.connect.ts';

/** SPEC.md §2: the toast of a validated proof (`?proof_success`), shown by the root once the page runs. */
export function ProofSuccessToast({ pointsName }: { pointsName: string }) {
  const { t } = useLingui();
  const toast = useStayChild('proofToast');
  const { root, content, onDismiss } = connectToast('toast-region', useSelector(toast, wholeSnapshot), toast.send);
  const wonPoints = content?.points ?? null;
  return (
    <div {...root}>
      {wonPoints !== null && (
        <Toast
          message={t`Bravo ! Vous avez gagné ${wonPoints} ${pointsName} !`}
          badge={`+${wonPoints}`}
          onDismiss={onDismiss}
        />
      )}
    </div>
  );
}
