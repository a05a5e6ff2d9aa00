import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import { claimActionMachine } from '../../../../machines/claimAction.machine.ts';
import type { Action } from '../../../api/contract.ts';
import {
  ActionModalLayout,
  SubmissionProblem,
  SubmittedStatus,
  SubmittingStatus,
  stateName,
} from './ActionModalLayout.tsx';
import { submitter, useStableCallback, useSubmissionInput } from './submitter.ts';
import type { ActionModalProps } from './types.ts';

const ClaimContext = createActorContext(claimActionMachine);
const claimLogic = claimActionMachine.provide({ actors: { submitAnswer: submitter('claim') } });

export interface ClaimModalProps extends ActionModalProps {
  /** Replaces the real submission (tests, demo tooling). */
  logic?: typeof claimActionMachine;
}

/** CLAIM (SPEC.md §2, §4): the claim dialog, with a claiming state while the claim is sent. */
export default function ClaimModal({ action, endDate, onSubmitted, onClose, logic = claimLogic }: ClaimModalProps) {
  const input = useSubmissionInput(action, endDate);
  const notify = useStableCallback(onSubmitted);
  const provided = useMemo(
    () => logic.provide({ actions: { notifySubmitted: (_, reply) => notify(reply) } }),
    [logic, notify],
  );
  return (
    <ClaimContext.Provider logic={provided} options={{ input }}>
      <ClaimSheet action={action} onClose={onClose} />
    </ClaimContext.Provider>
  );
}

function ClaimSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = ClaimContext.useActorRef();
  const state = ClaimContext.useSelector((snapshot) => stateName(snapshot.value));
  const canClaim = ClaimContext.useSelector((snapshot) => snapshot.matches('choosing'));
  const notEnoughPoints = ClaimContext.useSelector((snapshot) => snapshot.matches({ choosing: 'notEnoughPoints' }));
  const claiming = ClaimContext.useSelector((snapshot) => snapshot.hasTag('loading'));
  const error = ClaimContext.useSelector((snapshot) => snapshot.context.error);
  const reply = ClaimContext.useSelector((snapshot) => snapshot.context.reply);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="claim" state={state} variant="sheet">
      {canClaim && (
        <button
          type="button"
          className="action-modal__primary"
          data-part="claim"
          onClick={() => actor.send({ type: 'answer.submit', answer: null })}
        >
          <Trans>Réclamer</Trans>
        </button>
      )}
      {claiming && <SubmittingStatus label={t`Réclamation en cours…`} />}
      <SubmissionProblem notEnoughPoints={notEnoughPoints} error={error} />
      <SubmittedStatus message={reply?.message} />
    </ActionModalLayout>
  );
}
