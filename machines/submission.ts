import type { MessageDescriptor } from '@lingui/core';
import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type { SubmissionReply } from '../contract/schemas.ts';

/**
 * What every action submission shares (SPEC.md §7, POST /api/actions/{actId}/{path}): the action, the guest and
 * stay identifiers, the guest's language (for the translated success message) and the stay's end date when known.
 */
export interface SubmissionInput {
  actId: number;
  uuid: string;
  sUUID: string;
  lang: string;
  endDate: string | null;
}

/** The input of a submission actor: the action and the body of its path. */
export interface SubmissionRequest<Body> {
  actId: number;
  body: Body;
}

/** The body fields every submission path takes. */
export function identityOf(input: SubmissionInput): { uuid: string; sUUID: string; lang: string } {
  return { uuid: input.uuid, sUUID: input.sUUID, lang: input.lang };
}

/** The guard of a failed submission refused for missing points (the insufficient-points notice, not the red alert). */
export function isNotEnoughGreenMiles({ event }: { event: object }): boolean {
  return 'error' in event && errorCodeOf(event.error) === 'not_enough_greenmiles';
}

/** The error of a failed submission, for `params` of the failure actions. */
export function submissionErrorOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

/** The server's own text of a failed call, when it sent one. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/** The submission fields of a flow's input, without the fields the flow keeps under its own names. */
export function submissionInputOf({ actId, uuid, sUUID, lang, endDate }: SubmissionInput): SubmissionInput {
  return { actId, uuid, sUUID, lang, endDate };
}

/** The done-event output of a submission actor, for `params` of the view-provided `notifySubmitted` action. */
export function replyOf({ event }: { event: { output: SubmissionReply } }): SubmissionReply {
  return event.output;
}

/** A machine's default submission actor (`name`): the view provides the real one (src/views/actions/modals/submitter.ts). */
export function providedByView<Body>(name: string) {
  return fromPromise<SubmissionReply, SubmissionRequest<Body>>(() =>
    Promise.reject(new Error(`${name} is provided by the view`)),
  );
}

/** A sent answer: its reply is kept (the view shows its message) and handed to the view's `notifySubmitted`. */
export const answerSubmitted = {
  target: 'submitted',
  actions: [
    { type: 'storeReply', params: replyOf },
    { type: 'notifySubmitted', params: replyOf },
  ],
} as const;

export interface AnswerSubmissionContext<Answer> extends SubmissionInput {
  /** The last answer sent (shown as chosen while it is being sent). */
  answer: Answer | null;
  reply: SubmissionReply | null;
  error: MessageDescriptor | null;
}

export type AnswerSubmissionEvent<Answer> = { type: 'answer.submit'; answer: Answer };

export interface AnswerSubmissionOptions<Answer, Body> {
  id: string;
  /** The body of the action's submission path for this answer. */
  bodyOf(input: SubmissionInput, answer: Answer): Body;
  /** SPEC.md §8: the red alert of a failed submission of this kind. */
  failure: MessageDescriptor;
}

/**
 * The "answer once, send it" flows (SPEC.md §4: review, custom, Lunishower, claim):
 * choosing ─answer.submit▶ submitting ─▶ submitted, or back to choosing.failed (red alert) or
 * choosing.notEnoughPoints (a reply about missing GreenMiles), where the guest may answer again.
 * On success the view-provided `notifySubmitted` hands the reply to the action dialog host.
 */
export function createAnswerSubmissionMachine<Answer, Body>({
  id,
  bodyOf,
  failure,
}: AnswerSubmissionOptions<Answer, Body>) {
  return setup({
    types: {
      input: {} as SubmissionInput,
      context: {} as AnswerSubmissionContext<Answer>,
      events: {} as AnswerSubmissionEvent<Answer>,
    },
    actors: {
      submitAnswer: providedByView<Body>('submitAnswer'),
    },
    actions: {
      storeAnswer: assign({ answer: (_, answer: Answer) => answer, error: null }),
      storeReply: assign({ reply: (_, reply: SubmissionReply) => reply }),
      storeFailure: assign({ error: failure }),
      // Provided by the view: hands the reply to the action dialog host.
      notifySubmitted: (_, _reply: SubmissionReply) => {},
    },
    guards: {
      isNotEnoughGreenMiles,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ ...input, answer: null, reply: null, error: null }),
    initial: 'choosing',
    states: {
      choosing: {
        initial: 'idle',
        states: { idle: {}, failed: {}, notEnoughPoints: { tags: ['notEnoughPoints'] } },
        on: {
          'answer.submit': {
            target: 'submitting',
            actions: { type: 'storeAnswer', params: ({ event }) => event.answer },
          },
        },
      },
      submitting: {
        tags: ['loading'],
        invoke: {
          id: 'submitAnswer',
          src: 'submitAnswer',
          input: ({ context }) => ({ actId: context.actId, body: bodyOf(context, context.answer as Answer) }),
          onDone: answerSubmitted,
          onError: [
            { guard: 'isNotEnoughGreenMiles', target: 'choosing.notEnoughPoints' },
            { target: 'choosing.failed', actions: 'storeFailure' },
          ],
        },
      },
      submitted: { type: 'final' },
    },
  });
}
