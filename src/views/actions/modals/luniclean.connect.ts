import type { SnapshotFrom } from 'xstate';
import type { ChangeConfirmationEvent } from '../../../../machines/answerChange.ts';
import type { CleaningDecision, LunicleanEvent, lunicleanMachine } from '../../../../machines/luniclean.machine.ts';
import type { SubmissionRetryEvent } from '../../../../machines/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { type AnswerChangeProps, connectAnswerChange } from './answerChange.connect.ts';

type LunicleanSnapshot = SnapshotFrom<typeof lunicleanMachine>;

export interface LunicleanProps extends AnswerChangeProps<CleaningDecision, StatePath<LunicleanSnapshot['value']>> {
  /** Whether the wording speaks of today's or tomorrow's cleaning. */
  day: 'today' | 'tomorrow';
  /** The decision on screen is said in words (not while the success message of a pending one shows). */
  showsDecision: boolean;
  /** A button's aria-pressed: nothing before any decision. */
  pressed(decision: 'skipped' | 'maintained'): boolean | undefined;
  skip(): void;
  maintain(): void;
}

/** The props of the skip-cleaning modal. */
export function connectLuniclean(
  snapshot: LunicleanSnapshot,
  send: (event: LunicleanEvent | ChangeConfirmationEvent | SubmissionRetryEvent) => void,
): LunicleanProps {
  const change = connectAnswerChange(snapshot, send);
  const decided = change.answer !== 'undecided';
  return {
    ...change,
    day: snapshot.context.day,
    showsDecision: decided && !change.submitting,
    pressed: (decision) => (decided ? change.answer === decision : undefined),
    skip: () => send({ type: 'cleaning.skip' }),
    maintain: () => send({ type: 'cleaning.maintain' }),
  };
}
