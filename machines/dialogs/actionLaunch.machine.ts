import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AnyMachineSnapshot, and, assign, not, type SnapshotEvent, setup } from 'xstate';
import { ANSWER_MODALS, type AnswerModal, rulesOf } from '../../contract/action-types.ts';
import { addDays, daysBetween, earlierDate } from '../../contract/calendar-days.ts';
import { isCompletedForGood, isNightActionUnavailable } from '../../contract/launch-rules.ts';
import type { Action, Stay, SubmissionReply } from '../../contract/schemas.ts';
import { MODAL_MACHINES, modalInputOf, modalKindOf } from '../actionModals.ts';
import { viewProvidedActor } from '../viewProvided.ts';
import { type EndDatePickerOutput, endDatePickerMachine } from './endDatePicker.machine.ts';
import { type NightsPickerOutput, nightsPickerMachine } from './nightsPicker.machine.ts';

/**
 * What happens when the guest opens an action (docs/behaviour.md#launch-flow, #re-doing, #nights-choice):
 * the read-only summary, the claim dialog, the one-night explanation, the action's modal directly, or first the stay's end date
 * (nights picker, end-date picker), saved to the stay before the pending action runs with the nights count.
 * In `modal` it runs the machine of the action's modal kind (machines/actionModals.ts) as its child `modal`; that
 * machine's output (the server's reply) ends the launch, as its own output `{ reply }` (`{ reply: null }` when the
 * guest closed it). While the modal's answer is on its way, closing is refused (docs/behaviour.md#sending-an-answer):
 * stopping the modal then would drop the server's reply.
 * One actor per opened action: the stay page's root machine starts it with the action and reads its end, and follows
 * its snapshot for the stay's end date it saved (the root refreshes the stay then, not when the launch ends: an end
 * date of today ends the stay, and the refresh sends the guest to the finished page at once).
 */

export const END_DATE_NOT_SAVED = msg`Impossible d'enregistrer la date de fin de votre séjour.`;

/** How the launch ended: the reply of the modal's answer, or null when the guest closed it first. */
export interface ActionLaunchOutput {
  reply: SubmissionReply | null;
}

export interface ActionLaunchInput {
  sUUID: string;
  profileUUID: string;
  /** The guest's language (the submissions' translated success message). */
  language: string;
  action: Action;
  /** Today at the hotel by the server's clock (the stay's `today`): the nights and the end-date window count from it. */
  today: string;
  /** The day skipping the cleaning speaks of, by the server's clock (the stay's `cleaningDate`). */
  cleaningDate: string;
  /** The stay's end date when the launch began (YYYY-MM-DD), else null. */
  stayEndDate: string | null;
  /** The stay's last possible day (YYYY-MM-DD): the server refuses a later end date (409 end_date_after_last_day). */
  stayLastDay: string;
  roomNumber: string | null;
}

export interface ActionLaunchContext extends ActionLaunchInput {
  /** The stay's end date: the input's, then the one the launch saved (the root refreshes the stay when it changes). */
  stayEndDate: string | null;
  /** The end date handed to the modal. */
  endDate: string | null;
  /** Days from today to the end date, at least 1; null when the flow did not need it. */
  nights: number | null;
  error: MessageDescriptor | null;
  /** The modal's answer is on its way (its machine is tagged `submitting`): closing waits for the reply. */
  answerOnItsWay: boolean;
  /** The modal's reply, once it ended with it. */
  reply: SubmissionReply | null;
}

export type ActionLaunchEvent = { type: 'launch.close' } | { type: 'endDate.retry' } | { type: 'nights.change' };

export interface SaveEndDateInput {
  sUUID: string;
  profileUUID: string;
  endDate: string;
}

/** The failure of the end-date save, for its log. */
function saveFailureOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

function modalSnapshotOf({ event }: { event: SnapshotEvent<AnyMachineSnapshot> }): AnyMachineSnapshot {
  return event.snapshot;
}

/**
 * The modal state of each modal machine: it runs as the child `modal`, whose snapshots say whether its answer is on
 * its way, and its reply ends the launch.
 */
function modalFlowStates() {
  return Object.fromEntries(
    ANSWER_MODALS.map((kind) => [
      kind,
      {
        invoke: {
          id: 'modal',
          src: kind,
          input: ({ context }: { context: ActionLaunchContext }) => modalInputOf(kind, context),
          // Only a change of it is taken: the launch's own snapshot (and its view) do not follow every modal step.
          onSnapshot: {
            guard: { type: 'changesAnswerOnItsWay', params: modalSnapshotOf },
            actions: { type: 'followAnswer', params: modalSnapshotOf },
          },
          onDone: {
            target: '#actionLaunch.submitted',
            actions: {
              type: 'holdReply',
              params: ({ event }: { event: { output: SubmissionReply } }) => event.output,
            },
          },
        },
      },
    ]),
  ) as Record<AnswerModal, object>;
}

function nightsUntil(today: string, endDate: string): number {
  return Math.max(1, daysBetween(today, endDate));
}

export const actionLaunchMachine = setup({
  types: {
    input: {} as ActionLaunchInput,
    context: {} as ActionLaunchContext,
    events: {} as ActionLaunchEvent,
    output: {} as ActionLaunchOutput,
  },
  actors: {
    nightsPicker: nightsPickerMachine,
    endDatePicker: endDatePickerMachine,
    saveEndDate: viewProvidedActor<Stay, SaveEndDateInput>('saveEndDate'),
    ...MODAL_MACHINES,
  },
  guards: {
    isCompletedForGood: ({ context }) => isCompletedForGood(context.action),
    /** docs/behaviour.md#proof: a completed proof's modal shows the 'collected' banner. */
    isCompletedInModal: ({ context }) =>
      context.action.alreadyCompleted && rulesOf(context.action.actType).completedInModal === true,
    isNightUnavailable: ({ context }) => isNightActionUnavailable(context.action, context.today, context.stayEndDate),
    opensDirectly: ({ context }) => rulesOf(context.action.actType).opensDirectly,
    isNightPeriod: ({ context }) => context.action.actPeriod === 'NIGHT',
    isRoomScope: ({ context }) => context.action.actScope === 'ROOM',
    knowsStayEndDate: ({ context }) => context.stayEndDate !== null,
    isFourNightsOrMore: (_, output: NightsPickerOutput) => output.choice === '4+',
    /** docs/behaviour.md#one-night-stay: the end date just saved leaves this gesture no next day to act on. */
    lacksNextDay: ({ context }) =>
      context.endDate !== null && isNightActionUnavailable(context.action, context.today, context.endDate),
    isAnswerOnItsWay: ({ context }) => context.answerOnItsWay,
    changesAnswerOnItsWay: ({ context }, modal: AnyMachineSnapshot) =>
      modal.hasTag('submitting') !== context.answerOnItsWay,
    /** The action's modal kind is `kind` and the action can run its machine. */
    runsModalFlow: ({ context }, kind: AnswerModal) =>
      modalKindOf(context.action) === kind && modalInputOf(kind, context) !== null,
  },
  actions: {
    /** Modals that need no end date still get the one the stay or the action knows (YESNOSTAY sends it). */
    passKnownEndDate: assign({
      endDate: ({ context }) => context.stayEndDate ?? context.action.endDate ?? null,
    }),
    useStayEndDate: assign({
      endDate: ({ context }) => context.stayEndDate,
      nights: ({ context }) => (context.stayEndDate ? nightsUntil(context.today, context.stayEndDate) : null),
    }),
    /**
     * docs/behaviour.md#nights-choice: one night ends tomorrow; 2 or 3 nights end today plus that many days, or on the
     * stay's last possible day when that comes first (the stay ends there anyway).
     */
    endAfterNights: assign(({ context }, output: NightsPickerOutput) => {
      const nights = output.choice === '4+' ? 4 : output.choice;
      return { endDate: earlierDate(addDays(context.today, nights), context.stayLastDay) };
    }),
    endOnChosenDate: assign({ endDate: (_, output: EndDatePickerOutput) => output.endDate }),
    countNights: assign({
      nights: ({ context }) => (context.endDate ? nightsUntil(context.today, context.endDate) : null),
      error: null,
    }),
    reportEndDateNotSaved: assign({ error: END_DATE_NOT_SAVED }),
    logEndDateFailure: (_, error: unknown) => {
      // docs/behaviour.md#end-date: a failed end-date save is logged.
      console.error('Saving the stay end date failed', error);
    },
    keepSavedEndDate: assign({ stayEndDate: ({ context }) => context.endDate }),
    followAnswer: assign({ answerOnItsWay: (_, modal: AnyMachineSnapshot) => modal.hasTag('submitting') }),
    holdReply: assign({ reply: (_, reply: SubmissionReply) => reply, answerOnItsWay: false }),
  },
}).createMachine({
  id: 'actionLaunch',
  context: ({ input }) => ({
    ...input,
    endDate: null,
    nights: null,
    error: null,
    answerOnItsWay: false,
    reply: null,
  }),
  output: ({ context }) => ({ reply: context.reply }),
  initial: 'active',
  states: {
    active: {
      on: {
        'launch.close': { guard: not('isAnswerOnItsWay'), target: 'closed' },
      },
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'isCompletedInModal', target: 'modal', actions: 'passKnownEndDate' },
            { guard: 'isCompletedForGood', target: 'summary' },
            { guard: 'opensDirectly', target: 'modal', actions: 'passKnownEndDate' },
            { guard: 'isNightUnavailable', target: 'oneNightUnavailable' },
            { guard: and(['isNightPeriod', 'knowsStayEndDate']), target: 'modal', actions: 'useStayEndDate' },
            { guard: 'isNightPeriod', target: 'nightsPicker' },
            { guard: and(['isRoomScope', 'knowsStayEndDate']), target: 'modal', actions: 'useStayEndDate' },
            { guard: 'isRoomScope', target: 'endDatePicker' },
            { target: 'modal', actions: 'passKnownEndDate' },
          ],
        },
        summary: {},
        nightsPicker: {
          invoke: {
            id: 'nightsPicker',
            src: 'nightsPicker',
            onDone: [
              {
                guard: { type: 'isFourNightsOrMore', params: ({ event }) => event.output },
                target: 'endDatePicker',
              },
              {
                target: 'savingEndDate',
                actions: { type: 'endAfterNights', params: ({ event }) => event.output },
              },
            ],
          },
        },
        endDatePicker: {
          invoke: {
            id: 'endDatePicker',
            src: 'endDatePicker',
            input: ({ context }) => ({ today: context.today, lastDay: context.stayLastDay }),
            onDone: {
              target: 'savingEndDate',
              actions: { type: 'endOnChosenDate', params: ({ event }) => event.output },
            },
          },
        },
        savingEndDate: {
          tags: 'loading',
          invoke: {
            id: 'saveEndDate',
            src: 'saveEndDate',
            input: ({ context }) => ({
              sUUID: context.sUUID,
              profileUUID: context.profileUUID,
              endDate: context.endDate ?? context.today,
            }),
            onDone: [
              { guard: 'lacksNextDay', target: 'oneNightUnavailable', actions: 'keepSavedEndDate' },
              { target: 'modal', actions: ['countNights', 'keepSavedEndDate'] },
            ],
            onError: {
              target: 'endDateNotSaved',
              actions: ['reportEndDateNotSaved', { type: 'logEndDateFailure', params: saveFailureOf }],
            },
          },
        },
        endDateNotSaved: {
          on: {
            'endDate.retry': { target: 'savingEndDate' },
          },
        },
        // 'Modifier mes nuits' asks the nights again: a longer stay makes the action available (a date picked after
        // '4 nuits ou plus' replaces the one-night answer).
        oneNightUnavailable: {
          on: { 'nights.change': { target: 'nightsPicker' } },
        },
        modal: {
          initial: 'opening',
          states: {
            opening: {
              always: [
                ...ANSWER_MODALS.map((kind) => ({
                  guard: { type: 'runsModalFlow' as const, params: kind },
                  target: kind,
                })),
                { target: 'static' },
              ],
            },
            ...modalFlowStates(),
            /** The dialogs with no machine (instructions, a quiz without its question). */
            static: {},
          },
        },
      },
    },
    submitted: { type: 'final' },
    closed: { type: 'final' },
  },
});
