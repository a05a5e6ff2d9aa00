import { assign, setup } from 'xstate';
import { hourIn } from '../contract/calendar-days.ts';
import type { Action, ActionResponse, LunicleanBody } from '../contract/schemas.ts';
import {
  type ChangeConfirmationEvent,
  changeSubmissionOutcomes,
  confirmingLoss,
  losesReward,
  notifiedByView,
  readyOutcomes,
} from './answerChange.ts';
import {
  identityOf,
  isNotEnoughGreenMiles,
  providedByView,
  type SubmissionInput,
  serverMessageOf,
  submissionInputOf,
} from './submission.ts';

/**
 * The skip-cleaning modal (SPEC.md §4 "Luniclean"): undecided, skipped (rewarded) or maintained; the guest may
 * switch either way, going back to maintained loses the points (a warning first); the success message shows
 * first, then the server is called; a change equal to the current answer is blocked (SPEC.md §5).
 */

export type CleaningDecision = 'undecided' | 'skipped' | 'maintained';

/** SPEC.md §9: the title speaks of today before 11:00 hotel-local time, of tomorrow from then on. */
export const CLEANING_TITLE_SWITCH_HOUR = 11;

export interface LunicleanInput extends SubmissionInput {
  action: Action;
  roomNumber: string | null;
  now: Date;
  /** The hotel's time zone; the device's when unknown. */
  timeZone: string | undefined;
}

export interface LunicleanContext extends SubmissionInput {
  roomNumber: string | null;
  decision: CleaningDecision;
  previousDecision: CleaningDecision;
  pendingDecision: CleaningDecision;
  day: 'today' | 'tomorrow';
  errorMessage: string | null;
}

export type LunicleanEvent = { type: 'cleaning.skip' } | { type: 'cleaning.maintain' } | ChangeConfirmationEvent;

/** SPEC.md §3: SKIP or true means skipped, CLEAN or false maintained. */
export function decisionOf(response: ActionResponse): CleaningDecision {
  if (response === 'SKIP' || response === true) return 'skipped';
  if (response === 'CLEAN' || response === false) return 'maintained';
  return 'undecided';
}

export function cleaningDayAt(now: Date, timeZone: string | undefined): 'today' | 'tomorrow' {
  return hourIn(timeZone, now) < CLEANING_TITLE_SWITCH_HOUR ? 'today' : 'tomorrow';
}

const chosen = {
  'cleaning.skip': 'skipped',
  'cleaning.maintain': 'maintained',
} as const satisfies Record<string, CleaningDecision>;

export const lunicleanMachine = setup({
  types: {
    input: {} as LunicleanInput,
    context: {} as LunicleanContext,
    events: {} as LunicleanEvent,
  },
  actors: {
    submitCleaning: providedByView<LunicleanBody>('submitCleaning'),
  },
  guards: {
    isCurrentDecision: ({ context }, decision: CleaningDecision) => decision === context.decision,
    // Skipping the cleaning is the rewarded decision.
    losesReward: ({ context }, decision: CleaningDecision) => losesReward(context.decision, decision, 'skipped'),
    isNotEnoughGreenMiles,
  },
  actions: {
    holdDecision: assign({ pendingDecision: (_, decision: CleaningDecision) => decision }),
    showPendingDecision: assign({
      previousDecision: ({ context }) => context.decision,
      decision: ({ context }) => context.pendingDecision,
      errorMessage: null,
    }),
    restorePrevious: assign({ decision: ({ context }) => context.previousDecision }),
    storeErrorMessage: assign({ errorMessage: (_, error: unknown) => serverMessageOf(error) }),
    notifySubmitted: notifiedByView,
  },
}).createMachine({
  id: 'luniclean',
  context: ({ input }) => {
    const decision = decisionOf(input.action.response);
    return {
      ...submissionInputOf(input),
      roomNumber: input.roomNumber,
      decision,
      previousDecision: decision,
      pendingDecision: decision,
      day: cleaningDayAt(input.now, input.timeZone),
      errorMessage: null,
    };
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'cleaning.skip': [
          { guard: { type: 'isCurrentDecision', params: () => chosen['cleaning.skip'] } },
          { target: 'submitting', actions: { type: 'holdDecision', params: () => chosen['cleaning.skip'] } },
        ],
        'cleaning.maintain': [
          { guard: { type: 'isCurrentDecision', params: () => chosen['cleaning.maintain'] } },
          {
            guard: { type: 'losesReward', params: () => chosen['cleaning.maintain'] },
            target: 'confirmingLoss',
            actions: { type: 'holdDecision', params: () => chosen['cleaning.maintain'] },
          },
          { target: 'submitting', actions: { type: 'holdDecision', params: () => chosen['cleaning.maintain'] } },
        ],
      },
      ...readyOutcomes,
    },
    confirmingLoss,
    submitting: {
      tags: 'loading',
      // The success message of the pending decision is on screen while the server is called.
      entry: 'showPendingDecision',
      invoke: {
        id: 'submitCleaning',
        src: 'submitCleaning',
        input: ({ context }) => ({
          actId: context.actId,
          body: {
            ...identityOf(context),
            skipCleaning: context.pendingDecision === 'skipped',
            roomNumber: context.roomNumber,
            endDate: context.endDate,
          },
        }),
        ...changeSubmissionOutcomes,
      },
    },
    submitted: { type: 'final' },
  },
});
