import { Trans, useLingui } from '@lingui/react/macro';
import type { lunishowerMachine } from '../../../../machines/lunishower.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectAnswerSubmission } from './submission.connect.ts';
import type { FlowModalProps } from './types.ts';
import './LunishowerModal.css';

/**
 * LUNISHOWER (docs/behaviour.md#short-shower): did the guest keep to the short-shower objective? A no earns nothing.
 */
export default function LunishowerModal({ action, flow, onClose }: FlowModalProps<typeof lunishowerMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectAnswerSubmission);
  const question = action.aadQuestion ?? t`Avez-vous respecté l'objectif de douche courte ?`;

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="lunishower" state={api.state}>
      <fieldset
        className="action-modal__choices action-modal__choices--pair lunishower-modal__answers"
        data-part="answers"
        disabled={!api.canAnswer}
      >
        <legend className="action-modal__question">{question}</legend>
        <button
          type="button"
          className="button-primary action-modal__primary"
          aria-pressed={api.chosen === true}
          onClick={() => api.submit(true)}
        >
          <Trans>Oui</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          aria-pressed={api.chosen === false}
          onClick={() => api.submit(false)}
        >
          <Trans>Non</Trans>
        </button>
      </fieldset>
      <SubmissionOutcome {...api} />
    </ActionModalLayout>
  );
}
