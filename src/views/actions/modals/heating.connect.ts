import type { SnapshotFrom } from 'xstate';
import {
  type HeatingStatus,
  heatingStatus,
  MAX_TEMPERATURE,
  MIN_TEMPERATURE,
} from '../../../../contract/answer-rules.ts';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type { HeatingEvent, heatingMachine } from '../../../../machines/dialogs/heating.machine.ts';
import type { SubmissionRetryEvent } from '../../../../machines/dialogs/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { connectSubmissionOutcome, type SubmissionOutcomeProps } from './submission.connect.ts';

type HeatingSnapshot = SnapshotFrom<typeof heatingMachine>;

export interface HeatingProps extends SubmissionOutcomeProps<StatePath<HeatingSnapshot['value']>> {
  temperature: number;
  status: HeatingStatus;
  /** The guest may change and send the setting (not while it is sent, nor once sent). */
  adjusting: boolean;
  /** Sending this setting would take back the points tonight's earned: the guest confirms or cancels first. */
  confirming: boolean;
  confirmChange(): void;
  cancelChange(): void;
  canRaise: boolean;
  canLower: boolean;
  raise(): void;
  lower(): void;
  submit(): void;
  /** The temperature's keys: up and down only, as left and right would swap meaning in right-to-left languages. */
  onKeyDown(event: { key: string; preventDefault(): void }): void;
}

/** The props of the heating modal. */
export function connectHeating(
  snapshot: HeatingSnapshot,
  send: (event: HeatingEvent | ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): HeatingProps {
  const { temperature } = snapshot.context;
  const adjusting = snapshot.matches('adjusting');
  const raise = () => send({ type: 'temperature.raise' });
  const lower = () => send({ type: 'temperature.lower' });
  return {
    ...connectSubmissionOutcome(snapshot, send),
    temperature,
    status: heatingStatus(temperature),
    adjusting,
    confirming: snapshot.matches('confirmingLoss'),
    confirmChange: () => send({ type: 'change.confirm' }),
    cancelChange: () => send({ type: 'change.cancel' }),
    canRaise: adjusting && temperature < MAX_TEMPERATURE,
    canLower: adjusting && temperature > MIN_TEMPERATURE,
    raise,
    lower,
    submit: () => send({ type: 'temperature.submit' }),
    onKeyDown: (event) => {
      if (!adjusting) return;
      if (event.key === 'ArrowUp') raise();
      else if (event.key === 'ArrowDown') lower();
      else return;
      event.preventDefault();
    },
  };
}
