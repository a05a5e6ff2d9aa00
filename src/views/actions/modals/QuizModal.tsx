import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import { answerLetter, answersInOrder, shownCorrectAnswer } from '../../../../contract/answer-rules.ts';
import type { Quiz, QuizSolution } from '../../../../contract/schemas.ts';
import type { quizMachine } from '../../../../machines/dialogs/quiz.machine.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectQuiz } from './quiz.connect.ts';
import type { FlowModalProps } from './types.ts';
import './QuizModal.css';

/**
 * QUIZ (docs/behaviour.md#quiz): the question, answers lettered A, B, C…; the tap of an answer sends it, then the
 * reply's verdict, correct answer and explanation show when the reply has an explanation.
 */
export default function QuizModal({ action, flow, onClose }: QuizModalProps) {
  const { t } = useLingui();
  // The launch runs no quiz machine for an action without its question.
  if (!action.quiz || !flow) {
    return (
      <ActionModalLayout action={action} onClose={onClose} scope="quiz" state="unavailable">
        <ErrorCard message={t`Ce quiz n'est pas disponible pour le moment.`} />
      </ActionModalLayout>
    );
  }
  return <QuizSheet action={action} quiz={action.quiz} flow={flow} onClose={onClose} />;
}

type QuizModalProps = Omit<FlowModalProps<typeof quizMachine>, 'flow'> & Partial<FlowModalProps<typeof quizMachine>>;

function QuizSheet({ action, quiz, flow, onClose }: FlowModalProps<typeof quizMachine> & { quiz: Quiz }) {
  const { i18n } = useLingui();
  const api = useConnected(flow, connectQuiz);
  const answers = useMemo(() => answersInOrder(quiz), [quiz]);
  // After the reveal the answer is sent: closing is 'Continuer', which hands its points to the page.
  const close = api.revealed ? api.confirm : onClose;

  return (
    <ActionModalLayout
      action={action}
      onClose={close}
      scope="quiz"
      state={api.state}
      // A wrong answer is final: its points are no longer on offer.
      showReward={api.result ? api.result.correct : undefined}
    >
      <fieldset className="action-modal__choices quiz-modal__answers" data-part="answers" disabled={!api.answering}>
        <legend className="action-modal__question quiz-modal__question" data-part="question">
          {quiz.question.text}
        </legend>
        {answers.map((answer) => {
          const correct = api.result ? api.result.solution.correctPositions.includes(answer.qaPosition) : undefined;
          return (
            <button
              key={answer.qaPosition}
              type="button"
              className="action-modal__choice"
              data-part="answer"
              data-correct={correct}
              aria-pressed={api.selected === answer.qaPosition}
              onClick={() => api.pick(answer.qaPosition)}
            >
              <span className="quiz-modal__letter">{answerLetter(answer.qaPosition, i18n.locale)}</span>{' '}
              <span>{answer.text}</span>
              <AnswerMark correct={correct} picked={api.selected === answer.qaPosition} />
            </button>
          );
        })}
      </fieldset>
      {api.result && (
        <QuizResult quiz={quiz} {...api.result} selectedPosition={api.selected} onContinue={api.confirm} />
      )}
      {/* The verdict says it while revealed; the page's toast says the server's message after. */}
      <SubmissionOutcome {...api} reply={api.revealed ? null : api.reply} />
    </ActionModalLayout>
  );
}

/**
 * Once revealed, the right answer and a wrong pick are marked by a sign, not by their colour alone (a screen reader
 * hears the verdict and 'La bonne réponse : …' instead, so the answers keep their names).
 */
function AnswerMark({ correct, picked }: { correct: boolean | undefined; picked: boolean }) {
  if (correct === undefined || (!correct && !picked)) return null;
  return (
    <span className="quiz-modal__mark" data-part="mark" data-correct={correct} aria-hidden="true">
      {correct ? '✓' : '✗'}
    </span>
  );
}

/** The reply's verdict on the sent answer, the correct answer's letter and the explanation, then 'Continuer'. */
function QuizResult({
  quiz,
  correct,
  solution,
  selectedPosition,
  onContinue,
}: {
  quiz: Quiz;
  correct: boolean;
  solution: QuizSolution;
  selectedPosition: number | null;
  onContinue(): void;
}) {
  const { i18n } = useLingui();
  const correctAnswer = shownCorrectAnswer(quiz, solution, selectedPosition);
  const letter = correctAnswer ? answerLetter(correctAnswer.qaPosition, i18n.locale) : '';
  const answerText = correctAnswer?.text ?? '';
  const verdict = useRef<HTMLParagraphElement>(null);
  // The explanation sits below the answers: bring the verdict into view and to the screen reader's attention.
  useEffect(() => {
    verdict.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    verdict.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="quiz-modal__result" data-part="result" data-correct={correct}>
      <p className="quiz-modal__verdict" data-part="verdict" ref={verdict} tabIndex={-1}>
        {correct ? <Trans>Bonne réponse !</Trans> : <Trans>Mauvaise réponse</Trans>}
      </p>
      {correctAnswer && (
        <p>
          <Trans>
            La bonne réponse : {letter}. {answerText}
          </Trans>
        </p>
      )}
      <p className="quiz-modal__explanation" data-part="explanation">
        {solution.explanation}
      </p>
      <button type="button" className="button-primary action-modal__primary" data-part="continue" onClick={onContinue}>
        <Trans>Continuer</Trans>
      </button>
    </section>
  );
}
