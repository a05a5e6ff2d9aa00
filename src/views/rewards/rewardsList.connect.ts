import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { Reward } from '../../../contract/schemas.ts';
import type { RewardOpening, RewardsListEvent, rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import { type LanguageNoticeProps, languageNoticeOf } from '../../components/LanguageNotice.tsx';
import { dataStateOf } from '../binding/dataState.ts';

type RewardsSnapshot = SnapshotFrom<typeof rewardsListMachine>;

/**
 * The server falls back reward by reward (docs/behaviour.md#language-fallback): when a listed reward is shown in
 * another language than the guest's, the notice names the first such language.
 */
function rewardsLanguageNotice(rewards: Reward[] | null, language: string): LanguageNoticeProps | null {
  return languageNoticeOf(language, rewards?.find((reward) => reward.textLanguage !== language)?.textLanguage);
}

/**
 * The rewards list's props: DOM contract, what to draw, the open reward with its claim flow (the list's child) and
 * the list's handlers; a card opens its reward with what the view knows for its claim (`opening`).
 */
export function connectRewardsList(
  snapshot: RewardsSnapshot,
  send: (event: RewardsListEvent) => void,
  opening: RewardOpening,
) {
  const { rewards, error, selectedRewardId, language } = snapshot.context;
  const shownRewards = snapshot.matches('loaded') || snapshot.matches('reloading') ? rewards : null;
  const failure: { message: MessageDescriptor; onRetry(): void } | null =
    snapshot.matches('failed') && error ? { message: error, onRetry: () => send({ type: 'rewards.retry' }) } : null;
  return {
    root: {
      'data-scope': 'rewards-list',
      'data-state': dataStateOf(snapshot),
      'aria-busy': snapshot.hasTag('loading'),
    },
    isLoading: snapshot.hasTag('loading'),
    failure,
    /** Shown while loaded, and kept on screen while a claim reloads them. */
    rewards: shownRewards,
    languageNotice: rewardsLanguageNotice(shownRewards, language),
    selectedRewardId,
    openReward: rewards.find((reward: Reward) => reward.rwId === selectedRewardId) ?? null,
    claim: snapshot.children.rewardClaim,
    onOpen: (rwId: number) => send({ type: 'reward.open', rwId, ...opening }),
    onClose: () => send({ type: 'reward.close' }),
    /** The page came back into view: another tab may have changed the rewards or the balance. */
    onVisible: () => send({ type: 'page.visible' }),
  } as const;
}
