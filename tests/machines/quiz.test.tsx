import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { answerLetter, isCorrectAnswer } from '../../contract/answer-rules.ts';
import type { Quiz } from '../../contract/schemas.ts';
import { type QuizInput, quizMachine } from '../../machines/quiz.machine.ts';
import QuizModal from '../../src/views/actions/modals/QuizModal.tsx';
import {
  expectFailureAlert,
  modalDialog,
  RETRY,
  renderActionModal,
  retryStep,
  SUBMISSION_FAILURES,
  startModalFlow,
  submitAnswerSteps,
} from '../app/action-modal-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const EXPLAINED: Quiz = {
  question: {
    text: "Combien de litres d'eau une douche de 5 minutes consomme-t-elle ?",
    explanation: 'Une douche de 5 minutes consomme environ 60 litres.',
  },
  // Given out of order: the modal letters them by qaPosition.
  answers: [
    { qaPosition: 2, qaIsCorrect: 1, text: '60 litres' },
    { qaPosition: 1, qaIsCorrect: 0, text: '10 litres' },
    { qaPosition: 3, qaIsCorrect: 0, text: '200 litres' },
  ],
};
const UNEXPLAINED: Quiz = { question: { text: EXPLAINED.question.text }, answers: EXPLAINED.answers };
const ANSWER_NAMES = ['A 10 litres', 'B 60 litres', 'C 200 litres'];

const RIGHT = { message: 'Bonne réponse ! Bravo !', greenMilesChange: 25, greenMiles: 65, isCorrect: true };

type QuizSnapshot = SnapshotFrom<typeof quizMachine>;
const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

const events: AnyEventObject[] = [
  { type: 'answer.pick', qaPosition: 1 },
  { type: 'answer.pick', qaPosition: 2 },
  { type: 'answer.confirm', via: 'continue' },
  // The × after the reveal is 'Continuer' (issue 15): the same event, sent by the dialog's close button.
  { type: 'answer.confirm', via: 'close' },
  { type: 'xstate.done.actor.submitAnswer', output: RIGHT },
  ...SUBMISSION_FAILURES,
  RETRY,
];

const answerButtons = () => ANSWER_NAMES.map((name) => within(modalDialog('quiz')).getByRole('button', { name }));

function expectAnswers(snapshot: QuizSnapshot, enabled: boolean) {
  const group = within(modalDialog('quiz')).getByRole('group', { name: EXPLAINED.question.text });
  expect(group).toBeInTheDocument();
  for (const [index, button] of answerButtons().entries()) {
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-pressed', String(snapshot.context.selectedPosition === index + 1));
  }
}

/**
 * The revealed result (docs/behaviour.md#quiz): right or wrong, the correct answer's letter, the explanation,
 * 'Continuer'.
 */
function expectResult(snapshot: QuizSnapshot) {
  const position = snapshot.context.selectedPosition ?? 0;
  const result = within(modalDialog('quiz'));
  expect(result.getByText(isCorrectAnswer(EXPLAINED, position) ? 'Bonne réponse !' : 'Mauvaise réponse')).toBeVisible();
  expect(result.getByText('La bonne réponse : B. 60 litres')).toBeVisible();
  expect(result.getByText('Une douche de 5 minutes consomme environ 60 litres.')).toBeVisible();
}

const cases = [
  { name: 'with an explanation', quiz: EXPLAINED },
  { name: 'without an explanation', quiz: UNEXPLAINED },
];

describe.each(cases)('quiz machine drives the quiz modal $name', ({ quiz }) => {
  const input: QuizInput = { actId: 5, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null, quiz };
  const model = new TestModel(quizMachine as unknown as ActorLogic<QuizSnapshot, AnyEventObject, QuizInput>, {
    input,
    events: (snapshot) => events.filter((event) => snapshot.can(event as never)),
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  });
  const action = makeAction({ actId: 5, actType: 'QUIZ', aadName: 'Quiz eau', actReward: 25, quiz });
  const dialogState = (state: string) =>
    waitFor(() => expect(modalDialog('quiz')).toHaveAttribute('data-state', state));

  for (const path of model.getSimplePaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['submitAnswer']);
      const flow = startModalFlow(quizMachine, input, controlled.actors);
      const onClose = vi.fn();
      const { user } = await renderActionModal(<QuizModal action={action} flow={flow} onClose={onClose} />);
      const noResult = () => expect(screen.queryByRole('button', { name: 'Continuer' })).toBeNull();

      await path.test({
        states: {
          'answering.idle': async (snapshot) => {
            await dialogState('answering.idle');
            expect(within(modalDialog('quiz')).getByText('+25 GreenMiles')).toBeVisible();
            expectAnswers(snapshot, true);
            noResult();
            expect(screen.queryByRole('alert')).toBeNull();
          },
          'answering.failed': async (snapshot) => {
            await dialogState('answering.failed');
            expectFailureAlert("Une erreur est survenue lors de l'envoi de votre réponse", snapshot.context.error);
            expectAnswers(snapshot, true);
            noResult();
          },
          'answering.notEnoughPoints': async (snapshot) => {
            await dialogState('answering.notEnoughPoints');
            expect(screen.getByRole('alert')).toHaveAttribute('data-scope', 'insufficient-points');
            expect(screen.getByRole('alert')).toHaveTextContent('Nombre de GreenMiles insuffisant');
            expectAnswers(snapshot, true);
          },
          revealed: async (snapshot) => {
            await dialogState('revealed');
            expectAnswers(snapshot, false);
            expectResult(snapshot);
            // The verdict is the message: the server's success text waits for the page's toast.
            expect(screen.queryByRole('alert')).toBeNull();
            expect(screen.queryByText('Bonne réponse ! Bravo !')).toBeNull();
            expect(flow.getSnapshot().context.reply).toEqual(RIGHT);
            expect(controlled.isPending('submitAnswer')).toBe(false);
          },
          submitting: async (snapshot) => {
            await dialogState('submitting');
            expect(screen.getByRole('status')).toHaveTextContent('Envoi en cours...');
            expectAnswers(snapshot, false);
            expect(controlled.calls.at(-1)?.input).toEqual({
              actId: 5,
              type: 'QUIZ',
              body: {
                uuid: PROFILE_ID,
                sUUID: STAY_ID,
                lang: 'fr',
                selectedPosition: snapshot.context.selectedPosition,
              },
            });
          },
          submitted: async (snapshot) => {
            await dialogState('submitted');
            // The reply is the flow's output: the launch reports it to the stay page's root.
            expect(flow.getSnapshot()).toMatchObject({ status: 'done', output: RIGHT });
            // The × ended the flow with its reply rather than dropping it with the launch.
            expect(onClose).not.toHaveBeenCalled();
            expect(screen.getByRole('status')).toHaveTextContent('Bonne réponse ! Bravo !');
            expectAnswers(snapshot, false);
          },
        },
        events: {
          'answer.pick': async (step) => {
            const { qaPosition } = eventOf<{ qaPosition: number }>(step);
            await user.click(answerButtons()[qaPosition - 1] as HTMLElement);
          },
          'answer.confirm': async (step) => {
            const { via } = eventOf<{ via: 'continue' | 'close' }>(step);
            await user.click(screen.getByRole('button', { name: via === 'continue' ? 'Continuer' : 'Fermer' }));
          },
          ...submitAnswerSteps(controlled),
          ...retryStep(user),
        },
      });
    });
  }
});

describe('quiz helpers', () => {
  it('letters answers A, B, C… by qaPosition', () => {
    expect([1, 2, 3, 26].map((position) => answerLetter(position))).toEqual(['A', 'B', 'C', 'Z']);
    expect([1, 2, 3, 5].map((position) => answerLetter(position, 'ar'))).toEqual(['أ', 'ب', 'ج', 'هـ']);
  });
  it('is correct only for the answer whose qaIsCorrect is 1', () => {
    expect([1, 2, 3].map((position) => isCorrectAnswer(EXPLAINED, position))).toEqual([false, true, false]);
  });
});
