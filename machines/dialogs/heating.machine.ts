import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign } from 'xstate';
import { MAX_TEMPERATURE, MIN_TEMPERATURE } from '../../contract/answer-rules.ts';
import { isOptimalTemperature } from '../../contract/recorded-answers.ts';
import type { ChangeConfirmationEvent } from '../answerChange.ts';
import { failureTextOf } from '../failureTexts.ts';
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
  waitingStatesOf,
} from './submission.ts';

export interface HeatingInput extends SubmissionInput {
  temperature: number;
  /** Tonight's temperature on record earned points: sending one outside the band takes them back. */
  earned: boolean;
}

export interface HeatingContext extends SubmissionContext {
  temperature: number;
  earned: boolean;
  error: MessageDescriptor | null;
}

export type HeatingEvent =
  | { type: 'temperature.raise' }
  | { type: 'temperature.lower' }
  | { type: 'temperature.submit' }
  | ChangeConfirmationEvent;

/** Heating has no failure text of its own: the generic one (docs/behaviour.md#error-texts). */
export const heatingSubmitError = msg`Une erreur est survenue`;

function heatingRequest({ context }: { context: HeatingContext }) {
  const body = { ...identityOf(context), temperature: context.temperature, endDate: context.endDate };
  return submissionRequest(context.actId, 'HEATING', body);
}

/**
 * Heating (docs/behaviour.md#heating): the guest sets the room temperature one degree at a time within the scale, then
 * sends it. Once a setting earned, sending one outside the band that earns waits for 'Confirmer le changement' (the
 * points go), as every change that loses points (docs/behaviour.md#change-with-rollback). A failed send keeps the
 * setting on screen with a red alert (or the not-enough notice) and may be sent again.
 */
export const heatingMachine = submissionSetup<HeatingContext, HeatingEvent, HeatingInput>()
  .extend({
    actions: {
      raise: assign({ temperature: ({ context }) => context.temperature + 1 }),
      lower: assign({ temperature: ({ context }) => context.temperature - 1 }),
      clearError: assign({ error: null }),
      storeFailure: assign({ error: (_, error: unknown) => failureTextOf(error, heatingSubmitError) }),
    },
    guards: {
      belowMaximum: ({ context }) => context.temperature < MAX_TEMPERATURE,
      aboveMinimum: ({ context }) => context.temperature > MIN_TEMPERATURE,
      losesReward: ({ context }) => context.earned && !isOptimalTemperature(context.temperature),
    },
  })
  .createMachine({
    id: 'heating',
    output: submittedReply,
    context: ({ input }) => ({
      ...submissionContextOf(input),
      temperature: input.temperature,
      earned: input.earned,
      error: null,
    }),
    initial: 'adjusting',
    states: {
      adjusting: {
        ...waitingStatesOf('heating'),
        on: {
          'temperature.raise': { guard: 'belowMaximum', actions: 'raise' },
          'temperature.lower': { guard: 'aboveMinimum', actions: 'lower' },
          'temperature.submit': [
            { guard: 'losesReward', target: 'confirmingLoss', actions: 'clearError' },
            { target: 'submitting', actions: 'clearError' },
          ],
        },
      },
      confirmingLoss: {
        on: { 'change.confirm': { target: 'submitting' }, 'change.cancel': { target: 'adjusting' } },
      },
      submitting: submittingState(heatingRequest, failureReturnsTo('adjusting')),
      submitted: { type: 'final' },
    },
  });
