import type { SnapshotFrom } from 'xstate';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type {
  CleaningDecision,
  LunicleanEvent,
  lunicleanMachine,
} from '../../../../machines/dialogs/luniclean.machine.ts';
import type { SubmissionRetryEvent } from '../../../../machines/dialogs/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { type AnswerChangeProps, connectAnswerChange } from './answerChange.connect.ts';

type LunicleanSnapshot = SnapshotFrom<typeof lunicleanMachine>;

export interface LunicleanProps extends AnswerChangeProps<CleaningDecision, StatePath<LunicleanSnapshot['value']>> {
  /** Whether the wording speaks of today's or tomorrow's cleaning. */
  day: 'today' | 'tomorrow';
  skip(): void;
  maintain(): void;
}

/** The props of the skip-cleaning modal. */
export function connectLuniclean(
  snapshot: LunicleanSnapshot,
  send: (event: LunicleanEvent | ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): LunicleanProps {
  return {
    ...connectAnswerChange(snapshot, send),
    day: snapshot.context.day,
    skip: () => send({ type: 'cleaning.skip' }),
    maintain: () => send({ type: 'cleaning.maintain' }),
  };
}
