import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import type { Action } from '../../../../contract/schemas.ts';
import { lunishowerMachine } from '../../../../machines/lunishower.machine.ts';
import { ActionModalLayout, SubmissionOutcome, useSubmissionStatus } from './ActionModalLayout.tsx';
import { submitter, useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';
import './LunishowerModal.css';

const LunishowerContext = createActorContext(lunishowerMachine);
const lunishowerLogic = lunishowerMachine.provide({ actors: { submitAnswer: submitter('LUNISHOWER') } });

/** LUNISHOWER (SPEC.md §2, §4): did the guest keep to the short-shower objective? A no earns nothing. */
export default function LunishowerModal({
  logic = lunishowerLogic,
  ...props
}: SubmissionModalProps<typeof lunishowerMachine>) {
  return (
    <LunishowerContext.Provider {...useSubmissionFlow(logic, props)}>
      <LunishowerSheet action={props.action} onClose={props.onClose} />
    </LunishowerContext.Provider>
  );
}

function LunishowerSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = LunishowerContext.useActorRef();
  const status = useSubmissionStatus(LunishowerContext.useSelector);
  const busy = LunishowerContext.useSelector((snapshot) => !snapshot.matches('choosing'));
  const chosen = LunishowerContext.useSelector((snapshot) => snapshot.context.answer);
  const question = action.aadQuestion ?? t`Avez-vous respecté l'objectif de douche courte ?`;

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="lunishower" state={status.state}>
      <fieldset
        className="action-modal__choices action-modal__choices--pair lunishower-modal__answers"
        data-part="answers"
        disabled={busy}
      >
        <legend className="action-modal__question">{question}</legend>
        <button
          type="button"
          className="button-primary action-modal__primary"
          aria-pressed={chosen === true}
          onClick={() => actor.send({ type: 'answer.submit', answer: true })}
        >
          <Trans>Oui</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          aria-pressed={chosen === false}
          onClick={() => actor.send({ type: 'answer.submit', answer: false })}
        >
          <Trans>Non</Trans>
        </button>
      </fieldset>
      <SubmissionOutcome {...status} />
    </ActionModalLayout>
  );
}
