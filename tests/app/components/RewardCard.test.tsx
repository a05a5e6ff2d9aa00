import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Reward } from '../../../contract/schemas.ts';
import { RewardCard } from '../../../src/views/rewards/RewardCard.tsx';
import { I18nWrapper } from '../i18n-wrapper.tsx';
import { reward } from '../rewards-fixtures.ts';

function renderCard(overrides: Partial<Reward>) {
  render(
    <RewardCard
      reward={reward({ rwId: 3, rwType: 'SLIDER', radName: '-10 % au bar', isClaimed: 1, ...overrides })}
      balance={40}
      pointsName="GreenMiles"
      today="2026-11-27"
      timeZone="Europe/Paris"
      selected={false}
      onOpen={vi.fn()}
    />,
    { wrapper: I18nWrapper },
  );
  return screen.getByRole('article', { name: '-10 % au bar' });
}

describe('RewardCard', () => {
  it('puts the title on the picture, the state and the button below it (issue 25: artwork not buried)', () => {
    const card = renderCard({});
    const art = card.querySelector('[data-part="art"]');
    expect(art).toContainElement(card.querySelector('[data-part="title"]'));
    expect(art).not.toContainElement(within(card).getByRole('button'));
    expect(art).not.toContainElement(card.querySelector('[data-part="status"]'));
  });

  it('says the day a used reward was used, and only "Utilisée" when the list does not say', () => {
    const used = renderCard({ isUsed: 1, usedAt: '2026-11-25T10:00:00.000Z' });
    expect(used).toHaveAttribute('data-state', 'used');
    expect(used.querySelector('[data-part="status"]')).toHaveTextContent('Utilisée le 25 novembre');
  });

  it('falls back to "Utilisée" without the day', () => {
    const used = renderCard({ isUsed: 1, usedAt: null });
    expect(used.querySelector('[data-part="status"]')).toHaveTextContent(/^Utilisée$/);
  });
});
