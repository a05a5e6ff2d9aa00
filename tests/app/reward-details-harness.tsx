import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { type ActorRefFrom, createActor, setup } from 'xstate';
import type { Reward } from '../../contract/schemas.ts';
import type { RewardClaimParentEvent, rewardClaimMachine } from '../../machines/dialogs/rewardClaim.machine.ts';
import type { copyCodeLogic } from '../../src/views/entry/copyCode.logic.ts';
import RewardDetails, { type RewardDetailsProps } from '../../src/views/rewards/details/RewardDetails.tsx';
import {
  browserCanShare,
  rewardClaimLogic,
  type rewardEmailLogic,
  type sliderLogic,
} from '../../src/views/rewards/rewardsList.logic.ts';
import { I18nWrapper } from './i18n-wrapper.tsx';

export const DETAILS_SESSION = { sUUID: 'stay-1', profileUUID: 'profile-1' };
export const CODE_PREFIX = 'TIL';
export const ROOM_NUMBER = '101';
export const POINTS_NAME = 'Feuilles';
/** The hotel-local date the modal compares validity dates with. */
/** The hotel's time zone: far from UTC, so a time shown in another zone reads another hour. */
export const DETAILS_TIME_ZONE = 'Asia/Tokyo';
export const DETAILS_TODAY = '2026-11-20';
/** A claim's input besides its reward and balance: the session, the guest's language, the hotel, no Web Share. */
export const CLAIM_SETTINGS = {
  ...DETAILS_SESSION,
  language: 'fr',
  codePrefix: CODE_PREFIX,
  canShare: false,
  canEmail: true,
};

/**
 * The modal's machines in a test: its claim flow (the real one by default) with the children it runs: the swipe
 * (`slider`), the e-mail and share (`email`), the code copy (`copy`).
 */
export interface RewardDetailsTestLogic {
  claim?: typeof rewardClaimLogic;
  slider?: typeof sliderLogic;
  email?: typeof rewardEmailLogic;
  copy?: typeof copyCodeLogic;
}

/** What the stand-in list records of its claim's reports. */
interface ClaimReports {
  onClaimChanged(): void;
  onClaimClosed(): void;
}

/**
 * The claim flow run as the rewards list runs it: the child `rewardClaim` of a parent that records its reports
 * (`claim.changed`, `reward.close`). `profileUUID` is the guest's (empty: a device without a profile); the share
 * support is the test browser's (`navigator.share`).
 */
function startClaim(
  claim: typeof rewardClaimLogic,
  input: { reward: Reward; balance: number; rewards: Reward[]; profileUUID: string; language: string },
  reports: ClaimReports,
): ActorRefFrom<typeof rewardClaimMachine> {
  const list = setup({
    types: { events: {} as RewardClaimParentEvent, children: {} as { rewardClaim: 'claim' } },
    actors: { claim },
    actions: { recordChange: reports.onClaimChanged, recordClose: reports.onClaimClosed },
  }).createMachine({
    invoke: {
      id: 'rewardClaim',
      src: 'claim',
      input: { ...DETAILS_SESSION, codePrefix: CODE_PREFIX, canShare: browserCanShare(), canEmail: true, ...input },
    },
    on: { 'claim.changed': { actions: 'recordChange' }, 'reward.close': { actions: 'recordClose' } },
  });
  const child = createActor(list).start().getSnapshot().children.rewardClaim;
  if (!child) throw new Error('The claim flow did not start');
  return child;
}

/**
 * One reward's detail modal with plain props, its claim flow run by a stand-in list (whose rewards are `rewards`, the
 * opened one alone by default), the machines given by the test, and spies for its callbacks and for what the claim reported to the list (`onClaimChanged`, `onClaimClosed`);
 * `rerender` draws it again with other props, as the rewards list does on every render.
 */
export function renderRewardDetails(
  reward: Reward,
  balance: number,
  logic: RewardDetailsTestLogic,
  { language = 'fr', profileUUID = DETAILS_SESSION.profileUUID, rewards = [reward] } = {},
) {
  const callbacks = { onClose: vi.fn(), onEarnPoints: vi.fn() };
  const reports = { onClaimChanged: vi.fn(), onClaimClosed: vi.fn() };
  const { claim = rewardClaimLogic, slider, email, copy } = logic;
  const claimLogic = claim.provide({
    actors: { ...(slider && { slider }), ...(email && { rewardEmail: email }), ...(copy && { copyCode: copy }) },
  });
  const props: RewardDetailsProps = {
    claim: startClaim(claimLogic, { reward, balance, rewards, profileUUID, language }, reports),
    balance,
    pointsName: POINTS_NAME,
    codePrefix: CODE_PREFIX,
    roomNumber: ROOM_NUMBER,
    language,
    today: DETAILS_TODAY,
    timeZone: DETAILS_TIME_ZONE,
    ...callbacks,
  };
  const view = render(<RewardDetails {...props} />, { wrapper: I18nWrapper });
  const rerender = (changes: Partial<RewardDetailsProps>) => view.rerender(<RewardDetails {...props} {...changes} />);
  return { ...callbacks, ...reports, view, rerender };
}
