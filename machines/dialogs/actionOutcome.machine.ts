import { assign, setup } from 'xstate';
import type { Reward, SubmissionReply } from '../../contract/schemas.ts';
import { viewProvidedActor } from '../viewProvided.ts';

/**
 * The celebration after a successful submission (docs/behaviour.md#action-completion): the modal opens 300 ms later
 * when points were gained, and says how far the new balance is from the next reward: the stay's rewards load
 * meanwhile (without them, it says the points alone). The stay page's root machine sends the submission here, besides
 * the toast and the refetches of the actions and the stay.
 */

/** Whose rewards, in which language. */
export interface OutcomeGuest {
  sUUID: string;
  profileUUID: string;
  language: string;
}

export interface ActionOutcomeContext {
  reply: SubmissionReply | null;
  guest: OutcomeGuest | null;
  /** The stay's rewards, once loaded for this celebration; null until then or when they could not be read. */
  rewards: Reward[] | null;
}

export type ActionOutcomeEvent =
  | { type: 'submission.succeed'; reply: SubmissionReply; guest: OutcomeGuest }
  | { type: 'celebration.close' };

/** The guest of the celebrated submission (stored with it). */
function guestOf(context: ActionOutcomeContext): OutcomeGuest {
  if (!context.guest) throw new Error('A celebration runs without its submission');
  return context.guest;
}

export const actionOutcomeMachine = setup({
  types: {
    context: {} as ActionOutcomeContext,
    events: {} as ActionOutcomeEvent,
  },
  actors: {
    loadRewards: viewProvidedActor<Reward[], OutcomeGuest>('loadRewards'),
  },
  delays: {
    celebration: 300,
  },
  guards: {
    gainedPoints: ({ context }) => (context.reply?.greenMilesChange ?? 0) > 0,
  },
  actions: {
    storeSubmission: assign((_, event: { reply: SubmissionReply; guest: OutcomeGuest }) => ({
      reply: event.reply,
      guest: event.guest,
      rewards: null,
    })),
    storeRewards: assign({ rewards: (_, rewards: Reward[]) => rewards }),
  },
}).createMachine({
  id: 'actionOutcome',
  context: { reply: null, guest: null, rewards: null },
  initial: 'idle',
  on: {
    // A new submission replaces the previous outcome (its celebration included).
    'submission.succeed': {
      target: '.announcing',
      reenter: true,
      actions: { type: 'storeSubmission', params: ({ event }) => event },
    },
  },
  states: {
    idle: {},
    announcing: {
      always: [{ guard: 'gainedPoints', target: 'celebration' }, { target: 'idle' }],
    },
    celebration: {
      invoke: {
        id: 'loadRewards',
        src: 'loadRewards',
        input: ({ context }) => guestOf(context),
        onDone: { actions: { type: 'storeRewards', params: ({ event }) => event.output } },
        // The points alone are still worth celebrating.
        onError: {},
      },
      initial: 'pending',
      states: {
        pending: {
          after: { celebration: 'showing' },
        },
        showing: {
          on: { 'celebration.close': '#actionOutcome.idle' },
        },
      },
    },
  },
});
