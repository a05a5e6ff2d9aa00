import type { YesNoAnswer } from '../../../../contract/recorded-answers.ts';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type { SubmissionRetryEvent } from '../../../../machines/dialogs/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { type AnswerChangeProps, type AnswerChangeSnapshot, connectAnswerChange } from './answerChange.connect.ts';

export interface YesNoProps<Value> extends AnswerChangeProps<YesNoAnswer, StatePath<Value>> {
  choose(answer: 'yes' | 'no'): void;
}

/** A yes-or-no choice of a change flow (machines/dialogs/yesNo.machine.ts). */
export type YesNoChoiceEvent = { type: 'answer.choose'; answer: 'yes' | 'no' };

/** The props of the yes/no and short-shower modals: a change flow whose answer is yes or no. */
export function connectYesNo<Value>(
  snapshot: AnswerChangeSnapshot<YesNoAnswer, Value>,
  send: (event: YesNoChoiceEvent | ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): YesNoProps<Value> {
  return {
    ...connectAnswerChange(snapshot, send),
    choose: (answer) => send({ type: 'answer.choose', answer }),
  };
}
