import type { SnapshotFrom } from 'xstate';
import type { RewardClaimEvent, rewardClaimMachine } from '../../../../machines/dialogs/rewardClaim.machine.ts';
import { dataStateOf } from '../../binding/dataState.ts';
import { rewardProgressOf } from '../rewardGroups.ts';

type RewardClaimSnapshot = SnapshotFrom<typeof rewardClaimMachine>;

/**
 * A reward's detail modal as props: the body it draws, its unlock button, the code part of a claimed code, and the
 * claim's children the body draws (swipe, e-mail and share, code copy).
 */
export function connectRewardClaim(snapshot: RewardClaimSnapshot, send: (event: RewardClaimEvent) => void) {
  const { reward, code, error, rewards, balance, justUnlocked } = snapshot.context;
  const state = dataStateOf(snapshot);
  const claiming = snapshot.hasTag('submitting');
  return {
    reward,
    state,
    insufficient: snapshot.matches('insufficient'),
    /** Another tab claimed the reward first: no unlock button, the list shows it claimed. */
    alreadyClaimed: snapshot.matches('alreadyClaimed'),
    claimed: snapshot.matches('claimed'),
    /**
     * Just unlocked here: the balance the claim left and where it stands on the way to the next reward (or that every
     * reward is unlocked); null for a reward claimed before.
     */
    justUnlocked:
      justUnlocked && snapshot.matches('claimed') ? { balance, progress: rewardProgressOf(rewards, balance) } : null,
    /** The reward's code once it may be shown (copy button, share text). */
    code: snapshot.matches({ claimed: 'shown' }) ? code : null,
    claiming,
    /** The claim's failure, shown above the unlock button offered again. */
    claimError: snapshot.matches('failed') ? error : null,
    /** The staff swipe of a claimed, unused SLIDER (the claim's child). */
    slider: snapshot.children.slider,
    /** The e-mail and share flow of a shown reward (the claim's child). */
    share: snapshot.children.rewardEmail,
    /** The copy of a shown code (the claim's child). */
    copy: snapshot.children.copyCode,
    unlockButtonProps: {
      'data-part': 'unlock',
      'aria-disabled': claiming,
      onClick: () => send({ type: 'reward.unlock' }),
    },
    codePanel: {
      partProps: { 'data-part': 'code-panel', 'data-state': state },
      fetching: snapshot.hasTag('loading'),
      /** The code call's failure, with a retry button. */
      error: snapshot.matches({ claimed: 'codeFailed' }) ? error : null,
      retryButtonProps: { onClick: () => send({ type: 'code.retry' }) },
    },
  };
}

export type RewardClaimApi = ReturnType<typeof connectRewardClaim>;
