import type { SnapshotFrom } from 'xstate';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type { SubmissionRetryEvent } from '../../../../machines/submission.ts';
import type { YesNoAnswer, YesNoEvent, yesNoMachine } from '../../../../machines/yesNo.machine.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { type AnswerChangeProps, connectAnswerChange } from './answerChange.connect.ts';

type YesNoSnapshot = SnapshotFrom<typeof yesNoMachine>;

export interface YesNoProps extends AnswerChangeProps<YesNoAnswer, StatePath<YesNoSnapshot['value']>> {
  /** The other answer, offered by the change button once answered. */
  otherAnswer: 'yes' | 'no';
  /** The rewarded side (its reward banner shows while the reward can still be earned). */
  rewardOn(side: 'yes' | 'no'): boolean;
  choose(answer: 'yes' | 'no'): void;
}

/** The props of the yes/no modal. */
export function connectYesNo(
  snapshot: YesNoSnapshot,
  send: (event: YesNoEvent | ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): YesNoProps {
  const change = connectAnswerChange(snapshot, send);
  return {
    ...change,
    otherAnswer: change.answer === 'yes' ? 'no' : 'yes',
    rewardOn: (side) => side === change.rewardedAnswer,
    choose: (answer) => send({ type: 'answer.choose', answer }),
  };
}
