import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../contract/schemas.ts';
import CompletedSummary from '../../src/views/actions/modals/CompletedSummary.tsx';
import { modalDialog, renderActionModal } from './action-modal-harness.tsx';
import { makeAction, makeHotel } from './stay-fixtures.ts';

function renderSummary(action: Action, onClose = vi.fn()) {
  return renderActionModal(
    <CompletedSummary action={action} endDate={null} nights={null} flow={undefined} onClose={onClose} />,
    { hotel: makeHotel({ hGreenMilesName: 'Feuilles' }) },
  );
}

const fact = (term: string) => screen.getByText(term).closest('div') as HTMLElement;

describe('CompletedSummary (the read-only summary of a completed action)', () => {
  it('shows a completed quiz: description, points earned, the correct answer by letter and the explanation', async () => {
    await renderSummary(
      makeAction({
        actType: 'QUIZ',
        aadName: 'Quiz eau',
        aadDescription: "Testez vos connaissances sur l'eau.",
        actReward: 25,
        alreadyCompleted: true,
        earnedGreenMiles: 25,
        selectedPosition: 2,
        isCorrect: true,
        wasCorrect: true,
        quiz: {
          question: { text: 'Combien de litres ?' },
          answers: [
            { qaPosition: 3, text: '200 litres' },
            { qaPosition: 2, text: '60 litres' },
            { qaPosition: 1, text: '10 litres' },
          ],
          // The server sends the solution of a quiz the stay answered.
          solution: { correctPositions: [2], explanation: 'Une douche de 5 minutes consomme environ 60 litres.' },
        },
      }),
    );
    const dialog = modalDialog('completed-summary');
    expect(within(dialog).getByRole('heading', { name: 'Quiz eau' })).toBeInTheDocument();
    expect(within(dialog).getByText("Testez vos connaissances sur l'eau.")).toBeVisible();
    expect(fact('Points gagnés')).toHaveTextContent('25 Feuilles');
    expect(fact('Bonne réponse')).toHaveTextContent('B 60 litres');
    expect(within(dialog).getByText('Une douche de 5 minutes consomme environ 60 litres.')).toBeVisible();
    // Completed: no reward to win, nothing to answer.
    expect(within(dialog).queryByText('+25 Feuilles')).toBeNull();
    expect(within(dialog).queryByText('Votre choix')).toBeNull();
  });

  it('shows the chosen option of a custom action and closes', async () => {
    const onClose = vi.fn();
    const { user } = await renderSummary(
      makeAction({
        actType: 'CUSTOM',
        aadName: 'Votre geste préféré',
        alreadyCompleted: true,
        earnedGreenMiles: 10,
        selectedOption: { caodLabel: 'Trier mes déchets' },
      }),
      onClose,
    );
    expect(fact('Points gagnés')).toHaveTextContent('10 Feuilles');
    expect(fact('Votre choix')).toHaveTextContent('Trier mes déchets');
    expect(screen.queryByText('Bonne réponse')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retour aux actions' }));
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows zero points for a wrong quiz answer, and no explanation when the quiz has none', async () => {
    await renderSummary(
      makeAction({
        actType: 'QUIZ',
        alreadyCompleted: true,
        earnedGreenMiles: 0,
        selectedPosition: 2,
        isCorrect: false,
        wasCorrect: false,
        quiz: {
          question: { text: 'Q ?' },
          answers: [
            { qaPosition: 1, text: 'Oui' },
            { qaPosition: 2, text: 'Non' },
          ],
          solution: { correctPositions: [1] },
        },
      }),
    );
    expect(fact('Points gagnés')).toHaveTextContent('0 Feuilles');
    expect(fact('Bonne réponse')).toHaveTextContent('A Oui');
    expect(document.querySelector('[data-part="explanation"]')).toBeNull();
  });

  it('says a skipped cleaning was honoured once housekeeping confirmed it (a retired skip-cleaning action)', async () => {
    await renderSummary(
      makeAction({
        actType: 'LUNICLEAN',
        actRetired: true,
        alreadyCompleted: true,
        response: 'SKIP',
        earnedGreenMiles: 10,
        cleaningCheck: { outcome: 'honoured', checkedAt: '2026-11-24T09:40:00.000Z' },
      }),
    );
    expect(modalDialog('completed-summary')).toHaveTextContent(
      "Votre chambre n'a pas été nettoyée, comme vous l'avez demandé — confirmé par l'équipe.",
    );
    expect(fact('Points gagnés')).toHaveTextContent('10 Feuilles');
  });
});
