import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type ErrorActorEvent, sendParent, setup } from 'xstate';
import type { UseRewardReply } from '../contract/schemas.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The staff swipe that marks a claimed SLIDER reward used (docs/behaviour.md#slider-reward):
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
  /** The server's own validation text, else a descriptor the view translates. */
  error: string | MessageDescriptor | null;
}

export type SliderEvent =
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

/** docs/behaviour.md#error-texts: the slider failure when the server gave no validation text. */
export const sliderValidationError = msg`Une erreur est survenue lors de la validation.`;

/** The server's text (validationError or message of its JSON error body), when it sent one. */
export function serverValidationText(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { validationError, code, message } = error as { validationError?: unknown; code?: unknown; message?: unknown };
  if (typeof validationError === 'string' && validationError) return validationError;
  // ApiError codes for failures without a server body: keep the translated default then.
  if (code === 'network_error' || code === 'http_error' || typeof code !== 'string') return null;
  return typeof message === 'string' && message ? message : null;
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
      error: (_, error: unknown) => serverValidationText(error) ?? sliderValidationError,
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
  initial: 'idle',
  states: {
    idle: {
      on: {
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
