import type { SnapshotFrom } from 'xstate';
import type { QuizSolution } from '../../../../contract/schemas.ts';
import type { QuizEvent, quizMachine } from '../../../../machines/dialogs/quiz.machine.ts';
import type { SubmissionRetryEvent } from '../../../../machines/dialogs/submission.ts';
import type { StatePath } from '../../binding/dataState.ts';
import { connectSubmissionOutcome, type SubmissionOutcomeProps } from './submission.connect.ts';

type QuizSnapshot = SnapshotFrom<typeof quizMachine>;

export interface QuizProps extends SubmissionOutcomeProps<StatePath<QuizSnapshot['value']>> {
  /** The guest may pick an answer. */
  answering: boolean;
  /** The answer is sent; the correct answer and the explanation show, waiting for 'Continuer' (or the ×). */
  revealed: boolean;
  /** The qaPosition of the picked answer. */
  selected: number | null;
  /** While revealed: the reply's verdict on the sent answer and the quiz's solution (the server sends it there only). */
  result: { correct: boolean; solution: QuizSolution } | null;
  pick(qaPosition: number): void;
  confirm(): void;
}

/** The props of the quiz modal. */
export function connectQuiz(
  snapshot: QuizSnapshot,
  send: (event: QuizEvent | SubmissionRetryEvent) => void,
): QuizProps {
  const { reply, selectedPosition } = snapshot.context;
  const revealed = snapshot.matches('revealed');
  return {
    ...connectSubmissionOutcome(snapshot, send),
    answering: snapshot.matches('answering'),
    revealed,
    selected: selectedPosition,
    result: revealed && reply?.solution ? { correct: reply.isCorrect === true, solution: reply.solution } : null,
    pick: (qaPosition) => send({ type: 'answer.pick', qaPosition }),
    confirm: () => send({ type: 'answer.confirm' }),
  };
}
