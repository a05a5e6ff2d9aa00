import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHotel, getRewards, getStay } from '../../src/api/stays.ts';
import { RewardsPage } from '../../src/views/rewards/RewardsPage.tsx';
import { reward } from './rewards-fixtures.ts';
import { makeHotel, makeStay, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';
import { renderStayRoutes } from './stay-routes.tsx';

// The page with its real machines and views; only the HTTP calls are replaced.
vi.mock('../../src/api/stays.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/stays.ts')>()),
  getStay: vi.fn(),
  getHotel: vi.fn(),
  getRewards: vi.fn(),
}));

const stay = makeStay({ greenMiles: 95, remainingDays: 2 });

function renderRewardsPage() {
  localStorage.setItem('profileUUID', PROFILE_ID);
  return renderStayRoutes(`/rewards/${STAY_ID}`, { rewards: ({ sUUID }) => <RewardsPage sUUID={sUUID} /> });
}

afterEach(() => {
  // The language test switches the shared catalog; later tests read French.
  i18n.activate('fr');
  vi.mocked(getStay).mockReset();
  vi.mocked(getHotel).mockReset();
  vi.mocked(getRewards).mockReset();
});

describe('RewardsPage inside the stay frame', () => {
  it("shows the stay's balance in the hotel's points name and the rewards of the stay", async () => {
    vi.mocked(getStay).mockResolvedValue(stay);
    vi.mocked(getHotel).mockResolvedValue(makeHotel({ hGreenMilesName: 'Feuilles' }));
    vi.mocked(getRewards).mockResolvedValue([reward({ rwId: 1, radName: 'Petit-déjeuner', rwCost: 150 })]);
    renderRewardsPage();

    const card = await screen.findByRole('article', { name: 'Petit-déjeuner' });
    expect(within(card).getByText('Il vous manque 55 Feuilles')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Plus d'infos" })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mon solde' })).toHaveTextContent('95 Feuilles');
    expect(getRewards).toHaveBeenCalledWith({ sUUID: STAY_ID, profileUUID: PROFILE_ID }, 'fr');
    expect(screen.getByRole('link', { name: /Mes récompenses/ })).toHaveAttribute('aria-current', 'page');
  });

  it("falls back to 'GreenMiles' when the hotel call fails", async () => {
    vi.mocked(getStay).mockResolvedValue(stay);
    vi.mocked(getHotel).mockRejectedValue(new Error('offline'));
    vi.mocked(getRewards).mockResolvedValue([]);
    renderRewardsPage();

    expect(await screen.findByText('Aucune récompense disponible pour le moment.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mon solde' })).toHaveTextContent('95 GreenMiles');
  });

  it('reloads the rewards in the language the guest picks', async () => {
    vi.mocked(getStay).mockResolvedValue(stay);
    vi.mocked(getHotel).mockResolvedValue(makeHotel());
    vi.mocked(getRewards).mockResolvedValue([reward({ rwId: 1, radName: 'Petit-déjeuner' })]);
    const { user } = renderRewardsPage();
    await screen.findByRole('article', { name: 'Petit-déjeuner' });

    vi.mocked(getRewards).mockResolvedValue([reward({ rwId: 1, radName: 'Breakfast' })]);
    await user.click(screen.getByRole('button', { name: /Langue : Français/ }));
    await user.click(screen.getByRole('option', { name: 'English' }));

    expect(await screen.findByRole('article', { name: 'Breakfast' })).toBeInTheDocument();
    await waitFor(() => expect(getRewards).toHaveBeenLastCalledWith({ sUUID: STAY_ID, profileUUID: PROFILE_ID }, 'en'));
  });
});
