import { useLingui } from '@lingui/react/macro';
import { Toast } from '../../components/Toast.tsx';
import { useConnected } from '../binding/useConnected.ts';
import { useStayChild } from '../stay/stayActor.ts';
import { connectToast } from './toast.connect.ts';

/** docs/behaviour.md#action-completion: the toast of a validated proof (`?proof_success`), shown by the root once the page runs. */
export function ProofSuccessToast({ pointsName }: { pointsName: string }) {
  const { t } = useLingui();
  const toast = useStayChild('proofToast');
  const { root, content, onDismiss } = useConnected(toast, connectToast, 'toast-region');
  const wonPoints = content?.points ?? null;
  return (
    <div {...root}>
      {wonPoints !== null && (
        <Toast
          message={t`Bravo ! Vous avez gagné ${wonPoints} ${pointsName} !`}
          badge={`+${wonPoints}`}
          onDismiss={onDismiss}
        />
      )}
    </div>
  );
}
