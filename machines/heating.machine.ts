import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign } from 'xstate';
import { HEATING_OPTIMAL_MAX, HEATING_OPTIMAL_MIN } from '../contract/action-types.ts';
import {
  failureReturnsTo,
  identityOf,
  type SubmissionContext,
  type SubmissionInput,
  submissionContextOf,
  submissionRequest,
  submissionSetup,
  submittedReply,
  submittingState,
  waitingStates,
} from './submission.ts';

/** docs/behaviour.md#heating: default 22, gauge full scale 30; the lower bound is the API's (HeatingBody). */
export const DEFAULT_TEMPERATURE = 22;
export const GAUGE_FULL_SCALE = 30;
export const MIN_TEMPERATURE = 10;
export const MAX_TEMPERATURE = GAUGE_FULL_SCALE;

export type HeatingStatus = 'tooLow' | 'optimal' | 'tooHigh';
export type HeatingBand = 'below18' | 'from18to20' | 'from21to23' | 'from24';

/** docs/behaviour.md#heating: below 18 too low, above 22 too high, otherwise optimal. */
export function heatingStatus(temperature: number): HeatingStatus {
  if (temperature < HEATING_OPTIMAL_MIN) return 'tooLow';
  if (temperature > HEATING_OPTIMAL_MAX) return 'tooHigh';
  return 'optimal';
}

/** docs/behaviour.md#heating: colour bands below 18, 18–20, 21–23, 24 and over. */
export function heatingBand(temperature: number): HeatingBand {
  if (temperature < 18) return 'below18';
  if (temperature < 21) return 'from18to20';
  if (temperature < 24) return 'from21to23';
  return 'from24';
}

/** The starting temperature: the action's (rounded to a whole degree and kept on the scale), else 22. */
export function startingTemperature(temperature: number | null): number {
  if (temperature === null) return DEFAULT_TEMPERATURE;
  return Math.min(MAX_TEMPERATURE, Math.max(MIN_TEMPERATURE, Math.round(temperature)));
}

export interface HeatingInput extends SubmissionInput {
  temperature: number;
}

export interface HeatingContext extends SubmissionContext {
  temperature: number;
  error: MessageDescriptor | null;
}

export type HeatingEvent =
  | { type: 'temperature.raise' }
  | { type: 'temperature.lower' }
  | { type: 'temperature.submit' };

/** Heating has no failure text of its own: the generic one (docs/behaviour.md#error-texts). */
export const heatingSubmitError = msg`Une erreur est survenue`;

function heatingRequest({ context }: { context: HeatingContext }) {
  const body = { ...identityOf(context), temperature: context.temperature, endDate: context.endDate };
  return submissionRequest(context.actId, 'HEATING', body);
}

/**
 * Heating (docs/behaviour.md#heating): the guest sets the room temperature one degree at a time within the scale, then
 * sends it. A failed send keeps the setting on screen with a red alert (or the not-enough notice) and may be sent
 * again.
 */
export const heatingMachine = submissionSetup<HeatingContext, HeatingEvent, HeatingInput>()
  .extend({
    actions: {
      raise: assign({ temperature: ({ context }) => context.temperature + 1 }),
      lower: assign({ temperature: ({ context }) => context.temperature - 1 }),
      clearError: assign({ error: null }),
      storeFailure: assign({ error: heatingSubmitError }),
    },
    guards: {
      belowMaximum: ({ context }) => context.temperature < MAX_TEMPERATURE,
      aboveMinimum: ({ context }) => context.temperature > MIN_TEMPERATURE,
    },
  })
  .createMachine({
    id: 'heating',
    output: submittedReply,
    context: ({ input }) => ({ ...submissionContextOf(input), temperature: input.temperature, error: null }),
    initial: 'adjusting',
    states: {
      adjusting: {
        ...waitingStates,
        on: {
          'temperature.raise': { guard: 'belowMaximum', actions: 'raise' },
          'temperature.lower': { guard: 'aboveMinimum', actions: 'lower' },
          'temperature.submit': { target: 'submitting', actions: 'clearError' },
        },
      },
      submitting: submittingState(heatingRequest, failureReturnsTo('adjusting')),
      submitted: { type: 'final' },
    },
  });
