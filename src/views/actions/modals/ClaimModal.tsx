import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import type { Action } from '../../../../contract/schemas.ts';
import { claimActionMachine } from '../../../../machines/claimAction.machine.ts';
import { ActionModalLayout, SubmissionOutcome, useSubmissionStatus } from './ActionModalLayout.tsx';
import { submitter, useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';

const ClaimContext = createActorContext(claimActionMachine);
const claimLogic = claimActionMachine.provide({ actors: { submitAnswer: submitter('CLAIM') } });

/** CLAIM (SPEC.md §2, §4): the claim dialog, with a claiming state while the claim is sent. */
export default function ClaimModal({ logic = claimLogic, ...props }: SubmissionModalProps<typeof claimActionMachine>) {
  return (
    <ClaimContext.Provider {...useSubmissionFlow(logic, props)}>
      <ClaimSheet action={props.action} onClose={props.onClose} />
    </ClaimContext.Provider>
  );
}

function ClaimSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = ClaimContext.useActorRef();
  const status = useSubmissionStatus(ClaimContext.useSelector);
  const canClaim = ClaimContext.useSelector((snapshot) => snapshot.matches('choosing'));

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="claim" state={status.state} variant="sheet">
      {canClaim && (
        <button
          type="button"
          className="button-primary action-modal__primary"
          data-part="claim"
          onClick={() => actor.send({ type: 'answer.submit', answer: null })}
        >
          <Trans>Réclamer</Trans>
        </button>
      )}
      <SubmissionOutcome {...status} sendingLabel={t`Réclamation en cours…`} />
    </ActionModalLayout>
  );
}
