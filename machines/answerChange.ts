import type { SubmissionReply } from '../contract/schemas.ts';
import { replyOf, submissionErrorOf } from './submission.ts';

/**
 * What the flows share whose answer the guest may change either way (SPEC.md §4: yes/no types, Luniclean): a change
 * away from the rewarded answer waits for a confirmation (the points go); the new answer shows while it is sent, and
 * the previous one comes back when the server refuses, with the 'not enough points' notice or the server's message.
 * Each machine names its own answer, events and actor; their context has `errorMessage` and their setup implements
 * `restorePrevious`, `storeErrorMessage`, `notifySubmitted` and `isNotEnoughGreenMiles`.
 */

export type ChangeConfirmationEvent = { type: 'change.confirm' } | { type: 'change.cancel' };

/** The answer on screen earned the points and the guest picks another one. */
export function losesReward<Answer>(current: Answer, next: Answer, rewarded: Answer): boolean {
  return current === rewarded && next !== rewarded;
}

/** `notifySubmitted`'s default: the view provides it. */
export function notifiedByView(_: unknown, _reply: SubmissionReply): never {
  throw new Error('notifySubmitted is provided by the view');
}

/** `ready`'s sub-states: waiting for an answer, after a refusal for missing points, after another failure. */
export const readyOutcomes = { initial: 'idle', states: { idle: {}, notEnoughPoints: {}, failed: {} } } as const;

/** The state that waits for the guest to confirm a change that loses the points. */
export const confirmingLoss = {
  on: { 'change.confirm': { target: 'submitting' }, 'change.cancel': { target: 'ready' } },
} as const;

/** How `submitting`'s call ends: the reply goes to the view; a refusal brings the previous answer back. */
export const changeSubmissionOutcomes = {
  onDone: { target: 'submitted', actions: { type: 'notifySubmitted', params: replyOf } },
  onError: [
    { guard: 'isNotEnoughGreenMiles', target: 'ready.notEnoughPoints', actions: 'restorePrevious' },
    { target: 'ready.failed', actions: ['restorePrevious', { type: 'storeErrorMessage', params: submissionErrorOf }] },
  ],
} as const;
