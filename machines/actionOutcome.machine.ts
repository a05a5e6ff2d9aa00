import { assign, setup } from 'xstate';
import type { SubmissionReply } from '../contract/schemas.ts';

/**
 * The celebration after a successful submission (docs/behaviour.md#action-completion): the modal opens 300 ms later
 * when points were gained. The stay page's root machine sends the submission here, besides the toast and the
 * refetches of the actions and the stay.
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
      actions: { type: 'storeReply', params: ({ event }) => event.reply },
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
