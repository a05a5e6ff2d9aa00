import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import type { QrScanBody, RoomInfoReply } from '../contract/schemas.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * Entry flow (docs/behaviour.md#entry): a scanned QR code becomes a stay, then the guest is sent to it.
 *
 * checking ─ hotel QR ─▶ creatingHotelStay ─┐
 *          ─ room QR ──▶ loadingRoomInfo ─▶ creatingRoomStay ─┴▶ registeringScan ─▶ redirected
 *          ─ invalid ──▶ failed                 └ 404 / hId null ▶ disabled
 *
 * The error card's 'Réessayer' button (`entry.retry`) re-runs the whole flow from `checking`: what a reload would
 * do, without losing the page (and without re-downloading the app on weak Wi-Fi).
 * Storage writes and navigation are actions the view provides; the machine only decides when they happen.
 */

export type QrRef = { kind: 'room'; qrId: string } | { kind: 'hotel'; hId: string };

export interface EntryInput {
  qr: QrRef;
  /** The guest's identity on this device (the view calls ensureProfileUUID()). */
  profileUUID: string;
}

/** What a stay creation answers; sUUID may sit at the top level or under `stay` (docs/behaviour.md#entry). */
export interface StayCreationReply {
  sUUID?: string;
  profileUUID?: string;
  stay?: { sUUID?: string; roomNb?: string | null };
}

export interface CreatedStay {
  sUUID: string;
  profileUUID: string;
  /** Known for a room QR (stored as stayInfo), usually null for a hotel QR. */
  roomNumber: string | null;
  hId: number | null;
}

/** The scan record minus what only the browser knows (userAgent, referer), which the view's actor adds. */
export type QrScanRecord = Omit<QrScanBody, 'userAgent' | 'referer'>;

export interface EntryContext {
  qr: QrRef;
  profileUUID: string;
  room: { hId: number; rId: number } | null;
  stay: CreatedStay | null;
  /** A translatable descriptor of ours, or the server's own text (shown as is, docs/behaviour.md#entry). */
  error: MessageDescriptor | string | null;
}

const MAX_HOTEL_ID = 2147483647;

/** docs/behaviour.md#hotel-qr: a hotel QR needs a positive integer hId. */
export function hotelIdOf(qr: QrRef): number | null {
  if (qr.kind !== 'hotel' || !/^[1-9]\d*$/.test(qr.hId)) return null;
  const hId = Number(qr.hId);
  return hId <= MAX_HOTEL_ID ? hId : null;
}

/** docs/behaviour.md#room-qr: a room QR needs a non-empty qrId. */
export function isValidRoomQr(qr: QrRef): boolean {
  return qr.kind === 'room' && qr.qrId.trim() !== '';
}

/** docs/behaviour.md#entry: the stay id is read at the top level, else under `stay`. */
export function createdStayId(reply: StayCreationReply | null | undefined): string | null {
  return reply?.sUUID || reply?.stay?.sUUID || null;
}

/** The HTTP status of a failed call (ApiError carries one; 0 means the network failed), else null. */
export function failureStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/**
 * docs/behaviour.md#entry: a call failing with a status shows the error's own text; anything else a generic message.
 */
export function failureMessage(error: unknown): MessageDescriptor | string {
  const status = failureStatus(error);
  if (status !== null && status > 0 && error instanceof Error && error.message) return error.message;
  return msg`Une erreur est survenue`;
}

function hotelStayInput({ context }: { context: EntryContext }) {
  return { hId: hotelIdOf(context.qr) ?? 0, profileUUID: context.profileUUID };
}

function roomInfoInput({ context }: { context: EntryContext }) {
  return { qrId: context.qr.kind === 'room' ? context.qr.qrId : '' };
}

function roomStayInput({ context }: { context: EntryContext }) {
  return { hId: context.room?.hId ?? 0, rId: context.room?.rId ?? 0, profileUUID: context.profileUUID };
}

function scanInput({ context }: { context: EntryContext }): QrScanRecord {
  const isHotel = context.qr.kind === 'hotel';
  return {
    qrId: context.qr.kind === 'hotel' ? `hotel-${context.qr.hId}` : context.qr.qrId,
    profileUUID: context.stay?.profileUUID ?? context.profileUUID,
    stayUUID: context.stay?.sUUID ?? null,
    scanType: isHotel ? 'HOTEL' : 'ROOM',
    hId: context.stay?.hId ?? null,
    // The server stores the room it knows for the code, never the app's (docs/behaviour.md#qr-scans).
    rId: null,
  };
}

/** Done and error events of invoked actors are not in the machine's event union: read them by shape. */
function outputOf<Output>(event: object): Output {
  return (event as { output: Output }).output;
}

function errorOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}

/** A hotel QR and a room QR end alike: the stay created is remembered, then the scan is registered. */
const stayCreation = {
  onDone: [
    { guard: 'replyHasStayId', target: 'registeringScan', actions: ['assignStay', 'rememberStay'] },
    { target: 'failed', actions: 'assignMissingStayId' },
  ],
  onError: { target: 'failed', actions: 'assignFailure' },
} as const;

export const entryMachine = setup({
  types: {
    input: {} as EntryInput,
    context: {} as EntryContext,
    events: {} as { type: 'entry.retry' },
  },
  actors: {
    createHotelStay: viewProvidedActor<StayCreationReply, { hId: number; profileUUID: string }>('createHotelStay'),
    getRoomInfo: viewProvidedActor<RoomInfoReply, { qrId: string }>('getRoomInfo'),
    createRoomStay: viewProvidedActor<StayCreationReply, { hId: number; rId: number; profileUUID: string }>(
      'createRoomStay',
    ),
    registerQrScan: viewProvidedActor<unknown, QrScanRecord>('registerQrScan'),
  },
  actions: {
    resetProgress: assign({ error: null, room: null, stay: null }),
    assignInvalidQr: assign({ error: () => msg`QR code invalide` }),
    assignMissingStayId: assign({ error: () => msg`Stay creation failed - no sUUID returned` }),
    assignFailure: assign({ error: ({ event }) => failureMessage(errorOf(event)) }),
    assignRoom: assign({
      room: ({ event }) => {
        const { hId, rId } = outputOf<RoomInfoReply>(event);
        return hId === null ? null : { hId, rId: rId ?? 0 };
      },
    }),
    assignStay: assign({
      stay: ({ context, event }) => {
        const reply = outputOf<StayCreationReply>(event);
        return {
          sUUID: createdStayId(reply) ?? '',
          profileUUID: reply.profileUUID || context.profileUUID,
          roomNumber: reply.stay?.roomNb ?? null,
          hId: context.room?.hId ?? hotelIdOf(context.qr),
        };
      },
    }),
    // Provided by the view: browser storage and navigation are side effects.
    rememberStay: viewProvidedAction('rememberStay'),
    navigateToStay: viewProvidedAction('navigateToStay'),
    navigateToDisabled: viewProvidedAction('navigateToDisabled'),
  },
  guards: {
    isValidHotelQr: ({ context }) => hotelIdOf(context.qr) !== null,
    isValidRoomQr: ({ context }) => isValidRoomQr(context.qr),
    roomHasHotel: ({ event }) => outputOf<RoomInfoReply>(event).hId !== null,
    isRoomUnknown: ({ event }) => failureStatus(errorOf(event)) === 404,
    replyHasStayId: ({ event }) => createdStayId(outputOf<StayCreationReply>(event)) !== null,
  },
}).createMachine({
  id: 'entry',
  context: ({ input }) => ({ qr: input.qr, profileUUID: input.profileUUID, room: null, stay: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      always: [
        { guard: 'isValidHotelQr', target: 'creatingHotelStay' },
        { guard: 'isValidRoomQr', target: 'loadingRoomInfo' },
        { target: 'failed', actions: 'assignInvalidQr' },
      ],
    },
    creatingHotelStay: {
      tags: ['loading'],
      invoke: {
        id: 'createHotelStay',
        src: 'createHotelStay',
        input: hotelStayInput,
        ...stayCreation,
      },
    },
    loadingRoomInfo: {
      tags: ['loading'],
      invoke: {
        id: 'getRoomInfo',
        src: 'getRoomInfo',
        input: roomInfoInput,
        onDone: [{ guard: 'roomHasHotel', target: 'creatingRoomStay', actions: 'assignRoom' }, { target: 'disabled' }],
        onError: [
          { guard: 'isRoomUnknown', target: 'disabled' },
          { target: 'failed', actions: 'assignFailure' },
        ],
      },
    },
    creatingRoomStay: {
      tags: ['loading'],
      invoke: {
        id: 'createRoomStay',
        src: 'createRoomStay',
        input: roomStayInput,
        ...stayCreation,
      },
    },
    registeringScan: {
      tags: ['loading'],
      invoke: {
        id: 'registerQrScan',
        src: 'registerQrScan',
        input: scanInput,
        // docs/behaviour.md#entry: a scan failure is silent; the guest is redirected either way.
        onDone: { target: 'redirected' },
        onError: { target: 'redirected' },
      },
    },
    failed: {
      on: { 'entry.retry': { target: 'checking', actions: 'resetProgress' } },
    },
    // Final states keep the spinner up while the router leaves the page.
    redirected: { type: 'final', tags: ['loading'], entry: 'navigateToStay' },
    disabled: { type: 'final', tags: ['loading'], entry: 'navigateToDisabled' },
  },
});
