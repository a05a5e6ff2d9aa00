import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import type { UseRewardReply } from '../../contract/schemas.ts';
import { failureTextOf } from '../failureTexts.ts';
import { viewProvidedActor } from '../viewProvided.ts';

/**
 * The staff step that marks a claimed SLIDER reward used (docs/behaviour.md#slider-reward):
 * waiting (the guest's view: what to do, no swipe) ─slider.staffOpen▶ idle (the swipe) ─slider.staffCancel▶ waiting.
 * idle ─slider.drag (pointer) to 100 %▶ validating, once; ─slider.release below 100 %▶ progress back to 0.
 * Keyboard (WCAG 2.2 §2.5.7 dragging alternative): slider.step moves the thumb without validating;
 * slider.confirm (End or Enter) validates only at 100 %. Single pointer: slider.holdStart ▶ holding,
 * validated after holding 2 s (sliderHoldConfirm), slider.holdCancel before that goes back to idle.
 * Both alternatives still need a deliberate, sustained gesture, as the swipe does.
 * validating ▶ succeeded ─(sliderSuccessClose)▶ closed (final) | idle with an error and progress 0.
 * Without sUUID (route) or profileUUID (storage) the validation silently aborts.
 */

export interface SliderInput {
  sUUID: string | null;
  profileUUID: string | null;
  rwId: number;
}

export interface SliderContext extends SliderInput {
  /** 0–100. */
  progress: number;
  /** The failed validation's text, chosen by the server's error code. */
  error: MessageDescriptor | null;
}

export type SliderEvent =
  | { type: 'slider.staffOpen' }
  | { type: 'slider.staffCancel' }
  | { type: 'slider.drag'; progress: number }
  | { type: 'slider.release' }
  | { type: 'slider.step'; progress: number }
  | { type: 'slider.confirm' }
  | { type: 'slider.holdStart' }
  | { type: 'slider.holdCancel' };

/** What the swipe tells the reward's claim flow that runs it. */
export type SliderParentEvent = { type: 'slider.used' };

export interface SliderValidationInput {
  sUUID: string;
  profileUUID: string;
  rwId: number;
}

/** docs/behaviour.md#slider-reward: the swipe completes at 75 % of the track width. */
export const SLIDER_COMPLETION_RATIO = 0.75;

/** The progress (0–100) of a drag of `distance` px along a track `trackWidth` px wide, started at `from` %. */
export function dragProgress(distance: number, trackWidth: number, from = 0): number {
  if (trackWidth <= 0) return clampProgress(from);
  return clampProgress(from + (distance / (SLIDER_COMPLETION_RATIO * trackWidth)) * 100);
}

export const clampProgress = (progress: number): number => Math.min(100, Math.max(0, Math.round(progress)));

/** docs/behaviour.md#error-texts: a use (redeem) of the reward that failed for another reason (the SPEC's text). */
export const redeemError = msg`Erreur lors de l'utilisation de la récompense.`;

/** docs/behaviour.md#error-texts: the server's refusals of a use, by code (its own message is developer text). */
const USE_REFUSALS: Record<string, MessageDescriptor> = {
  already_used: msg`Cette récompense a déjà été utilisée.`,
  reward_expired: msg`Cette récompense a expiré : elle ne peut plus être utilisée.`,
};

/** The guest's text of a failed validation: the network failure, a known refusal, else 'Error redeeming the reward'. */
export function sliderFailureText(error: unknown): MessageDescriptor {
  const refusal = USE_REFUSALS[errorCodeOf(error) ?? ''];
  return refusal ?? failureTextOf(error, redeemError);
}

export const sliderMachine = setup({
  types: {
    input: {} as SliderInput,
    context: {} as SliderContext,
    events: {} as SliderEvent,
  },
  actors: {
    markSliderUsed: viewProvidedActor<UseRewardReply, SliderValidationInput>('markSliderUsed'),
  },
  actions: {
    setProgress: assign({ progress: (_, progress: number) => clampProgress(progress), error: null }),
    resetProgress: assign({ progress: 0 }),
    storeFailure: assign({
      progress: 0,
      error: (_, error: unknown) => sliderFailureText(error),
    }),
    // The reward is used: the claim flow that runs the swipe passes the change on (list reload, stay refresh).
    announceUsed: sendParent({ type: 'slider.used' } satisfies SliderParentEvent),
  },
  guards: {
    reachesEnd: (_, progress: number) => progress >= 100,
    atEnd: ({ context }) => context.progress >= 100,
    hasCredentials: ({ context }) => Boolean(context.sUUID && context.profileUUID),
  },
  delays: {
    sliderSuccessClose: 3000,
    sliderHoldConfirm: 2000,
  },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({ ...input, progress: 0, error: null }),
  initial: 'waiting',
  states: {
    // The guest's view leads with what to do; the swipe is behind a deliberate staff step.
    waiting: {
      on: { 'slider.staffOpen': 'idle' },
    },
    idle: {
      on: {
        'slider.staffCancel': { target: 'waiting', actions: 'resetProgress' },
        'slider.drag': [
          {
            guard: { type: 'reachesEnd', params: ({ event }) => event.progress },
            target: 'completing',
            actions: { type: 'setProgress', params: 100 },
          },
          { actions: { type: 'setProgress', params: ({ event }) => event.progress } },
        ],
        'slider.release': { actions: 'resetProgress' },
        'slider.step': { actions: { type: 'setProgress', params: ({ event }) => event.progress } },
        'slider.confirm': { guard: 'atEnd', target: 'completing' },
        'slider.holdStart': 'holding',
      },
    },
    holding: {
      after: { sliderHoldConfirm: 'completing' },
      on: { 'slider.holdCancel': 'idle' },
    },
    // Reaching the end: validate once, or silently abort without the stay's identifiers.
    completing: {
      always: [
        { guard: 'hasCredentials', target: 'validating' },
        { target: 'idle', actions: 'resetProgress' },
      ],
    },
    validating: {
      tags: ['submitting'],
      invoke: {
        id: 'markSliderUsed',
        src: 'markSliderUsed',
        input: ({ context }) => ({
          sUUID: context.sUUID ?? '',
          profileUUID: context.profileUUID ?? '',
          rwId: context.rwId,
        }),
        onDone: { target: 'succeeded', actions: 'announceUsed' },
        onError: {
          target: 'idle',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    succeeded: {
      after: { sliderSuccessClose: 'closed' },
    },
    // The claim flow that runs the swipe closes the reward's modal when it ends.
    closed: { type: 'final' },
  },
});
