import { assign, setup } from 'xstate';
import type { SubmissionReply } from '../contract/schemas.ts';

/**
 * After a successful submission (SPEC.md §4 "Action completion"): the toast with the message and the points,
 * the actions list and the stay refetched, and the celebration modal 300 ms later when points were gained.
 */

export interface ActionOutcomeContext {
  reply: SubmissionReply | null;
}

export type ActionOutcomeEvent = { type: 'submission.succeed'; reply: SubmissionReply } | { type: 'celebration.close' };

export const actionOutcomeMachine = setup({
  types: {
    context: {} as ActionOutcomeContext,
    events: {} as ActionOutcomeEvent,
  },
  delays: {
    celebration: 300,
  },
  guards: {
    gainedPoints: ({ context }) => (context.reply?.greenMilesChange ?? 0) > 0,
  },
  actions: {
    storeReply: assign({ reply: (_, reply: SubmissionReply) => reply }),
    showToast: (_, _reply: SubmissionReply) => {
      throw new Error('showToast is provided by the view');
    },
    reloadActions: () => {
      throw new Error('reloadActions is provided by the view');
    },
    refreshStay: () => {
      throw new Error('refreshStay is provided by the view');
    },
  },
}).createMachine({
  id: 'actionOutcome',
  context: { reply: null },
  initial: 'idle',
  on: {
    // A new submission replaces the previous outcome (its celebration included).
    'submission.succeed': {
      target: '.announcing',
      reenter: true,
      actions: [
        { type: 'storeReply', params: ({ event }) => event.reply },
        { type: 'showToast', params: ({ event }) => event.reply },
        'reloadActions',
        'refreshStay',
      ],
    },
  },
  states: {
    idle: {},
    announcing: {
      always: [{ guard: 'gainedPoints', target: 'celebrationPending' }, { target: 'idle' }],
    },
    celebrationPending: {
      after: { celebration: 'celebrating' },
    },
    celebrating: {
      on: { 'celebration.close': 'idle' },
    },
  },
});
