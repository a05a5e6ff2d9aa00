import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import { lunishowerMachine } from '../../../../machines/lunishower.machine.ts';
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
import './LunishowerModal.css';

const LunishowerContext = createActorContext(lunishowerMachine);
const lunishowerLogic = lunishowerMachine.provide({ actors: { submitAnswer: submitter('lunishower') } });

export interface LunishowerModalProps extends ActionModalProps {
  /** Replaces the real submission (tests, demo tooling). */
  logic?: typeof lunishowerMachine;
}

/** LUNISHOWER (SPEC.md §2, §4): did the guest keep to the short-shower objective? A no earns nothing. */
export default function LunishowerModal({
  action,
  endDate,
  onSubmitted,
  onClose,
  logic = lunishowerLogic,
}: LunishowerModalProps) {
  const input = useSubmissionInput(action, endDate);
  const notify = useStableCallback(onSubmitted);
  const provided = useMemo(
    () => logic.provide({ actions: { notifySubmitted: (_, reply) => notify(reply) } }),
    [logic, notify],
  );
  return (
    <LunishowerContext.Provider logic={provided} options={{ input }}>
      <LunishowerSheet action={action} onClose={onClose} />
    </LunishowerContext.Provider>
  );
}

function LunishowerSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = LunishowerContext.useActorRef();
  const state = LunishowerContext.useSelector((snapshot) => stateName(snapshot.value));
  const busy = LunishowerContext.useSelector((snapshot) => !snapshot.matches('choosing'));
  const notEnoughPoints = LunishowerContext.useSelector((snapshot) =>
    snapshot.matches({ choosing: 'notEnoughPoints' }),
  );
  const sending = LunishowerContext.useSelector((snapshot) => snapshot.hasTag('loading'));
  const chosen = LunishowerContext.useSelector((snapshot) => snapshot.context.answer);
  const error = LunishowerContext.useSelector((snapshot) => snapshot.context.error);
  const reply = LunishowerContext.useSelector((snapshot) => snapshot.context.reply);
  const question = action.aadQuestion ?? t`Avez-vous respecté l'objectif de douche courte ?`;

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="lunishower" state={state}>
      <fieldset className="lunishower-modal__answers" data-part="answers" disabled={busy}>
        <legend className="lunishower-modal__question">{question}</legend>
        <button
          type="button"
          className="action-modal__primary"
          aria-pressed={chosen === true}
          onClick={() => actor.send({ type: 'answer.submit', answer: true })}
        >
          <Trans>Oui</Trans>
        </button>
        <button
          type="button"
          className="lunishower-modal__no"
          aria-pressed={chosen === false}
          onClick={() => actor.send({ type: 'answer.submit', answer: false })}
        >
          <Trans>Non</Trans>
        </button>
      </fieldset>
      {sending && <SubmittingStatus />}
      <SubmissionProblem notEnoughPoints={notEnoughPoints} error={error} />
      <SubmittedStatus message={reply?.message} />
    </ActionModalLayout>
  );
}
