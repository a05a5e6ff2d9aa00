import { Trans } from '@lingui/react/macro';
import { ActionModalLayout } from './ActionModalLayout.tsx';
import type { ActionModalProps } from './types.ts';
import './InstructionsModal.css';

/**
 * PROOF (docs/behaviour.md#proof): how to scan the QR code on site with the phone's camera (the description says
 * where), or a 'collected' banner once done. Nothing is sent from here: the scanned code opens the proof page.
 */
export default function ProofInstructionsModal({ action, onClose }: ActionModalProps) {
  const collected = action.alreadyCompleted;
  return (
    <ActionModalLayout action={action} onClose={onClose} scope="proof" state={collected ? 'collected' : 'instructions'}>
      {collected ? (
        <p className="note note--success action-modal__done" role="status" data-part="collected">
          <Trans>Action collectée ! Vos points ont été crédités.</Trans>
        </p>
      ) : (
        <ol className="instructions-modal__steps" data-part="steps">
          <li>
            <Trans>Rendez-vous à l'endroit indiqué et trouvez le QR code GreenMiles.</Trans>
          </li>
          <li>
            <Trans>Ouvrez l'appareil photo de votre téléphone et scannez le QR code.</Trans>
          </li>
          <li>
            <Trans>Vos points sont crédités dès que le QR code est validé.</Trans>
          </li>
        </ol>
      )}
    </ActionModalLayout>
  );
}
