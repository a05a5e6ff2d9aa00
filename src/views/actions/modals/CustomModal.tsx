import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import { customMachine, optionsInOrder } from '../../../../machines/custom.machine.ts';
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
import './CustomModal.css';

const CustomContext = createActorContext(customMachine);
const customLogic = customMachine.provide({ actors: { submitAnswer: submitter('custom') } });

export interface CustomModalProps extends ActionModalProps {
  /** Replaces the real submission (tests, demo tooling). */
  logic?: typeof customMachine;
}

/** CUSTOM (SPEC.md §2, §4): the hotel's options in order; picking one sends it. */
export default function CustomModal({ action, endDate, onSubmitted, onClose, logic = customLogic }: CustomModalProps) {
  const input = useSubmissionInput(action, endDate);
  const notify = useStableCallback(onSubmitted);
  const provided = useMemo(
    () => logic.provide({ actions: { notifySubmitted: (_, reply) => notify(reply) } }),
    [logic, notify],
  );
  return (
    <CustomContext.Provider logic={provided} options={{ input }}>
      <CustomSheet action={action} onClose={onClose} />
    </CustomContext.Provider>
  );
}

function CustomSheet({ action, onClose }: { action: Action; onClose(): void }) {
  const { t } = useLingui();
  const actor = CustomContext.useActorRef();
  const state = CustomContext.useSelector((snapshot) => stateName(snapshot.value));
  const busy = CustomContext.useSelector((snapshot) => !snapshot.matches('choosing'));
  const notEnoughPoints = CustomContext.useSelector((snapshot) => snapshot.matches({ choosing: 'notEnoughPoints' }));
  const sending = CustomContext.useSelector((snapshot) => snapshot.hasTag('loading'));
  const chosen = CustomContext.useSelector((snapshot) => snapshot.context.answer);
  const error = CustomContext.useSelector((snapshot) => snapshot.context.error);
  const reply = CustomContext.useSelector((snapshot) => snapshot.context.reply);
  const options = useMemo(() => optionsInOrder(action.options), [action.options]);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="custom" state={state}>
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
      {sending && <SubmittingStatus />}
      <SubmissionProblem notEnoughPoints={notEnoughPoints} error={error} />
      <SubmittedStatus message={reply?.message} />
    </ActionModalLayout>
  );
}
