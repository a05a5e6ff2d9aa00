import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../contract/schemas.ts';
import { ActionCard } from '../../../src/views/actions/ActionCard.tsx';
import { listedActions } from '../../../src/views/actions/actionCardRules.ts';
import { I18nWrapper } from '../i18n-wrapper.tsx';
import { makeAction } from '../stay-fixtures.ts';

function action(overrides: Partial<Action>): Action {
  return makeAction({
    actPictureURL: '/pictures/review.jpg',
    actTitleColor: '#ffcc00',
    tags: ['Eau', 'Énergie'],
    ...overrides,
  });
}

function renderCard(overrides: Partial<Action>, pointsName = 'GreenMiles') {
  const onOpen = vi.fn();
  render(<ActionCard action={action(overrides)} pointsName={pointsName} onOpen={onOpen} />, { wrapper: I18nWrapper });
  const card = screen.getByRole('article', { name: overrides.aadName ?? 'Votre avis' });
  return { card, onOpen };
}

describe('ActionCard', () => {
  const labels: Array<[string, string]> = [
    ['REVIEW', 'Collecter'],
    ['YESNO', 'Collecter'],
    ['YESNOSTAY', 'Collecter'],
    ['YESNOMAIL', 'Collecter'],
    ['LUNICLEAN', 'Choisir et collecter'],
    ['CLAIM', 'Réclamer'],
    ['LUNISHOWER', 'Découvrir et collecter'],
    ['HEATING', 'Découvrir et collecter'],
    ['CUSTOM', 'Découvrir et collecter'],
    ['QUIZ', 'Découvrir et collecter'],
    ['LIMEAT', 'Découvrir et collecter'],
    ['PROOF', 'Découvrir et collecter'],
    ['SOMETHING_NEW', 'Collecter'],
  ];

  it.each(labels)('labels the %s button "%s"', (actType, label) => {
    const { card } = renderCard({ actType });
    expect(within(card).getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('draws an unknown type as a review card', () => {
    const { card } = renderCard({ actType: 'SOMETHING_NEW' });
    expect(card).toHaveAttribute('data-type', 'REVIEW');
  });

  it('shows the picture, the title colour, the reward with the points name, and the tags', () => {
    const { card } = renderCard({}, 'Feuilles');
    expect(card.style.backgroundImage).toContain('/pictures/review.jpg');
    expect(within(card).getByRole('heading', { name: 'Votre avis' })).toHaveStyle({ color: '#ffcc00' });
    expect(within(card).getByText('+15 Feuilles')).toBeInTheDocument();
    const tags = within(card).getByRole('list', { name: 'Thèmes' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Eau', 'Énergie']);
  });

  it('replaces the reward badge by a plain text when actReward is 0', () => {
    const { card } = renderCard({ actReward: 0 });
    expect(within(card).getByText('Geste bonus')).toBeInTheDocument();
    expect(within(card).queryByText(/^\+0/)).not.toBeInTheDocument();
  });

  it.each(['LUNICLEAN', 'YESNO', 'YESNOSTAY', 'YESNOMAIL'])('a completed %s card shows a pencil', (actType) => {
    const { card } = renderCard({ actType, alreadyCompleted: true });
    const button = within(card).getByRole('button', { name: 'Voir les détails' });
    expect(button.querySelector('[data-icon="pencil"]')).not.toBeNull();
    expect(button.querySelector('[data-icon="eye"]')).toBeNull();
  });

  it.each(['REVIEW', 'QUIZ', 'CLAIM', 'PROOF', 'SOMETHING_NEW'])('a completed %s card shows an eye', (actType) => {
    const { card } = renderCard({ actType, alreadyCompleted: true });
    const button = within(card).getByRole('button', { name: 'Voir les détails' });
    expect(button.querySelector('[data-icon="eye"]')).not.toBeNull();
  });

  it('a completed card hides the reward and the collect button', () => {
    const { card } = renderCard({ alreadyCompleted: true });
    expect(card).toHaveAttribute('data-state', 'completed');
    expect(within(card).queryByText('+15 GreenMiles')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Collecter' })).not.toBeInTheDocument();
    expect(within(card).getAllByRole('button')).toHaveLength(1);
  });

  it('the button asks to open the action', async () => {
    const { card, onOpen } = renderCard({ actId: 42 });
    await userEvent.setup().click(within(card).getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith(42);
  });

  it('skips actions without a type', () => {
    const typed = action({ actId: 1 });
    expect(listedActions([typed, action({ actId: 2, actType: null }), action({ actId: 3, actType: '' })])).toEqual([
      typed,
    ]);
  });
});
