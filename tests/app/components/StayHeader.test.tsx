import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { HotelReply, Stay } from '../../../contract/schemas.ts';
import { staySessionMachine } from '../../../machines/staySession.machine.ts';
import { StayPage } from '../../../src/views/stay/StaySession.tsx';
import { controlledActors } from '../controlled-actors.ts';
import { makeHotel, makeLanguage, makeStay, PROFILE_ID, STAY_ID } from '../stay-fixtures.ts';
import { renderStayRoutes } from '../stay-routes.tsx';
import { stayTreeLogic } from '../stay-tree.ts';

async function renderHeader(stay: Stay, hotel: HotelReply | Error) {
  localStorage.setItem('profileUUID', PROFILE_ID);
  const controlled = controlledActors(['loadStay', 'loadHotel']);
  const logic = stayTreeLogic({ staySession: controlled.provideTo(staySessionMachine) });
  const rendered = renderStayRoutes(`/stay/${STAY_ID}`, {
    actions: ({ sUUID }) => (
      <StayPage sUUID={sUUID} active="actions" logic={logic}>
        <p>content</p>
      </StayPage>
    ),
  });
  await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
  controlled.resolve('loadStay', stay);
  await waitFor(() => expect(controlled.isPending('loadHotel')).toBe(true));
  if (hotel instanceof Error) controlled.reject('loadHotel', hotel);
  else controlled.resolve('loadHotel', hotel);
  await screen.findByText('content');
  return { ...rendered, header: screen.getByRole('banner') };
}

describe('stay header', () => {
  it('names the hotel when neither the guest nor the room is known', async () => {
    const { header } = await renderHeader(makeStay({ roomNb: null }), makeHotel({ name: 'Les Tilleuls' }));
    expect(within(header).getByText('Hôtel Les Tilleuls')).toHaveAttribute('data-part', 'title');
  });

  it.each([
    ['fr', 'Hôtel du Lac'],
    ['en', 'Hôtel du Lac'],
    ['ar', 'hotel du Lac'],
    ['fr', 'فندق البحيرة'],
  ])('does not repeat the word hotel (interface %s, name %j)', async (language, name) => {
    localStorage.setItem('langue', language);
    const hotel = makeHotel(
      { name },
      { languagesSupported: [makeLanguage('fr', 'Français', 1), makeLanguage('ar', 'العربية', 2)] },
    );
    const { header } = await renderHeader(makeStay({ roomNb: null }), hotel);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', language));
    expect(within(header).getByText(name)).toHaveAttribute('data-part', 'title');
  });

  it('falls back to the GreenMiles name when the hotel call fails', async () => {
    const { header } = await renderHeader(makeStay({ greenMiles: 12 }), new Error('offline'));
    expect(within(header).getByRole('link', { name: '12 GreenMiles, voir mes récompenses' })).toBeInTheDocument();
  });

  it('offers the enabled hotel languages by position and applies the chosen one with its direction', async () => {
    const hotel = makeHotel(
      {},
      {
        languagesSupported: [
          makeLanguage('ar', 'العربية', 3),
          makeLanguage('de', 'Deutsch', 4, 0),
          makeLanguage('en', 'English', 2),
          makeLanguage('fr', 'Français', 1),
        ],
      },
    );
    const { header, user } = await renderHeader(makeStay(), hotel);
    await user.click(within(header).getByRole('button', { name: /Langue : Français/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Français', 'English', 'العربية']);
    await user.click(screen.getByRole('option', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(localStorage.getItem('langue')).toBe('ar');
  });

  it("opens a first visit in the browser's first language the hotel enables, without storing it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'ar-MA', 'fr']);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const hotel = makeHotel(
      {},
      {
        languagesSupported: [
          makeLanguage('fr', 'Français', 1),
          makeLanguage('en', 'English', 2, 0),
          makeLanguage('ar', 'العربية', 3),
        ],
      },
    );
    const { header } = await renderHeader(makeStay(), hotel);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ar'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // The language button (the title is the staff reset's button).
    expect(within(header).getByRole('button', { name: /^AR/ })).toHaveTextContent(/^AR/);
    expect(localStorage.getItem('langue')).toBeNull();
  });
});
