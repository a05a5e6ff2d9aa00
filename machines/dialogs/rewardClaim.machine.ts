import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type ErrorActorEvent, enqueueActions, sendParent, setup, spawnChild } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import { rewardCodeText } from '../../contract/reward-code.ts';
import type { ClaimRewardReply, Reward, RewardCodeReply } from '../../contract/schemas.ts';
import { copyCodeMachine } from '../copyCode.machine.ts';
import { failureTextOf } from '../failureTexts.ts';
import { viewProvidedActor } from '../viewProvided.ts';
import { rewardEmailMachine, type ShareContent } from './rewardEmail.machine.ts';
import { type SliderParentEvent, sliderMachine } from './slider.machine.ts';

/**
 * A reward's detail modal (docs/behaviour.md#reward-dialog):
 * opening ▶ claimed (already unlocked) | locked (balance >= rwCost) | insufficient;
 * locked ─reward.unlock▶ claiming ▶ claimed | failed | insufficient ('Not enough GreenMiles')
 * | alreadyClaimed (another tab claimed it first: the list reloads, the modal says so).
 * A claim's reply marks the claimed view `justUnlocked` and keeps what the claim changed (the stay's rewards with
 * this one claimed, the balance it left): the moment then shows the way to the next reward. A reward claimed before
 * and opened again shows the claimed view without it. (A flag rather than a twin of `claimed`'s states.)
 * The modal stays open through the claim (a water donation included): its body turns into the claimed view in place.
 * A claimed CODE reward without a code fetches it (claimed.fetchingCode).
 * A claimed, unused SLIDER runs the staff step (machines/dialogs/slider.machine.ts) as the child `slider` (claimed.swiping).
 * Once shown (claimed.shown), a claimed reward other than a SLIDER runs its e-mail and share flow
 * (machines/dialogs/rewardEmail.machine.ts) as the child `rewardEmail`, and a CODE reward its code copy
 * (machines/copyCode.machine.ts) as the child `copyCode`.
 * It runs as the rewards list's child while its reward is open (machines/rewardsList.machine.ts); a change (a claim,
 * a refusal that shows the balance was stale, the swipe's use) goes to that parent as `claim.changed`, and the stay
 * page's root reloads the list and the stay so the header balance follows; the swipe's end closes the reward.
 */

/** What the claim tells the rewards list that runs it. */
export type RewardClaimParentEvent = { type: 'claim.changed' } | { type: 'reward.close' };

export interface RewardClaimInput {
  reward: Reward;
  balance: number;
  sUUID: string;
  profileUUID: string;
  /** The guest's language (an e-mailed reward is written in it). */
  language: string;
  /** The stay's hotel name, the prefix of a shown code. */
  codePrefix: string;
  /** Whether the browser has the Web Share API (the view reads `navigator.share`). */
  canShare: boolean;
  /** Whether rewards can be e-mailed here (the hotel reply's `emailEnabled`). */
  canEmail: boolean;
  /** The stay's rewards as the list knows them, for the way to the next reward once this one is unlocked. */
  rewards: Reward[];
}

export interface RewardClaimContext extends RewardClaimInput {
  /** The CODE reward's code once known (from the list, the claim reply or the code call). */
  code: string | null;
  error: MessageDescriptor | null;
  /** Whether this modal unlocked the reward (the claim's reply), not opened one claimed before. */
  justUnlocked: boolean;
}

export type RewardClaimEvent = { type: 'reward.unlock' } | { type: 'code.retry' } | SliderParentEvent;

export interface RewardCallInput {
  sUUID: string;
  profileUUID: string;
  rwId: number;
}

/** docs/behaviour.md#error-texts (rewards). */
export const claimError = msg`Erreur lors de la réclamation de la récompense.`;
export const codeFetchError = msg`Erreur lors de la récupération du code`;
export const codeUnavailableError = msg`Code de réclamation non disponible`;

/** A claim refused for missing points shows the insufficient-points notice, not the red alert. */
export function isNotEnoughPoints(error: unknown): boolean {
  return errorCodeOf(error) === 'not_enough_greenmiles';
}

export const isAlreadyClaimed = (error: unknown): boolean => errorCodeOf(error) === 'already_claimed';

/** docs/behaviour.md#unlocking: unlocking is offered only when the balance covers rwCost. */
export const canAffordReward = (reward: Reward, balance: number): boolean => balance >= reward.rwCost;

/** docs/behaviour.md#error-texts: a claim refused because this stay already holds the reward (another tab). */
export const alreadyClaimedError = msg`Vous avez déjà débloqué cette récompense (peut-être dans un autre onglet).`;

/** What a share sends: the reward's name and, for a code, the code as shown. */
export function shareContentOf(reward: Reward, code: string | null, codePrefix: string): ShareContent {
  return {
    title: reward.radName,
    text: code ? `${reward.radName} — ${rewardCodeText(codePrefix, code)}` : reward.radName,
  };
}

const callInput = ({ context }: { context: RewardClaimContext }): RewardCallInput => ({
  sUUID: context.sUUID,
  profileUUID: context.profileUUID,
  rwId: context.reward.rwId,
});

export const rewardClaimMachine = setup({
  types: {
    input: {} as RewardClaimInput,
    context: {} as RewardClaimContext,
    events: {} as RewardClaimEvent,
    children: {} as { slider: 'slider'; rewardEmail: 'rewardEmail'; copyCode: 'copyCode' },
  },
  actors: {
    slider: sliderMachine,
    rewardEmail: rewardEmailMachine,
    copyCode: copyCodeMachine,
    claimReward: viewProvidedActor<ClaimRewardReply, RewardCallInput>('claimReward'),
    getRewardCode: viewProvidedActor<RewardCodeReply, RewardCallInput>('getRewardCode'),
  },
  actions: {
    storeClaim: assign(({ context }, reply: ClaimRewardReply) => {
      const reward = {
        ...context.reward,
        isClaimed: 1 as const,
        code: reply.code ?? context.reward.code,
        claimedAt: reply.claimedAt,
      };
      return {
        reward,
        rewards: context.rewards.map((listed) => (listed.rwId === reward.rwId ? reward : listed)),
        code: reply.code ?? context.code,
        balance: reply.greenMiles,
        error: null,
        justUnlocked: true,
      };
    }),
    storeClaimError: assign({ error: (_, error: unknown) => failureTextOf(error, claimError) }),
    storeCode: assign({ code: (_, code: string) => code, error: null }),
    storeCodeFetchError: assign({ error: codeFetchError }),
    storeCodeUnavailable: assign({ error: codeUnavailableError }),
    announceChange: sendParent({ type: 'claim.changed' } satisfies RewardClaimParentEvent),
    closeReward: sendParent({ type: 'reward.close' } satisfies RewardClaimParentEvent),
    startCopy: spawnChild('copyCode', {
      id: 'copyCode',
      input: ({ context }) => ({ code: rewardCodeText(context.codePrefix, context.code ?? '') }),
    }),
    startShare: spawnChild('rewardEmail', {
      id: 'rewardEmail',
      input: ({ context }) => ({
        sUUID: context.sUUID,
        profileUUID: context.profileUUID,
        rwId: context.reward.rwId,
        language: context.language,
        canShare: context.canShare,
        canEmail: context.canEmail,
        shareData: shareContentOf(context.reward, context.code, context.codePrefix),
      }),
    }),
  },
  guards: {
    isClaimed: ({ context }) => context.reward.isClaimed === 1,
    canAfford: ({ context }) => canAffordReward(context.reward, context.balance),
    needsCode: ({ context }) => context.reward.rwType === 'CODE' && !context.code,
    needsSwipe: ({ context }) => context.reward.rwType === 'SLIDER' && context.reward.isUsed !== 1,
    showsCode: ({ context }) => context.reward.rwType === 'CODE' && context.code !== null,
    // docs/behaviour.md#slider-reward: the staff swipe offers no e-mail or share.
    isSharable: ({ context }) => context.reward.rwType !== 'SLIDER',
    notEnoughPoints: (_, error: unknown) => isNotEnoughPoints(error),
    alreadyClaimed: (_, error: unknown) => isAlreadyClaimed(error),
    hasCode: (_, reply: RewardCodeReply) =>
      reply.success === 'OK' && typeof reply.code === 'string' && reply.code !== '',
  },
}).createMachine({
  id: 'rewardClaim',
  context: ({ input }) => ({ ...input, code: input.reward.code, error: null, justUnlocked: false }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'isClaimed', target: 'claimed' },
        { guard: 'canAfford', target: 'locked' },
        { target: 'insufficient' },
      ],
    },
    locked: {
      on: { 'reward.unlock': 'claiming' },
    },
    insufficient: {},
    claiming: {
      tags: ['submitting'],
      invoke: {
        id: 'claimReward',
        src: 'claimReward',
        input: callInput,
        onDone: {
          target: 'claimed',
          actions: [{ type: 'storeClaim', params: ({ event }) => event.output }, 'announceChange'],
        },
        onError: [
          {
            guard: { type: 'notEnoughPoints', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'insufficient',
            // The balance the page knew was stale: refresh it so the notice shows the real shortfall.
            actions: 'announceChange',
          },
          {
            guard: { type: 'alreadyClaimed', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'alreadyClaimed',
            // Another tab claimed it: the list reloads and shows it claimed, with the balance it left.
            actions: 'announceChange',
          },
          {
            target: 'failed',
            actions: { type: 'storeClaimError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        ],
      },
    },
    failed: {
      on: { 'reward.unlock': 'claiming' },
    },
    alreadyClaimed: {},
    claimed: {
      initial: 'resolving',
      states: {
        resolving: {
          always: [
            { guard: 'needsCode', target: 'fetchingCode' },
            { guard: 'needsSwipe', target: 'swiping' },
            { target: 'shown' },
          ],
        },
        // docs/behaviour.md#slider-reward: the staff swipe; its use is a change, its end closes the reward.
        swiping: {
          invoke: { id: 'slider', src: 'slider', input: callInput, onDone: { actions: 'closeReward' } },
          on: { 'slider.used': { actions: 'announceChange' } },
        },
        fetchingCode: {
          tags: ['loading'],
          invoke: {
            id: 'getRewardCode',
            src: 'getRewardCode',
            input: callInput,
            onDone: [
              {
                guard: { type: 'hasCode', params: ({ event }) => event.output },
                target: 'shown',
                actions: { type: 'storeCode', params: ({ event }) => event.output.code },
              },
              { target: 'codeFailed', actions: 'storeCodeUnavailable' },
            ],
            onError: { target: 'codeFailed', actions: 'storeCodeFetchError' },
          },
        },
        codeFailed: {
          on: { 'code.retry': 'fetchingCode' },
        },
        shown: {
          entry: enqueueActions(({ enqueue, check }) => {
            if (check('showsCode')) enqueue('startCopy');
            if (check('isSharable')) enqueue('startShare');
          }),
        },
      },
    },
  },
});
