import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { HotelReply, Stay } from '../../contract/schemas.ts';
import type { rewardsListMachine } from '../../machines/rewardsList.machine.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { RewardsPage } from '../../src/views/rewards/RewardsPage.tsx';
import { rewardsListLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { controlledActors } from './controlled-actors.ts';
import { makeHotel, makeStay, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';
import { renderStayRoutes } from './stay-routes.tsx';
import { stayTreeLogic } from './stay-tree.ts';

export interface RewardsPageSetup {
  stay?: Stay;
  hotel?: HotelReply;
  /** The rewards list's logic (the real one, claim calls included); its loadRewards is replaced by a controlled call. */
  rewardsList?: typeof rewardsListMachine;
}

/**
 * Renders the real rewards page in a memory router with controlled calls, and settles the stay session
 * (stay, then hotel), so a test starts on the loaded page with the rewards call pending.
 */
export async function renderLoadedRewardsPage({
  stay = makeStay(),
  hotel = makeHotel(),
  rewardsList = rewardsListLogic,
}: RewardsPageSetup = {}) {
  localStorage.setItem('profileUUID', PROFILE_ID);
  const session = controlledActors(['loadStay', 'loadHotel']);
  const rewards = controlledActors(['loadRewards']);
  const logic = stayTreeLogic({
    staySession: session.provideTo(staySessionMachine),
    rewardsList: rewards.provideTo(rewardsList),
  });
  const rendered = renderStayRoutes(`/rewards/${STAY_ID}`, {
    rewards: ({ sUUID }) => <RewardsPage sUUID={sUUID} logic={logic} />,
  });
  await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
  session.resolve('loadStay', stay);
  await waitFor(() => expect(session.isPending('loadHotel')).toBe(true));
  session.resolve('loadHotel', hotel);
  await waitFor(() => expect(rewards.isPending('loadRewards')).toBe(true));
  return { ...rendered, session, rewards };
}
