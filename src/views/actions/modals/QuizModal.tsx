import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import type { Action, Quiz } from '../../../../contract/schemas.ts';
import {
  answerLetter,
  answersInOrder,
  correctAnswerOf,
  isCorrectAnswer,
  quizMachine,
} from '../../../../machines/quiz.machine.ts';
import { ErrorCard } from '../../../components/ErrorCard.tsx';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectQuiz } from './quiz.connect.ts';
import { useSubmissionFlow } from './submitter.ts';
import type { SubmissionModalProps } from './types.ts';
import './QuizModal.css';

const QuizContext = createActorContext(quizMachine);

/**
 * QUIZ (docs/behaviour.md#quiz): the question, answers lettered A, B, C…; the explanation, when there is one, before
 * sending.
 */
export default function QuizModal(props: SubmissionModalProps<typeof quizMachine>) {
  const { t } = useLingui();
  const { action, onClose } = props;
  if (!action.quiz) {
    return (
      <ActionModalLayout action={action} onClose={onClose} scope="quiz" state="unavailable">
        <ErrorCard message={t`Ce quiz n'est pas disponible pour le moment.`} />
      </ActionModalLayout>
    );
  }
  return <QuizFlow {...props} quiz={action.quiz} />;
}

function QuizFlow({ quiz, ...props }: SubmissionModalProps<typeof quizMachine> & { quiz: Quiz }) {
  return (
    <QuizContext.Provider {...useSubmissionFlow(quizMachine, props, { quiz })}>
      <QuizSheet action={props.action} quiz={quiz} onClose={props.onClose} />
    </QuizContext.Provider>
  );
}

function QuizSheet({ action, quiz, onClose }: { action: Action; quiz: Quiz; onClose(): void }) {
  const api = useConnected(QuizContext.useActorRef(), connectQuiz);
  const answers = useMemo(() => answersInOrder(quiz), [quiz]);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="quiz" state={api.state}>
      <fieldset className="action-modal__choices quiz-modal__answers" data-part="answers" disabled={!api.answering}>
        <legend className="action-modal__question quiz-modal__question" data-part="question">
          {quiz.question.text}
        </legend>
        {answers.map((answer) => (
          <button
            key={answer.qaPosition}
            type="button"
            className="action-modal__choice"
            data-part="answer"
            data-correct={api.revealed ? answer.qaIsCorrect === 1 : undefined}
            aria-pressed={api.selected === answer.qaPosition}
            onClick={() => api.pick(answer.qaPosition)}
          >
            <span className="quiz-modal__letter">{answerLetter(answer.qaPosition)}</span> <span>{answer.text}</span>
          </button>
        ))}
      </fieldset>
      {api.revealed && api.selected !== null && (
        <QuizResult quiz={quiz} selectedPosition={api.selected} onContinue={api.confirm} />
      )}
      <SubmissionOutcome {...api} />
    </ActionModalLayout>
  );
}

/** Right or wrong, the correct answer's letter and the explanation, then 'Continuer' sends the answer. */
function QuizResult({
  quiz,
  selectedPosition,
  onContinue,
}: {
  quiz: Quiz;
  selectedPosition: number;
  onContinue(): void;
}) {
  const correct = isCorrectAnswer(quiz, selectedPosition);
  const correctAnswer = correctAnswerOf(quiz);
  const letter = correctAnswer ? answerLetter(correctAnswer.qaPosition) : '';
  const answerText = correctAnswer?.text ?? '';
  return (
    <section className="quiz-modal__result" data-part="result" data-correct={correct}>
      <p className="quiz-modal__verdict">
        {correct ? <Trans>Bonne réponse !</Trans> : <Trans>Mauvaise réponse</Trans>}
      </p>
      {correctAnswer && (
        <p>
          <Trans>
            La bonne réponse : {letter}. {answerText}
          </Trans>
        </p>
      )}
      <p className="quiz-modal__explanation" data-part="explanation">
        {quiz.question.explanation}
      </p>
      <button type="button" className="button-primary action-modal__primary" data-part="continue" onClick={onContinue}>
        <Trans>Continuer</Trans>
      </button>
    </section>
  );
}
