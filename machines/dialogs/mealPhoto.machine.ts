import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { errorCodeOf, errorStatusOf } from '../../contract/errors.ts';
import type { LimeatBody, LimeatReply, MealMenuReply, Stay } from '../../contract/schemas.ts';
import { failureTextOf } from '../failureTexts.ts';
import { viewProvidedAction, viewProvidedActor } from '../viewProvided.ts';

/**
 * The meal-photo page (docs/behaviour.md#meal-photo): checks the page's ids, reads the stay and how meals are
 * analysed, runs the rear camera (permission prompt → granted | denied), takes a centre-square photo or takes one
 * picked from the device when there is no camera, lets the guest pick the dish (menu analyser), sends it, then shows
 * the result or 'no food'. A failed analysis says why and keeps the photo and the dish for another try, except when
 * the stay is over. The camera, the photo processing, the calls and the navigation are provided by the view.
 */

export interface MealPhotoInput {
  sUUID: string;
  /** The action of the page's address; null when it is missing or not a number. */
  actId: number | null;
  /** The guest identity from browser storage; null on a device that never scanned a code. */
  profileUUID: string | null;
  /** `endDate` of the address (YYYY-MM-DD), sent with the photo. */
  endDate: string | null;
  lang: string;
}

/** What stopped the camera (docs/behaviour.md#meal-photo texts). */
export type CameraFailureKind = 'denied' | 'notFound' | 'inUse' | 'generic';
export interface CameraFailure {
  kind: CameraFailureKind;
  /** The browser's own message, shown with the generic text. */
  message: string;
}

export type CameraPermission = 'prompt' | 'granted' | 'denied';

/** The stay and the name of its points (the hotel's, else 'GreenMiles'). */
export interface MealPhotoStay {
  stay: Stay;
  pointsName: string;
}

export interface LoadMenuInput {
  actId: number;
  sUUID: string;
  profileUUID: string;
  lang: string;
}

export interface AnalyseMealInput {
  actId: number;
  body: LimeatBody;
}

/** A picked photo file (a Blob: machines do not name DOM types beyond it). */
export interface PickedPhoto {
  file: Blob;
}

/** What the photo processing gets: the file kept on entering `preparing`. */
export interface PreparePhotoInput {
  file: Blob | null;
}

/** What the page tells the guest before a submission can go (docs/behaviour.md#meal-photo). */
export type MealPhotoNotice = 'pickDish';

/** docs/behaviour.md#meal-photo: the server could not analyse the photo right now (5xx: busy, down, restarting). */
export const ANALYSIS_BUSY = msg`Le serveur est trop sollicité pour analyser votre repas. Réessayez dans un instant.`;
/** docs/behaviour.md#meal-photo: the server's meal analysis (its vision model) failed; it may work again shortly. */
export const ANALYSIS_UNAVAILABLE = msg`L'analyse des repas est indisponible pour le moment. Réessayez dans un instant.`;
/** docs/behaviour.md#meal-photo: the server refused the photo for a reason the guest cannot fix by waiting. */
export const ANALYSIS_REFUSED = msg`Votre repas n'a pas pu être analysé. Réessayez, ou reprenez la photo.`;

/**
 * Why an analysis failed, in the guest's words (never the server's): the connection, the finished stay, a rate
 * limit, the analysis unavailable, a busy server, else a refusal.
 */
export function analysisFailureText(error: unknown): MessageDescriptor {
  if (errorCodeOf(error) === 'analysis_unavailable') return ANALYSIS_UNAVAILABLE;
  return failureTextOf(error, (errorStatusOf(error) ?? 0) >= 500 ? ANALYSIS_BUSY : ANALYSIS_REFUSED);
}

export interface MealPhotoContext extends MealPhotoInput {
  stay: Stay | null;
  pointsName: string;
  menu: MealMenuReply | null;
  permission: CameraPermission;
  failure: CameraFailure | null;
  /** The photo the guest picked from the device, while it is processed. */
  picked: Blob | null;
  /** The processed photo: base64 JPEG without the data prefix. */
  photo: string | null;
  dishKey: string | null;
  notice: MealPhotoNotice | null;
  /** Why the last analysis failed; the photo and the dish are kept for another try. */
  analysisError: MessageDescriptor | null;
  reply: LimeatReply | null;
}

export type MealPhotoEvent =
  /** The preview shows its first frame (the video element's `loadeddata`). */
  | { type: 'camera.frame' }
  | { type: 'camera.take' }
  | { type: 'camera.retake' }
  | { type: 'camera.retry' }
  | { type: 'camera.cancel' }
  | ({ type: 'photo.picked' } & PickedPhoto)
  | { type: 'photo.submit' }
  | { type: 'dish.pick'; key: string }
  | { type: 'result.continue' };

const DENIED = new Set(['NotAllowedError', 'SecurityError', 'PermissionDeniedError']);
const NOT_FOUND = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);
const IN_USE = new Set(['NotReadableError', 'TrackStartError', 'AbortError']);

/** The kind of a camera failure, by the DOMException name getUserMedia rejects with (never by its message). */
export function cameraFailureOf(error: unknown): CameraFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : String(error);
  const kind: CameraFailureKind = DENIED.has(name)
    ? 'denied'
    : NOT_FOUND.has(name)
      ? 'notFound'
      : IN_USE.has(name)
        ? 'inUse'
        : 'generic';
  return { kind, message };
}

function errorOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

export const mealPhotoMachine = setup({
  types: {
    input: {} as MealPhotoInput,
    context: {} as MealPhotoContext,
    events: {} as MealPhotoEvent,
  },
  actors: {
    loadStay: viewProvidedActor<MealPhotoStay, { sUUID: string; profileUUID: string }>('loadStay'),
    loadMenu: viewProvidedActor<MealMenuReply, LoadMenuInput>('loadMenu'),
    /** Opens the rear camera into the view's preview; rejects with getUserMedia's error. */
    startCamera: viewProvidedActor<void, void>('startCamera'),
    /** The preview's centre square, processed (docs/behaviour.md#meal-photo constants). */
    capturePhoto: viewProvidedActor<string, void>('capturePhoto'),
    /** A photo picked from the device, processed the same way. */
    preparePhoto: viewProvidedActor<string, PreparePhotoInput>('preparePhoto'),
    analyseMeal: viewProvidedActor<LimeatReply, AnalyseMealInput>('analyseMeal'),
  },
  guards: {
    lacksAction: ({ context }) => context.actId === null,
    lacksStayInfo: ({ context }) => context.sUUID === '' || !context.profileUUID,
    needsDish: ({ context }) => context.menu?.analyser === 'menu' && context.dishKey === null,
    foundFood: (_, reply: LimeatReply) => reply.limeatAnalysis.ingredients.length > 0,
    stayOver: (_, error: unknown) => errorCodeOf(error) === 'stay_finished',
  },
  actions: {
    storeStay: assign((_, loaded: MealPhotoStay) => ({ stay: loaded.stay, pointsName: loaded.pointsName })),
    storeMenu: assign({ menu: (_, menu: MealMenuReply) => menu }),
    grant: assign({ permission: 'granted' as CameraPermission, failure: null }),
    storeFailure: assign((_, failure: CameraFailure) => ({
      failure,
      permission: failure.kind === 'denied' ? ('denied' as const) : ('prompt' as const),
    })),
    keepPicked: assign({ picked: (_, file: Blob) => file, photo: null, reply: null, notice: null }),
    storePhoto: assign({ photo: (_, photo: string) => photo, picked: null, notice: null }),
    forgetPhoto: assign({ photo: null, reply: null, notice: null }),
    pickDish: assign({ dishKey: (_, key: string) => key, notice: null }),
    tell: assign({ notice: (_, notice: MealPhotoNotice) => notice }),
    storeAnalysisError: assign({ analysisError: (_, error: unknown) => analysisFailureText(error) }),
    forgetAnalysisError: assign({ analysisError: null }),
    storeReply: assign({ reply: (_, reply: LimeatReply) => reply }),
    // Browser effects, provided by the view.
    stopCamera: viewProvidedAction('stopCamera'),
    /** Back to the stay's actions; `points` > 0 shows the gained-points toast there. */
    leave: viewProvidedAction<{ points: number }>('leave'),
  },
}).createMachine({
  id: 'mealPhoto',
  context: ({ input }) => ({
    ...input,
    stay: null,
    pointsName: 'GreenMiles',
    menu: null,
    permission: 'prompt',
    failure: null,
    picked: null,
    photo: null,
    dishKey: null,
    notice: null,
    analysisError: null,
    reply: null,
  }),
  initial: 'checking',
  on: {
    'camera.cancel': { actions: { type: 'leave', params: { points: 0 } } },
  },
  states: {
    checking: {
      always: [
        { guard: 'lacksAction', target: 'missingAction' },
        { guard: 'lacksStayInfo', target: 'stayUnavailable' },
        { target: 'loadingStay' },
      ],
    },
    loadingStay: {
      tags: 'loading',
      invoke: {
        id: 'loadStay',
        src: 'loadStay',
        input: ({ context }) => ({ sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' }),
        onDone: { target: 'loadingMenu', actions: { type: 'storeStay', params: ({ event }) => event.output } },
        onError: 'stayUnavailable',
      },
    },
    loadingMenu: {
      tags: 'loading',
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        input: ({ context }) => ({
          actId: context.actId ?? 0,
          sUUID: context.sUUID,
          profileUUID: context.profileUUID ?? '',
          lang: context.lang,
        }),
        onDone: { target: 'live', actions: { type: 'storeMenu', params: ({ event }) => event.output } },
        onError: 'actionNotFound',
      },
    },
    missingAction: {},
    stayUnavailable: {},
    actionNotFound: {},
    live: {
      // Leaving the live camera (photo taken, failure, cancel) always releases it.
      exit: 'stopCamera',
      initial: 'starting',
      on: {
        'photo.picked': { target: 'preparing', actions: { type: 'keepPicked', params: ({ event }) => event.file } },
      },
      states: {
        starting: {
          invoke: {
            id: 'startCamera',
            src: 'startCamera',
            onDone: { target: 'waitingForFrame', actions: 'grant' },
            onError: {
              target: '#mealPhoto.cameraFailed',
              actions: { type: 'storeFailure', params: ({ event }) => cameraFailureOf(event.error) },
            },
          },
        },
        /** The camera is granted but the preview is still black: nothing to photograph yet. */
        waitingForFrame: {
          on: { 'camera.frame': 'preview' },
        },
        preview: {
          on: { 'camera.take': 'capturing' },
        },
        capturing: {
          tags: 'processing',
          invoke: {
            id: 'capturePhoto',
            src: 'capturePhoto',
            onDone: {
              target: '#mealPhoto.photoTaken',
              actions: { type: 'storePhoto', params: ({ event }) => event.output },
            },
            onError: {
              target: '#mealPhoto.cameraFailed',
              actions: { type: 'storeFailure', params: ({ event }) => cameraFailureOf(event.error) },
            },
          },
        },
      },
    },
    cameraFailed: {
      on: {
        'camera.retry': { target: 'live', actions: 'forgetPhoto' },
        'photo.picked': { target: 'preparing', actions: { type: 'keepPicked', params: ({ event }) => event.file } },
      },
    },
    preparing: {
      tags: 'processing',
      invoke: {
        id: 'preparePhoto',
        src: 'preparePhoto',
        input: ({ context }) => ({ file: context.picked }),
        onDone: { target: 'photoTaken', actions: { type: 'storePhoto', params: ({ event }) => event.output } },
        onError: {
          target: 'cameraFailed',
          actions: {
            type: 'storeFailure',
            params: ({ event }) => ({ ...cameraFailureOf(event.error), kind: 'generic' }),
          },
        },
      },
    },
    // 'Analyser mon repas' is on screen, and enabled, only once there is a photo: no submission before.
    photoTaken: {
      initial: 'ready',
      states: {
        ready: {},
        /** The last analysis failed (docs/behaviour.md#meal-photo): its reason is shown, the next submit retries. */
        analysisFailed: { exit: 'forgetAnalysisError' },
      },
      on: {
        'camera.retake': { target: 'live', actions: 'forgetPhoto' },
        'photo.picked': { target: 'preparing', actions: { type: 'keepPicked', params: ({ event }) => event.file } },
        'dish.pick': { actions: { type: 'pickDish', params: ({ event }) => event.key } },
        'photo.submit': [
          { guard: 'needsDish', actions: { type: 'tell', params: 'pickDish' } },
          { target: 'analysing' },
        ],
      },
    },
    analysing: {
      tags: 'processing',
      invoke: {
        id: 'analyseMeal',
        src: 'analyseMeal',
        input: ({ context }) => ({
          actId: context.actId ?? 0,
          body: {
            uuid: context.profileUUID ?? '',
            sUUID: context.sUUID,
            photoData: context.photo ?? '',
            endDate: context.endDate,
            lang: context.lang,
            ...(context.dishKey ? { dishKey: context.dishKey } : {}),
          },
        }),
        onDone: [
          {
            guard: { type: 'foundFood', params: ({ event }) => event.output },
            target: 'result',
            actions: { type: 'storeReply', params: ({ event }) => event.output },
          },
          { target: 'noFood', actions: { type: 'storeReply', params: ({ event }) => event.output } },
        ],
        // A failure is not 'no food': the guest learns why, and keeps the photo and the dish (docs/behaviour.md#meal-photo).
        onError: [
          { guard: { type: 'stayOver', params: errorOf }, target: 'stayFinished' },
          { target: 'photoTaken.analysisFailed', actions: { type: 'storeAnalysisError', params: errorOf } },
        ],
      },
    },
    result: {
      on: {
        'result.continue': {
          actions: { type: 'leave', params: ({ context }) => ({ points: context.reply?.greenMilesAdded ?? 0 }) },
        },
      },
    },
    /** The stay ended while the page was open: nothing can be sent to it any more, only the way back. */
    stayFinished: {},
    noFood: {
      on: {
        'camera.retake': { target: 'live', actions: 'forgetPhoto' },
        'photo.picked': { target: 'preparing', actions: { type: 'keepPicked', params: ({ event }) => event.file } },
      },
    },
  },
});
