import { type ActorRef, assign, type ErrorActorEvent, type EventObject, type Snapshot, sendTo, setup } from 'xstate';
import type { QrSheetQuery } from '../contract/schemas.ts';
import type { ContentEditorEvent } from './contentEditor.machine.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The printed QR codes in the content editor's 'Rooms' section (docs/behaviour.md#rooms-and-qr-codes): calls made
 * outside the draft, since a printed code changes at once, not at the draft's save.
 *
 * idle ▶ 'qr.rotate' {target} ▶ confirming (the printed code stops working at once) ▶ 'qr.confirm' ▶ rotating ▶
 * rotated (the editor reloads its content: 'content.reload') | failed; 'qr.cancel' ▶ idle.
 * 'qr.print' {sheet} (from idle, rotated, failed) ▶ printing (the PDF opens) ▶ idle | failed.
 * 'qr.dismiss' ▶ idle. A call refused for who is signed in ▶ refused: the editor is told ('section.refused'), which
 * tells the staff page.
 */

/** What a rotation renews: a room's code, a PROOF action's codes (by content key) or the hotel's code. */
export type QrTarget = { kind: 'room'; number: string } | { kind: 'proof'; action: string } | { kind: 'hotelKey' };

export interface QrCodesInput extends StaffSectionInput {
  /** The content editor, told to reload after a rotation and told of a refusal. */
  editor: ActorRef<Snapshot<unknown>, ContentEditorEvent>;
}

export interface RotateInput extends StaffSectionInput {
  target: QrTarget;
}

export interface PrintInput extends StaffSectionInput {
  sheet: QrSheetQuery;
}

export interface QrCodesContext extends QrCodesInput {
  /** The rotation asked for, being confirmed or made, or just made. */
  target: QrTarget | null;
  /** What failed last. */
  failure: 'rotate' | 'print' | null;
  /** The sheet being printed. */
  sheet: QrSheetQuery | null;
}

export type QrCodesEvent =
  | { type: 'qr.rotate'; target: QrTarget }
  | { type: 'qr.confirm' }
  | { type: 'qr.cancel' }
  | { type: 'qr.print'; sheet: QrSheetQuery }
  | { type: 'qr.dismiss' };

const sectionOf = (context: QrCodesContext): StaffSectionInput => ({
  hId: context.hId,
  token: context.token,
  timeZone: context.timeZone,
});

const askRotation = {
  target: '#qrCodes.confirming',
  actions: {
    type: 'holdTarget' as const,
    params: ({ event }: { event: { target: QrTarget } }) => event.target,
  },
};
const print = {
  target: '#qrCodes.printing',
  actions: {
    type: 'holdSheet' as const,
    params: ({ event }: { event: { sheet: QrSheetQuery } }) => event.sheet,
  },
};
const refusedOr = (failure: 'rotate' | 'print') => [
  {
    guard: {
      type: 'isRefusedForWhoIsSignedIn' as const,
      params: ({ event }: { event: ErrorActorEvent }) => event.error,
    },
    target: '#qrCodes.refused',
  },
  { target: '#qrCodes.failed', actions: { type: 'holdFailure' as const, params: failure } },
];

export const qrCodesMachine = setup({
  types: {
    input: {} as QrCodesInput,
    context: {} as QrCodesContext,
    events: {} as QrCodesEvent,
  },
  actors: {
    rotate: viewProvidedActor<void, RotateInput>('rotate'),
    printSheet: viewProvidedActor<void, PrintInput>('printSheet'),
  },
  actions: {
    holdTarget: assign({ target: (_, target: QrTarget) => target, failure: null }),
    holdSheet: assign({ sheet: (_, sheet: QrSheetQuery) => sheet, failure: null }),
    holdFailure: assign({ failure: (_, failure: 'rotate' | 'print') => failure }),
    forget: assign({ target: null, failure: null, sheet: null }),
    reloadEditor: sendTo(({ context }) => context.editor, { type: 'content.reload' } satisfies ContentEditorEvent),
    // Entered by the refused call's error event.
    tellEditorRefused: sendTo(
      ({ context }) => context.editor,
      ({ event }: { event: EventObject }): ContentEditorEvent => ({
        type: 'section.refused',
        error: 'error' in event ? event.error : null,
      }),
    ),
  },
  guards: {
    isRefusedForWhoIsSignedIn: (_, error: unknown) => isStaffRefusal(error),
  },
}).createMachine({
  id: 'qrCodes',
  context: ({ input }) => ({ ...input, target: null, failure: null, sheet: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'qr.rotate': askRotation, 'qr.print': print },
    },
    confirming: {
      on: {
        'qr.confirm': 'rotating',
        'qr.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    rotating: {
      tags: ['busy'],
      invoke: {
        id: 'rotate',
        src: 'rotate',
        input: ({ context }) => ({ ...sectionOf(context), target: context.target ?? { kind: 'hotelKey' } }),
        onDone: { target: 'rotated', actions: 'reloadEditor' },
        onError: refusedOr('rotate'),
      },
    },
    rotated: {
      on: { 'qr.rotate': askRotation, 'qr.print': print, 'qr.dismiss': { target: 'idle', actions: 'forget' } },
    },
    printing: {
      tags: ['busy'],
      invoke: {
        id: 'printSheet',
        src: 'printSheet',
        input: ({ context }) => ({ ...sectionOf(context), sheet: context.sheet ?? {} }),
        onDone: { target: 'idle', actions: 'forget' },
        onError: refusedOr('print'),
      },
    },
    failed: {
      on: { 'qr.rotate': askRotation, 'qr.print': print, 'qr.dismiss': { target: 'idle', actions: 'forget' } },
    },
    refused: {
      type: 'final',
      entry: 'tellEditorRefused',
    },
  },
});
