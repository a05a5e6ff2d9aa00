import { Trans, useLingui } from '@lingui/react/macro';
import type { claimActionMachine } from '../../../../machines/dialogs/claimAction.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectAnswerSubmission } from './submission.connect.ts';
import type { FlowModalProps } from './types.ts';

/** CLAIM (docs/behaviour.md#claim): the claim dialog, with a claiming state while the claim is sent. */
export default function ClaimModal({ action, flow, onClose }: FlowModalProps<typeof claimActionMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectAnswerSubmission);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="claim" state={api.state} variant="sheet">
      {api.canAnswer && (
        <button
          type="button"
          className="button-primary action-modal__primary"
          data-part="claim"
          onClick={() => api.submit(null)}
        >
          <Trans>Réclamer</Trans>
        </button>
      )}
      <SubmissionOutcome {...api} sendingLabel={t`Réclamation en cours…`} />
    </ActionModalLayout>
  );
}
