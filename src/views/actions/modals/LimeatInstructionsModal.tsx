import { Trans } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useStaySession } from '../../stay/StaySession.tsx';
import { ActionModalLayout } from './ActionModalLayout.tsx';
import type { ActionModalProps } from './types.ts';
import './InstructionsModal.css';

/**
 * The camera page's address (docs/behaviour.md#meal-photo): /camera/{sUUID}/{actId}?nId={current night}&endDate (only
 * if known).
 */
export function cameraPath(sUUID: string, action: { actId: number; currentNightId: string }, endDate: string | null) {
  const query = new URLSearchParams({ nId: action.currentNightId });
  if (endDate) query.set('endDate', endDate);
  return `/camera/${encodeURIComponent(sUUID)}/${action.actId}?${query}`;
}

/**
 * LIMEAT (docs/behaviour.md#meal-photo): how to photograph the meal, and the way to the camera page, which does the
 * analysis.
 */
export default function LimeatInstructionsModal({ action, endDate, onClose }: ActionModalProps) {
  const { sUUID } = useStaySession();
  const isDemo = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const href = `${isDemo ? '/demo' : ''}${cameraPath(sUUID, action, endDate ?? action.endDate)}`;
  return (
    <ActionModalLayout action={action} onClose={onClose} scope="limeat" state="instructions">
      <ol className="instructions-modal__steps" data-part="steps">
        <li>
          <Trans>Placez votre assiette sous une bonne lumière.</Trans>
        </li>
        <li>
          <Trans>Photographiez-la de dessus, tout le repas dans le cadre.</Trans>
        </li>
        <li>
          <Trans>Nous estimons son impact environnemental et vous créditons vos points.</Trans>
        </li>
      </ol>
      <a className="button-primary instructions-modal__action" data-part="camera" href={href}>
        <Trans>Prendre une photo de mon repas</Trans>
      </a>
    </ActionModalLayout>
  );
}
