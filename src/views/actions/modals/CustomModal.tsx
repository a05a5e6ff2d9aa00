import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import type { Action } from '../../../../contract/schemas.ts';
import { customMachine, optionsInOrder } from '../../../../machines/custom.machine.ts';
import { ActionModalLayout, SubmissionOutcome, useSubmissionStatus } from './ActionModalLayout.tsx';
import { submitter, useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';
import './CustomModal.css';

const CustomContext = createActorContext(customMachine);
const customLogic = customMachine.provide({ actors: { submitAnswer: submitter('CUSTOM') } });

/** CUSTOM (SPEC.md §2, §4): the hotel's options in order; picking one sends it. */
export default function CustomModal({ logic = customLogic, ...props }: SubmissionModalProps<typeof customMachine>) {
  return (
    <CustomContext.Provider {...useSubmissionFlow(logic, props)}>
      <CustomSheet action={props.action} onClose={props.onClose} />
    </CustomContext.Provider>
  );
}

function CustomSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = CustomContext.useActorRef();
  const status = useSubmissionStatus(CustomContext.useSelector);
  const busy = CustomContext.useSelector((snapshot) => !snapshot.matches('choosing'));
  const chosen = CustomContext.useSelector((snapshot) => snapshot.context.answer);
  const options = useMemo(() => optionsInOrder(action.options), [action.options]);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="custom" state={status.state}>
      {action.aadQuestion && <p className="custom-modal__question">{action.aadQuestion}</p>}
      <ul className="action-modal__choices" data-part="options" aria-label={t`Options`}>
        {options.map((option) => (
          <li key={option.caoId}>
            <button
              type="button"
              className="action-modal__choice"
              data-part="option"
              aria-pressed={chosen === option.caoId}
              disabled={busy}
              onClick={() => actor.send({ type: 'answer.submit', answer: option.caoId })}
            >
              {option.caoPictureURL && (
                <img className="custom-modal__picture" src={option.caoPictureURL} alt="" aria-hidden="true" />
              )}
              <span>{option.caodLabel}</span>
            </button>
          </li>
        ))}
      </ul>
      <SubmissionOutcome {...status} />
    </ActionModalLayout>
  );
}
