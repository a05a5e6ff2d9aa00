import type { MessageDescriptor } from '@lingui/core';
import { type AnyEventObject, assign, setup } from 'xstate';
import type { SubmittedActionType } from '../../contract/action-types.ts';
import { errorCodeOf } from '../../contract/errors.ts';
import type { SubmissionBodyOf, SubmissionReply, SubmissionRequest } from '../../contract/schemas.ts';
import { failureTextOf } from '../failureTexts.ts';
import { viewProvidedActor } from '../viewProvided.ts';

/**
 * The submission family: every action flow that sends the guest's answer (answer-once review, custom, Lunishower,
 * claim; change-with-rollback yes/no and Luniclean; heating; quiz) shares what this module holds:
 * - one submit actor, `submitAnswer`, invoked with id `submitAnswer` and input `SubmissionRequest`
 *   ({ actId, type, body }), so the view provides one real implementation for all of them;
 * - one output: a flow ends in its final `submitted` state with the server's reply as its output, which the action
 *   launch that runs it (machines/dialogs/actionLaunch.machine.ts) reports to the stay page's root;
 * - defaults for what the view provides that throw (a flow started without them is a wiring mistake);
 * - one tag vocabulary (`SubmissionTag`) and the sub-states a flow waits in after a failure.
 * `submissionSetup()` gives a flow these; the flow adds its own states, actions and guards with `.extend`.
 */

/**
 * What every action submission shares (POST /api/actions/{actId}/{path}): the action, the guest and stay
 * identifiers, the guest's language (for the translated success message) and the stay's end date when known.
 */
export interface SubmissionInput {
  actId: number;
  uuid: string;
  sUUID: string;
  lang: string;
  endDate: string | null;
}

/** The context every flow of the family keeps: its input and the reply of a sent answer. */
export interface SubmissionContext extends SubmissionInput {
  reply: SubmissionReply | null;
}

/**
 * The family's tags: `submitting` while the answer is on its way, `notEnoughPoints` after a refusal for missing
 * GreenMiles, `failed` after any other failure.
 */
export type SubmissionTag = 'submitting' | 'notEnoughPoints' | 'failed';

/** 'Réessayer' after a failure: the same answer is sent again (issue 15: every failure offers it). */
export type SubmissionRetryEvent = { type: 'submission.retry' };

/** The body fields every submission path takes. */
export function identityOf(input: SubmissionInput): { uuid: string; sUUID: string; lang: string } {
  return { uuid: input.uuid, sUUID: input.sUUID, lang: input.lang };
}

/** The submission fields of a flow's input, without the fields the flow keeps under its own names. */
export function submissionInputOf({ actId, uuid, sUUID, lang, endDate }: SubmissionInput): SubmissionInput {
  return { actId, uuid, sUUID, lang, endDate };
}

/** The context a flow starts from: its submission fields, nothing sent yet. */
export function submissionContextOf(input: SubmissionInput): SubmissionContext {
  return { ...submissionInputOf(input), reply: null };
}

/** The request of an answer of `type`: its body is the one of the type's path. */
export function submissionRequest<Type extends SubmittedActionType>(
  actId: number,
  type: Type,
  body: SubmissionBodyOf<Type>,
): SubmissionRequest {
  // TypeScript does not narrow a generic type parameter into the distributive SubmissionRequest union.
  return { actId, type, body } as SubmissionRequest;
}

/** The guard of a failed submission refused for missing points (the insufficient-points notice, not the red alert). */
export function isNotEnoughGreenMiles({ event }: { event: object }): boolean {
  return 'error' in event && errorCodeOf(event.error) === 'not_enough_greenmiles';
}

/** The error of a failed submission, for `params` of the failure actions. */
export function submissionErrorOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

/** The done-event output of a submission actor, for `params` of `storeReply`. */
export function replyOf({ event }: { event: { output: SubmissionReply } }): SubmissionReply {
  return event.output;
}

/** The default `submitAnswer`: the app provides the real one once, for every modal (src/views/actions/actionLaunch.logic.ts). */
export const submitAnswerProvidedByView = viewProvidedActor<SubmissionReply, SubmissionRequest>('submitAnswer');

/** The output of a flow of the family, in its final `submitted` state: the reply it stored. */
export function submittedReply({ context }: { context: SubmissionContext }): SubmissionReply {
  if (!context.reply) throw new Error('A submission flow ended without a reply');
  return context.reply;
}

/**
 * The setup of a flow of the family: typed context, events, input, output and tags, with the shared `submitAnswer`
 * actor, `storeReply` action and `isNotEnoughGreenMiles` guard. The flow adds its own with `.extend`, and takes
 * `output: submittedReply`.
 */
export function submissionSetup<
  Context extends SubmissionContext,
  Event extends AnyEventObject,
  Input extends SubmissionInput,
>() {
  return setup({
    types: {
      context: {} as Context,
      events: {} as Event | SubmissionRetryEvent,
      input: {} as Input,
      output: {} as SubmissionReply,
      tags: {} as SubmissionTag,
    },
    actors: { submitAnswer: submitAnswerProvidedByView },
    actions: {
      storeReply: assign((_, reply: SubmissionReply) => ({ reply }) as Partial<Context>),
    },
    guards: { isNotEnoughGreenMiles },
  });
}

/**
 * The states a flow waits in for the guest: first, after a refusal for missing points, after another failure (whose
 * 'Réessayer' goes back to the flow's `submitting`; `machineId` is the flow's id).
 */
export function waitingStatesOf<const MachineId extends string>(machineId: MachineId) {
  return {
    initial: 'idle',
    states: {
      idle: {},
      notEnoughPoints: { tags: 'notEnoughPoints' },
      failed: { tags: 'failed', on: { 'submission.retry': { target: `#${machineId}.submitting` } } },
    },
  } as const;
}

/** A sent answer: its reply is kept (the view shows its message; the flow's output). */
export const answerSubmitted = {
  target: 'submitted',
  actions: { type: 'storeReply', params: replyOf },
} as const;

/**
 * A failed send goes back to `waiting`: its notice for missing points, else its red alert (`storeFailure`, given the
 * error: its text is chosen by code with machines/failureTexts.ts).
 */
export function failureReturnsTo<const Waiting extends string>(waiting: Waiting) {
  return [
    { guard: 'isNotEnoughGreenMiles', target: `${waiting}.notEnoughPoints` },
    { target: `${waiting}.failed`, actions: { type: 'storeFailure', params: submissionErrorOf } },
  ] as const;
}

/**
 * The state that sends the answer: the one `submitAnswer` actor with the flow's request (`requestOf`); a reply goes
 * to `submitted` (kept: the flow's output), a failure as the flow's `onError` says.
 */
export function submittingState<Params, const OnError>(
  requestOf: (args: Params) => SubmissionRequest,
  onError: OnError,
) {
  return {
    tags: 'submitting',
    invoke: { id: 'submitAnswer', src: 'submitAnswer', input: requestOf, onDone: answerSubmitted, onError },
  } as const;
}

/** The context of the answer-once flows. */
export interface AnswerSubmissionContext<Answer> extends SubmissionContext {
  /** The last answer sent (shown as chosen while it is being sent). */
  answer: Answer | null;
  /** The red alert of the last failure. */
  error: MessageDescriptor | null;
}

export type AnswerSubmissionEvent<Answer> = { type: 'answer.submit'; answer: Answer };

export interface AnswerSubmissionOptions<Answer, Type extends SubmittedActionType> {
  id: string;
  /** The action type the answers are sent as (its submission path). */
  type: Type;
  /** The body of the type's submission path for this answer. */
  bodyOf(input: SubmissionInput, answer: Answer): SubmissionBodyOf<Type>;
  /** The red alert of a failed submission of this kind (docs/behaviour.md). */
  failure: MessageDescriptor;
}

/**
 * The "answer once, send it" flows (review, custom, Lunishower, claim):
 * choosing ─answer.submit▶ submitting ─▶ submitted, or back to choosing.failed (red alert) or
 * choosing.notEnoughPoints (a reply about missing GreenMiles), where the guest may answer again.
 */
export function createAnswerSubmissionMachine<Answer, Type extends SubmittedActionType>({
  id,
  type,
  bodyOf,
  failure,
}: AnswerSubmissionOptions<Answer, Type>) {
  return submissionSetup<AnswerSubmissionContext<Answer>, AnswerSubmissionEvent<Answer>, SubmissionInput>()
    .extend({
      actions: {
        storeAnswer: assign({ answer: (_, answer: Answer) => answer, error: null }),
        storeFailure: assign({ error: (_, error: unknown) => failureTextOf(error, failure) }),
      },
    })
    .createMachine({
      id,
      context: ({ input }) => ({ ...submissionContextOf(input), answer: null, error: null }),
      output: submittedReply,
      initial: 'choosing',
      states: {
        choosing: {
          ...waitingStatesOf(id),
          on: {
            'answer.submit': {
              target: 'submitting',
              actions: { type: 'storeAnswer', params: ({ event }) => event.answer },
            },
          },
        },
        submitting: submittingState(
          ({ context }: { context: AnswerSubmissionContext<Answer> }) =>
            submissionRequest(context.actId, type, bodyOf(context, context.answer as Answer)),
          failureReturnsTo('choosing'),
        ),
        submitted: { type: 'final' },
      },
    });
}

/** The machine of an answer-once flow whose answers are `Answer`. */
export type AnswerSubmissionMachine<Answer> = ReturnType<
  typeof createAnswerSubmissionMachine<Answer, SubmittedActionType>
>;
