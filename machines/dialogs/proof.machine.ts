import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { errorCodeOf, errorStatusOf } from '../../contract/errors.ts';
import type { Action, ProofBody, ProofReply } from '../../contract/schemas.ts';
import { viewProvidedAction, viewProvidedActor } from '../viewProvided.ts';

/**
 * The proof page (docs/behaviour.md#proof-page): a scanned on-site QR code validates its PROOF action.
 *
 * starting ─ stay in the address ─▶ checkingAction ─ a PROOF ─▶ validating ─▶ succeeded ─ 0.6 s ─▶ leftWithPoints
 *          ─ printed code ──────────────────────────────────────▲            ─▶ alreadyValidated ─ 3.5 s ─▶ left
 *                                    └ another type ─▶ failed ◀── error, or no stay in the reply
 * failed ─ 'proof.retry' (when retrying can help) ─▶ starting;  ─ 'proof.leave' ─▶ left
 *
 * The action is fetched first when the address names the stay (its type is checked before anything is sent); a
 * printed code (`/proof/{actionId}?hId&qrId`) may be the guest's first scan, with no stay to fetch it for: the server
 * refuses another type alike. Storage and navigation are actions the view provides.
 */

export const NOT_A_PROOF = msg`Cette action n'est pas de type Proof`;
export const STAY_MISSING = msg`Séjour introuvable après validation. Veuillez réessayer ou rescanner le QR code.`;
export const PROOF_FAILED = msg`Erreur lors de la validation de l'action`;
export const WRONG_CODE = msg`Ce QR code ne correspond pas à cette action.`;
export const ACTION_NOT_FOUND = msg`Action introuvable. Rescannez le QR code ou demandez à la réception.`;
export const STAY_FINISHED = msg`Votre séjour est terminé : cette action ne peut plus être validée.`;
/** The hotel opens stays with its room (or hotel) QR codes only: a proof code credits a stay, it opens none. */
export const PROOF_ENTRY_CLOSED = msg`Commencez votre séjour en scannant le QR code de votre chambre, puis scannez à nouveau ce QR code.`;

export interface ProofInput {
  actionId: number;
  /** The stay of the address (`/stay/{sUUID}/proof/…`), else null (a printed code). */
  sUUID: string | null;
  /** From browser storage; null on a device that never scanned a code. */
  profileUUID: string | null;
  /** The stay this device last used (storage), where 'already validated' leads back when the address names none. */
  storedSUUID: string | null;
  hId: number | null;
  qrId: string | null;
  /** The guest's language (the action fetch, the reply's message). */
  language: string;
}

export interface ProofContext extends ProofInput {
  /** The validation's reply once it names the stay. */
  reply: ProofReply | null;
  error: MessageDescriptor | null;
  /** Trying again can help (network, server fault, the stay missing from the reply). */
  retryable: boolean;
}

export type ProofEvent = { type: 'proof.retry' } | { type: 'proof.leave' };

export interface LoadActionInput {
  actionId: number;
  sUUID: string;
  profileUUID: string;
  language: string;
}

export interface ValidateProofInput {
  actionId: number;
  body: ProofBody;
}

/** docs/behaviour.md#proof-page: where the guest goes back to, the stay known to the page (else the welcome page). */
export function returnStayOf(context: ProofContext): string | null {
  return context.reply?.sUUID || context.sUUID || context.storedSUUID;
}

/** The call's body: the page's keys, empty ones omitted (the stay only with its owner's profile). */
export function proofBodyOf(context: ProofInput): ProofBody {
  const body: ProofBody = { lang: context.language };
  if (context.profileUUID) body.uuid = context.profileUUID;
  if (context.sUUID && context.profileUUID) body.sUUID = context.sUUID;
  if (context.hId !== null) body.hId = context.hId;
  if (context.qrId) body.qrId = context.qrId;
  return body;
}

/** The refusal's text, by the server's error code (docs/behaviour.md#proof-page), never by its message. */
export function proofFailureOf(error: unknown): MessageDescriptor {
  switch (errorCodeOf(error)) {
    case 'wrong_action_type':
      return NOT_A_PROOF;
    case 'unknown_proof_code':
      return WRONG_CODE;
    case 'not_found':
      return ACTION_NOT_FOUND;
    case 'stay_finished':
      return STAY_FINISHED;
    case 'proof_entry_closed':
      return PROOF_ENTRY_CLOSED;
    default:
      return PROOF_FAILED;
  }
}

function isRetryableFailure(error: unknown): boolean {
  const status = errorStatusOf(error);
  return status === null || status === 0 || status >= 500;
}

/** The failure of an invoked call, for the action that classifies it. */
function failureOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

/** Where the guest goes after a success: the credited stay, with the points for its toast. */
export interface StayWithPoints {
  sUUID: string;
  points: number;
}

export const proofMachine = setup({
  types: {
    input: {} as ProofInput,
    context: {} as ProofContext,
    events: {} as ProofEvent,
  },
  actors: {
    loadAction: viewProvidedActor<Action, LoadActionInput>('loadAction'),
    validateProof: viewProvidedActor<ProofReply, ValidateProofInput>('validateProof'),
  },
  delays: {
    /** docs/behaviour.md#timings: the success screen, then back to the stay. */
    proofSuccessRedirect: 600,
    proofAlreadyValidatedRedirect: 3500,
  },
  guards: {
    knowsStay: ({ context }) => context.sUUID !== null && context.profileUUID !== null,
    isProofAction: (_, action: Action) => action.actType === 'PROOF',
    namesStay: (_, reply: ProofReply) => Boolean(reply.sUUID && reply.profileUUID),
    isAlreadyCompleted: (_, error: unknown) => errorCodeOf(error) === 'already_completed',
    canRetry: ({ context }) => context.retryable,
  },
  actions: {
    clearFailure: assign({ error: null, retryable: false, reply: null }),
    assignReply: assign({ reply: (_, reply: ProofReply) => reply }),
    assignNotAProof: assign({ error: NOT_A_PROOF, retryable: false }),
    assignStayMissing: assign({ error: STAY_MISSING, retryable: true }),
    assignFailure: assign((_, error: unknown) => ({
      error: proofFailureOf(error),
      retryable: isRetryableFailure(error),
    })),
    // Browser effects, provided by the view: storage learns the stay and profile; navigation.
    rememberStay: viewProvidedAction<ProofReply>('rememberStay'),
    goToStayWithPoints: viewProvidedAction<StayWithPoints>('goToStayWithPoints'),
    /** Back to the stay (its sUUID), or to the welcome page (null). */
    goBack: viewProvidedAction<string | null>('goBack'),
  },
}).createMachine({
  id: 'proof',
  context: ({ input }) => ({ ...input, reply: null, error: null, retryable: false }),
  initial: 'starting',
  states: {
    starting: {
      tags: 'loading',
      entry: 'clearFailure',
      always: [{ guard: 'knowsStay', target: 'checkingAction' }, { target: 'validating' }],
    },
    checkingAction: {
      tags: 'loading',
      invoke: {
        id: 'loadAction',
        src: 'loadAction',
        input: ({ context }) => ({
          actionId: context.actionId,
          sUUID: context.sUUID ?? '',
          profileUUID: context.profileUUID ?? '',
          language: context.language,
        }),
        onDone: [
          { guard: { type: 'isProofAction', params: ({ event }) => event.output }, target: 'validating' },
          { target: 'failed', actions: 'assignNotAProof' },
        ],
        onError: { target: 'failed', actions: { type: 'assignFailure', params: failureOf } },
      },
    },
    validating: {
      tags: 'loading',
      invoke: {
        id: 'validateProof',
        src: 'validateProof',
        input: ({ context }) => ({ actionId: context.actionId, body: proofBodyOf(context) }),
        onDone: [
          {
            guard: { type: 'namesStay', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: [
              { type: 'assignReply', params: ({ event }) => event.output },
              { type: 'rememberStay', params: ({ event }) => event.output },
            ],
          },
          { target: 'failed', actions: 'assignStayMissing' },
        ],
        onError: [
          { guard: { type: 'isAlreadyCompleted', params: failureOf }, target: 'alreadyValidated' },
          { target: 'failed', actions: { type: 'assignFailure', params: failureOf } },
        ],
      },
    },
    succeeded: {
      after: { proofSuccessRedirect: 'leftWithPoints' },
    },
    alreadyValidated: {
      after: { proofAlreadyValidatedRedirect: 'left' },
    },
    failed: {
      on: {
        'proof.retry': { guard: 'canRetry', target: 'starting' },
        'proof.leave': 'left',
      },
    },
    leftWithPoints: {
      type: 'final',
      entry: {
        type: 'goToStayWithPoints',
        params: ({ context }) => ({ sUUID: context.reply?.sUUID ?? '', points: context.reply?.greenMilesChange ?? 0 }),
      },
    },
    left: { type: 'final', entry: { type: 'goBack', params: ({ context }) => returnStayOf(context) } },
  },
});
