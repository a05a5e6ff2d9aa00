import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { type ActorRefFrom, createActor, setup } from 'xstate';
import type { Reward } from '../../contract/schemas.ts';
import type { RewardClaimParentEvent, rewardClaimMachine } from '../../machines/rewardClaim.machine.ts';
import RewardDetails, {
  type RewardDetailsLogic,
  type RewardDetailsProps,
} from '../../src/views/rewards/details/RewardDetails.tsx';
import { rewardClaimLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { I18nWrapper } from './i18n-wrapper.tsx';

export const DETAILS_SESSION = { sUUID: 'stay-1', profileUUID: 'profile-1' };
export const HOTEL_NAME = 'Les Tilleuls';
export const POINTS_NAME = 'Feuilles';

/** The modal's machines in a test: its claim flow (the real one by default) and those the modal starts itself. */
export interface RewardDetailsTestLogic extends RewardDetailsLogic {
  claim?: typeof rewardClaimLogic;
}

/**
 * The claim flow run as the rewards list runs it: the child `rewardClaim` of a parent that records its
 * `claim.changed` reports (`onClaimChanged`).
 */
function startClaim(
  claim: typeof rewardClaimLogic,
  reward: Reward,
  balance: number,
  onClaimChanged: () => void,
): ActorRefFrom<typeof rewardClaimMachine> {
  const list = setup({
    types: { events: {} as RewardClaimParentEvent, children: {} as { rewardClaim: 'claim' } },
    actors: { claim },
    actions: { recordChange: onClaimChanged },
  }).createMachine({
    invoke: { id: 'rewardClaim', src: 'claim', input: { reward, balance, ...DETAILS_SESSION } },
    on: { 'claim.changed': { actions: 'recordChange' } },
  });
  const child = createActor(list).start().getSnapshot().children.rewardClaim;
  if (!child) throw new Error('The claim flow did not start');
  return child;
}

/**
 * One reward's detail modal with plain props, its claim flow run by a stand-in list, the machines given by the test,
 * and spies for its callbacks (`onClaimChanged`: what the claim reported to the list); `rerender` draws it again with
 * other props, as the rewards list does on every render.
 */
export function renderRewardDetails(reward: Reward, balance: number, logic: RewardDetailsTestLogic, language = 'fr') {
  const callbacks = { onChanged: vi.fn(), onClose: vi.fn(), onEarnPoints: vi.fn() };
  const onClaimChanged = vi.fn();
  const { claim = rewardClaimLogic, ...modalLogic } = logic;
  const props: RewardDetailsProps = {
    claim: startClaim(claim, reward, balance, onClaimChanged),
    balance,
    pointsName: POINTS_NAME,
    hotelName: HOTEL_NAME,
    language,
    ...DETAILS_SESSION,
    ...callbacks,
    logic: modalLogic,
  };
  const view = render(<RewardDetails {...props} />, { wrapper: I18nWrapper });
  const rerender = (changes: Partial<RewardDetailsProps>) => view.rerender(<RewardDetails {...props} {...changes} />);
  return { ...callbacks, onClaimChanged, view, rerender };
}
