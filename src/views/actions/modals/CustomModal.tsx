import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { optionsInOrder } from '../../../../contract/answer-rules.ts';
import type { customMachine } from '../../../../machines/dialogs/custom.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectAnswerSubmission } from './submission.connect.ts';
import type { FlowModalProps } from './types.ts';
import './CustomModal.css';

/** CUSTOM (docs/behaviour.md#custom): the hotel's options in order; picking one sends it. */
export default function CustomModal({ action, flow, onClose }: FlowModalProps<typeof customMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectAnswerSubmission);
  const options = useMemo(() => optionsInOrder(action.options), [action.options]);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="custom" state={api.state}>
      {action.aadQuestion && <p className="custom-modal__question">{action.aadQuestion}</p>}
      <ul className="action-modal__choices" data-part="options" aria-label={t`Options`}>
        {options.map((option) => (
          <li key={option.caoId}>
            <button
              type="button"
              className="action-modal__choice"
              data-part="option"
              aria-pressed={api.chosen === option.caoId}
              disabled={!api.canAnswer}
              onClick={() => api.submit(option.caoId)}
            >
              {option.caoPictureURL && (
                <img className="custom-modal__picture" src={option.caoPictureURL} alt="" aria-hidden="true" />
              )}
              <span>{option.caodLabel}</span>
            </button>
          </li>
        ))}
      </ul>
      <SubmissionOutcome {...api} />
    </ActionModalLayout>
  );
}
