import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isCompletedForGood, isNightActionUnavailable } from '../../../contract/launch-rules.ts';
import type { Action } from '../../../contract/schemas.ts';
import { ActionCard } from '../../../src/views/actions/ActionCard.tsx';
import { cardStateOf, listedActions, progressOf } from '../../../src/views/actions/actionCardRules.ts';
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

function renderCard(overrides: Partial<Action>, pointsName = 'GreenMiles', unavailable = false) {
  const onOpen = vi.fn();
  render(<ActionCard action={action(overrides)} unavailable={unavailable} pointsName={pointsName} onOpen={onOpen} />, {
    wrapper: I18nWrapper,
  });
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

  it('says whether housekeeping honoured a skipped cleaning, once it reported; nothing before', () => {
    const skipped = {
      actType: 'LUNICLEAN',
      aadName: 'Pas de ménage',
      alreadyCompleted: true,
      response: 'SKIP' as const,
    };
    const { card: unreported } = renderCard(skipped);
    expect(within(unreported).queryByText(/Votre chambre/)).toBeNull();
    cleanup();
    const { card: honoured } = renderCard({
      ...skipped,
      cleaningCheck: { outcome: 'honoured', checkedAt: '2026-11-24T09:40:00.000Z' },
    });
    expect(honoured).toHaveTextContent(
      "Votre chambre n'a pas été nettoyée, comme vous l'avez demandé — confirmé par l'équipe.",
    );
    cleanup();
    const { card: cleaned } = renderCard({
      ...skipped,
      cleaningCheck: { outcome: 'cleanedAnyway', checkedAt: '2026-11-24T09:40:00.000Z' },
    });
    expect(cleaned).toHaveTextContent(
      /^.*Votre chambre a été nettoyée malgré votre choix\s: l'économie estimée n'est pas comptée, vos points restent acquis\./,
    );
  });

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
    const art = card.querySelector<HTMLElement>('[data-part="art"]');
    expect(art?.style.backgroundImage).toContain('/pictures/review.jpg');
    // The title sits on the picture; the tags and the button below it, on the card's surface (issue 25).
    expect(art).toContainElement(within(card).getByRole('heading', { name: 'Votre avis' }));
    expect(art).not.toContainElement(within(card).getByRole('button'));
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
    expect(within(card).getByText('Sans GreenMiles')).toBeInTheDocument();
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

  it('a completed card says it is done', () => {
    const { card } = renderCard({ actType: 'YESNO', alreadyCompleted: true, response: 'YES' });
    expect(within(card).getByText('Fait')).toBeVisible();
    expect(within(card).getByRole('button')).toHaveAccessibleDescription(/Votre avis.*Fait/);
  });

  // Issue 15: a guest who said 'Non' still sees the points on offer, and that the answer can change.
  it.each([
    ['YESNO', 'NO', null],
    ['YESNOSTAY', false, null],
    ['YESNO', 'YES', 'NO'],
    ['LUNICLEAN', 'CLEAN', null],
    // Issue 25: a short shower answered no showed '✓ Fait' with 0 points.
    ['LUNISHOWER', false, null],
  ] as const)(
    'a %s answered %s (rewarded answer %s) is declined, its points still on offer',
    (actType, response, positive) => {
      const { card } = renderCard({ actType, response, actPositiveResponse: positive, alreadyCompleted: true });
      expect(card).toHaveAttribute('data-state', 'declined');
      expect(within(card).getByText('+15 GreenMiles')).toBeVisible();
      expect(within(card).queryByText('Fait')).toBeNull();
      const button = within(card).getByRole('button', { name: 'Changer ma réponse' });
      expect(button.querySelector('[data-icon="pencil"]')).not.toBeNull();
      expect(button).toHaveAccessibleDescription(/ces points restent à gagner/);
    },
  );

  it('a heating set outside 18–22 °C keeps its points on offer; inside, it is done', () => {
    const outside = renderCard({ actType: 'HEATING', alreadyCompleted: true, temperature: 26 }).card;
    expect(outside).toHaveAttribute('data-state', 'declined');
    expect(within(outside).getByText('+15 GreenMiles')).toBeVisible();
    cleanup();
    const inside = renderCard({ actType: 'HEATING', alreadyCompleted: true, temperature: 22 }).card;
    expect(inside).toHaveAttribute('data-state', 'completed');
  });

  it('a wrong quiz answer is answered for good, without points and without a done mark', () => {
    const { card } = renderCard({ actType: 'QUIZ', alreadyCompleted: true, isCorrect: false });
    expect(card).toHaveAttribute('data-state', 'missed');
    expect(within(card).getByText('Répondu')).toBeVisible();
    expect(within(card).queryByText('Fait')).toBeNull();
    expect(within(card).queryByText('+15 GreenMiles')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Voir les détails' })).toHaveAccessibleDescription(/Répondu/);
  });

  // docs/behaviour.md#retiring: the hotel retired the action after the guest answered it.
  it('a retired action answered without earning is answered for good: no points on offer, no answer to change', () => {
    const { card } = renderCard({ actType: 'YESNO', alreadyCompleted: true, response: 'NO', actRetired: true });
    expect(card).toHaveAttribute('data-state', 'missed');
    expect(within(card).queryByText('+15 GreenMiles')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Voir les détails' })).toBeVisible();
    cleanup();
    const earned = renderCard({ actType: 'YESNO', alreadyCompleted: true, response: 'YES', actRetired: true }).card;
    expect(earned).toHaveAttribute('data-state', 'completed');
    expect(isCompletedForGood(action({ actType: 'YESNO', alreadyCompleted: true, actRetired: true }))).toBe(true);
    expect(isCompletedForGood(action({ actType: 'YESNO', alreadyCompleted: true }))).toBe(false);
  });

  it('an unavailable night action says so and why, without its points', () => {
    const { card } = renderCard({ actType: 'LUNICLEAN', actPeriod: 'NIGHT' }, 'GreenMiles', true);
    expect(card).toHaveAttribute('data-state', 'unavailable');
    expect(within(card).getByText('Indisponible')).toBeVisible();
    expect(within(card).queryByText('+15 GreenMiles')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Modifier mes nuits' })).toHaveAccessibleDescription(
      /Votre séjour se termine demain/,
    );
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

describe('action card rules', () => {
  it('counts the actions done and earned among the listed ones; a no, a shower no or a cold room is not done', () => {
    const actions = [
      action({ actId: 1, alreadyCompleted: true }),
      action({ actId: 2, actType: 'YESNO', alreadyCompleted: true, response: 'NO' }),
      action({ actId: 3, actType: 'YESNO', alreadyCompleted: true, response: 'YES' }),
      action({ actId: 4 }),
      action({ actId: 5, actType: 'LUNISHOWER', alreadyCompleted: true, response: false }),
      action({ actId: 6, actType: 'HEATING', alreadyCompleted: true, temperature: 26 }),
    ];
    expect(progressOf(actions)).toEqual({ done: 2, total: 6 });
  });

  it('only a gesture that acts on the next day is unavailable while the stay ends tomorrow', () => {
    const cleaning = action({ actType: 'LUNICLEAN', actPeriod: 'NIGHT' });
    expect(isNightActionUnavailable(cleaning, '2026-11-21', '2026-11-22')).toBe(true);
    expect(isNightActionUnavailable(cleaning, '2026-11-21', '2026-11-23')).toBe(false);
    expect(isNightActionUnavailable(cleaning, '2026-11-21', null)).toBe(false);
    // The answer the hotel reads the next morning needs a next day too.
    expect(isNightActionUnavailable({ ...cleaning, actType: 'YESNOMAIL' }, '2026-11-21', '2026-11-22')).toBe(true);
    // Issue 25: tonight's gestures stay open in a one-night stay.
    for (const actType of ['LUNISHOWER', 'HEATING', 'LIMEAT', 'YESNOSTAY']) {
      expect(isNightActionUnavailable({ ...cleaning, actType }, '2026-11-21', '2026-11-22')).toBe(false);
    }
    expect(cardStateOf(cleaning, true)).toBe('unavailable');
  });
});
