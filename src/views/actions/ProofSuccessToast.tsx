import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { toastMachine } from '../../../machines/toast.machine.ts';
import { Toast } from '../../components/Toast.tsx';

export const ToastContext = createActorContext(toastMachine);

export interface ProofSuccessToastProps {
  sUUID: string;
  /** The `proof_success` query: points won by a validated proof. */
  points: number | undefined;
  pointsName: string;
  logic?: typeof toastMachine | undefined;
}

/** SPEC.md §2: `proof_success` shows a toast, then leaves the address. */
export function ProofSuccessToast({ logic = toastMachine, ...props }: ProofSuccessToastProps) {
  return (
    <ToastContext.Provider logic={logic}>
      <ProofSuccessToastView {...props} />
    </ToastContext.Provider>
  );
}

function ProofSuccessToastView({ sUUID, points, pointsName }: Omit<ProofSuccessToastProps, 'logic'>) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const actor = ToastContext.useActorRef();
  const state = ToastContext.useSelector((snapshot) => (snapshot.matches('visible') ? 'visible' : 'hidden'));
  const wonPoints = ToastContext.useSelector((snapshot) => snapshot.context.content?.points ?? null);

  useEffect(() => {
    if (points === undefined) return;
    actor.send({ type: 'toast.show', content: { kind: 'proofSuccess', points } });
    navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID }, search: {}, replace: true });
  }, [points, actor, navigate, sUUID]);

  return (
    <div data-scope="toast-region" data-state={state}>
      {state === 'visible' && wonPoints !== null && (
        <Toast
          message={t`Bravo ! Vous avez gagné ${wonPoints} ${pointsName} !`}
          badge={`+${wonPoints}`}
          onDismiss={() => actor.send({ type: 'toast.dismiss' })}
        />
      )}
    </div>
  );
}
