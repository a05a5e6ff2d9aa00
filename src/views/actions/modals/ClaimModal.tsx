import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import type { Action } from '../../../../contract/schemas.ts';
import { claimActionMachine } from '../../../../machines/claimAction.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectAnswerSubmission } from './submission.connect.ts';
import { useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';

const ClaimContext = createActorContext(claimActionMachine);

/** CLAIM (docs/behaviour.md#claim): the claim dialog, with a claiming state while the claim is sent. */
export default function ClaimModal(props: SubmissionModalProps<typeof claimActionMachine>) {
  return (
    <ClaimContext.Provider {...useSubmissionFlow(claimActionMachine, props)}>
      <ClaimSheet action={props.action} onClose={props.onClose} />
    </ClaimContext.Provider>
  );
}

function ClaimSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const api = useConnected(ClaimContext.useActorRef(), connectAnswerSubmission);

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
