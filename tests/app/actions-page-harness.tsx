import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Action, HotelReply, Stay } from '../../contract/schemas.ts';
import { actionsListMachine } from '../../machines/actionsList.machine.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { handOverStay } from '../../src/storage/stay-handover.ts';
import { ActionsPage } from '../../src/views/actions/ActionsPage.tsx';
import { AppShell } from '../../src/views/shell/AppShell.tsx';
import { controlledActors } from './controlled-actors.ts';
import { makeHotel, makeStay, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';
import { renderStayRoutes } from './stay-routes.tsx';
import { type StayTreeParts, stayTreeLogic } from './stay-tree.ts';

export interface ActionsPageSetup {
  url?: string;
  stay?: Stay;
  hotel?: HotelReply;
  /** The page's children besides the session and the list (whose calls the harness controls). */
  logic?: Omit<StayTreeParts, 'staySession' | 'actionsList'>;
  /** Inside the app's layout (AppShell: the demo bar and its reset panel). */
  withShell?: boolean;
  /**
   * The actions list a QR scan's stay creation answered, in `lang`: the page starts with it, the stay and the hotel
   * (docs/frontend.md#qr-scan-to-actions); no call is settled nor awaited.
   */
  seed?: { actions: Action[]; lang: string };
}

/**
 * Renders the real actions page in a memory router with controlled calls, and settles the stay session
 * (stay, then hotel), so a test starts on the loaded page with the actions call pending.
 */
export async function renderLoadedActionsPage({
  url = `/stay/${STAY_ID}`,
  stay = makeStay(),
  hotel = makeHotel(),
  logic = {},
  withShell = false,
  seed,
}: ActionsPageSetup = {}) {
  localStorage.setItem('profileUUID', PROFILE_ID);
  handOverStay(seed ? { stay, hotel, ...seed } : null);
  const session = controlledActors(['loadStay', 'loadHotel']);
  const actions = controlledActors(['loadActions']);
  const pageLogic = stayTreeLogic({
    ...logic,
    staySession: session.provideTo(staySessionMachine),
    actionsList: actions.provideTo(actionsListMachine),
  });
  const rendered = renderStayRoutes(url, {
    ...(withShell ? { shell: () => <AppShell /> } : {}),
    actions: ({ sUUID, proofSuccessPoints }) => (
      <ActionsPage sUUID={sUUID} proofSuccessPoints={proofSuccessPoints} logic={pageLogic} />
    ),
  });
  if (seed) return { ...rendered, session, actions };
  await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
  session.resolve('loadStay', stay);
  await waitFor(() => expect(session.isPending('loadHotel')).toBe(true));
  session.resolve('loadHotel', hotel);
  await waitFor(() => expect(actions.isPending('loadActions')).toBe(true));
  return { ...rendered, session, actions };
}
