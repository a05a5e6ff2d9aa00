import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup, spawnChild } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import { INTEGER_MAX } from '../contract/integers.ts';
import type { Action, HotelReply, QrScanBody, Stay } from '../contract/schemas.ts';
import { failureTextOf } from './failureTexts.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * Entry flow (docs/behaviour.md#entry): a scanned QR code becomes a stay, then the guest is sent to it.
 *
 * checking ─ hotel QR ─▶ creatingHotelStay ─┐
 *          ─ room QR ──▶ creatingRoomStay ──┴▶ redirected (the scan record sent on the side)
 *          ─ invalid ──▶ refused       └ not found (no such code, or its room has no hotel) ▶ disabled
 *
 * A room QR's stay is created from the scanned id alone: the server finds the room and its hotel, one call where
 * room info then creation took two round trips (docs/behaviour.md#room-qr).
 *
 * The creation's answer holds the stay, its hotel and its actions list in the guest's language: it is handed over
 * to the stay page (`handOverStay`), whose machines start with it instead of loading (docs/frontend.md#qr-scan-to-actions).
 * The scan record does not hold the guest up: it is spawned on the way out and its failure ignored.
 *
 * A QR secret the server refuses (an old or wrong hotel key or room QR id, a hotel QR entry turned off:
 * docs/trust-model.md#presence) is `refused` too, with a text saying which QR code to scan instead.
 *
 * `failed` offers 'Réessayer' (`entry.retry`), which re-runs the whole flow from `checking`: what a reload would do,
 * without losing the page (and without re-downloading the app on weak Wi-Fi). `refused` (an invalid code, an
 * unknown hotel) offers none: retrying cannot help. Texts are chosen by error code, never taken from a reply.
 * Storage writes and navigation are actions the view provides; the machine only decides when they happen.
 */

/** A scanned QR code: a room's id, or a hotel id with the key of its URL (`?k=`, null when absent). */
export type QrRef = { kind: 'room'; qrId: string } | { kind: 'hotel'; hId: string; key: string | null };

export interface EntryInput {
  qr: QrRef;
  /** The guest's identity on this device (the view calls ensureProfileUUID()). */
  profileUUID: string;
  /** The language the stay page will list the actions in: the creation answers the list in it. */
  language: string;
}

/**
 * What a stay creation answers; sUUID may sit at the top level or under `stay` (docs/behaviour.md#entry). The hotel,
 * the actions list and its language come with it from this server (docs/server.md#stay-creation).
 */
export interface StayCreationReply {
  sUUID?: string;
  profileUUID?: string;
  stay?: { sUUID?: string; roomNb?: string | null; hId?: number };
  hotel?: HotelReply;
  actions?: Action[];
  lang?: string;
}

/** What the stay page starts with instead of loading it: the creation's answer (machines/stay.machine.ts). */
export interface StaySeed {
  stay: Stay;
  hotel: HotelReply;
  actions: Action[];
  /** The language the actions are listed in. */
  lang: string;
}

/** The stay page's seed in a creation's answer, when the answer holds all of it. */
export function staySeedOf(reply: StayCreationReply): StaySeed | null {
  const { stay, hotel, actions, lang } = reply;
  if (!stay?.sUUID || !hotel || !actions || !lang) return null;
  return { stay: stay as Stay, hotel, actions, lang };
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
  language: string;
  stay: CreatedStay | null;
  /** What the stay page starts with, once the stay is created. */
  seed: StaySeed | null;
  /** The failure's text (docs/behaviour.md#error-texts). */
  error: MessageDescriptor | null;
}

/** docs/behaviour.md#hotel-qr: a hotel QR needs a positive integer hId. */
export function hotelIdOf(qr: QrRef): number | null {
  if (qr.kind !== 'hotel' || !/^[1-9]\d*$/.test(qr.hId)) return null;
  const hId = Number(qr.hId);
  return hId <= INTEGER_MAX ? hId : null;
}

/** docs/behaviour.md#room-qr: a room QR needs a non-empty qrId. */
export function isValidRoomQr(qr: QrRef): boolean {
  return qr.kind === 'room' && qr.qrId.trim() !== '';
}

/** docs/behaviour.md#entry: the stay id is read at the top level, else under `stay`. */
export function createdStayId(reply: StayCreationReply | null | undefined): string | null {
  return reply?.sUUID || reply?.stay?.sUUID || null;
}

/** docs/behaviour.md#error-texts: the hotel of a hotel QR code does not exist (retrying cannot help). */
export const UNKNOWN_HOTEL = msg`Cet hôtel est introuvable. Vérifiez le QR code ou demandez à la réception.`;

/** docs/behaviour.md#error-texts: the server created no stay (its reply had no stay id; SPEC §5's text). */
export const STAY_NOT_CREATED = msg`Stay creation failed - no sUUID returned`;

/** docs/behaviour.md#error-texts: the server refused the QR secret (an old or wrong key or room QR id). */
export const QR_CODE_OUTDATED = msg`Ce QR code n'est plus valable. Scannez le QR code de votre chambre ou demandez le QR code actuel à la réception.`;

/** docs/behaviour.md#error-texts: the hotel opens stays with room QR codes only. */
export const HOTEL_ENTRY_CLOSED = msg`Cet hôtel ouvre les séjours avec le QR code de votre chambre. Scannez-le pour commencer.`;

/** docs/behaviour.md#error-texts: any other failure of the entry's calls. */
export const ENTRY_FAILED = msg`Une erreur est survenue`;

/** The call failed because what it names does not exist (by code, never by message). */
function isNotFound(error: unknown): boolean {
  return errorCodeOf(error) === 'not_found';
}

/** The server refused the QR secret the entry carried (by code, never by message). */
function isOutdatedQr(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'hotel_key_invalid' || code === 'qr_code_invalid';
}

function hotelStayInput({ context }: { context: EntryContext }) {
  const key = context.qr.kind === 'hotel' ? context.qr.key : null;
  return { hId: hotelIdOf(context.qr) ?? 0, key, profileUUID: context.profileUUID, lang: context.language };
}

function roomStayInput({ context }: { context: EntryContext }) {
  const qrId = context.qr.kind === 'room' ? context.qr.qrId : '';
  return { qrId, profileUUID: context.profileUUID, lang: context.language };
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

/** A hotel QR and a room QR end alike: the stay created is remembered and handed over, then the guest goes to it. */
const stayCreation = {
  onDone: [
    { guard: 'replyHasStayId', target: 'redirected', actions: ['assignStay', 'rememberStay', 'handOverStay'] },
    { target: 'failed', actions: 'assignMissingStayId' },
  ],
} as const;

export const entryMachine = setup({
  types: {
    input: {} as EntryInput,
    context: {} as EntryContext,
    events: {} as
      | { type: 'entry.retry' }
      // The spawned scan record's failure (docs/behaviour.md#qr-scans: silent).
      | { type: 'xstate.error.actor.registerQrScan'; error: unknown },
  },
  actors: {
    createHotelStay: viewProvidedActor<
      StayCreationReply,
      { hId: number; key: string | null; profileUUID: string; lang: string }
    >('createHotelStay'),
    createRoomStay: viewProvidedActor<StayCreationReply, { qrId: string; profileUUID: string; lang: string }>(
      'createRoomStay',
    ),
    registerQrScan: viewProvidedActor<unknown, QrScanRecord>('registerQrScan'),
  },
  actions: {
    resetProgress: assign({ error: null, stay: null, seed: null }),
    assignInvalidQr: assign({ error: () => msg`QR code invalide` }),
    assignMissingStayId: assign({ error: STAY_NOT_CREATED }),
    assignUnknownHotel: assign({ error: UNKNOWN_HOTEL }),
    assignOutdatedQr: assign({ error: QR_CODE_OUTDATED }),
    assignHotelEntryClosed: assign({ error: HOTEL_ENTRY_CLOSED }),
    assignFailure: assign({ error: ({ event }) => failureTextOf(errorOf(event), ENTRY_FAILED) }),
    assignStay: assign({
      stay: ({ context, event }) => {
        const reply = outputOf<StayCreationReply>(event);
        return {
          sUUID: createdStayId(reply) ?? '',
          profileUUID: reply.profileUUID || context.profileUUID,
          roomNumber: reply.stay?.roomNb ?? null,
          hId: reply.stay?.hId ?? hotelIdOf(context.qr),
        };
      },
      seed: ({ event }) => staySeedOf(outputOf<StayCreationReply>(event)),
    }),
    recordScan: spawnChild('registerQrScan', { id: 'registerQrScan', input: scanInput }),
    // Provided by the view: browser storage and navigation are side effects.
    rememberStay: viewProvidedAction('rememberStay'),
    handOverStay: viewProvidedAction('handOverStay'),
    navigateToStay: viewProvidedAction('navigateToStay'),
    navigateToDisabled: viewProvidedAction('navigateToDisabled'),
  },
  guards: {
    isValidHotelQr: ({ context }) => hotelIdOf(context.qr) !== null,
    isValidRoomQr: ({ context }) => isValidRoomQr(context.qr),
    isNotFound: ({ event }) => isNotFound(errorOf(event)),
    isOutdatedQr: ({ event }) => isOutdatedQr(errorOf(event)),
    isHotelEntryClosed: ({ event }) => errorCodeOf(errorOf(event)) === 'hotel_entry_closed',
    replyHasStayId: ({ event }) => createdStayId(outputOf<StayCreationReply>(event)) !== null,
  },
}).createMachine({
  id: 'entry',
  context: ({ input }) => ({
    qr: input.qr,
    profileUUID: input.profileUUID,
    language: input.language,
    stay: null,
    seed: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      always: [
        { guard: 'isValidHotelQr', target: 'creatingHotelStay' },
        { guard: 'isValidRoomQr', target: 'creatingRoomStay' },
        { target: 'refused', actions: 'assignInvalidQr' },
      ],
    },
    creatingHotelStay: {
      tags: ['loading'],
      invoke: {
        id: 'createHotelStay',
        src: 'createHotelStay',
        input: hotelStayInput,
        ...stayCreation,
        onError: [
          { guard: 'isNotFound', target: 'refused', actions: 'assignUnknownHotel' },
          { guard: 'isOutdatedQr', target: 'refused', actions: 'assignOutdatedQr' },
          { guard: 'isHotelEntryClosed', target: 'refused', actions: 'assignHotelEntryClosed' },
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
        // No room has the code, or its room has no hotel: the code is disabled (a rotated code's old id too). The
        // room's code rotated while the stay was being created is outdated.
        onError: [
          { guard: 'isNotFound', target: 'disabled' },
          { guard: 'isOutdatedQr', target: 'refused', actions: 'assignOutdatedQr' },
          { target: 'failed', actions: 'assignFailure' },
        ],
      },
    },
    failed: {
      on: { 'entry.retry': { target: 'checking', actions: 'resetProgress' } },
    },
    refused: { type: 'final' },
    // Keeps the spinner up while the router leaves the page. Not final, so the scan record sent on the way out
    // runs until the page goes; docs/behaviour.md#entry: its failure is silent.
    redirected: {
      tags: ['loading'],
      entry: ['recordScan', 'navigateToStay'],
      on: { 'xstate.error.actor.registerQrScan': {} },
    },
    // A final state keeps the spinner up while the router leaves the page.
    disabled: { type: 'final', tags: ['loading'], entry: 'navigateToDisabled' },
  },
});
