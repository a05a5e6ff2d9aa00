import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { LimeatAnalysis, MealDish } from '../../../contract/schemas.ts';
import type {
  CameraFailureKind,
  CameraPermission,
  MealPhotoEvent,
  MealPhotoNotice,
  mealPhotoMachine,
} from '../../../machines/dialogs/mealPhoto.machine.ts';
import { dataStateOf, type StatePath } from '../binding/dataState.ts';

type MealPhotoSnapshot = SnapshotFrom<typeof mealPhotoMachine>;
export type MealPhotoState = StatePath<MealPhotoSnapshot['value']>;

/** The page's blocking errors (docs/behaviour.md#meal-photo). */
export type MealPhotoPageError = 'missingAction' | 'stayUnavailable' | 'actionNotFound';

/** How many ingredients the result lists before 'and N other'. */
export const SHOWN_INGREDIENTS = 5;

export interface MealResult {
  points: number;
  pointsName: string;
  /** The dish the guest picked (menu analyser): its recipe's ingredients are listed, not ones seen on the photo. */
  dish: string | null;
  /** 0–10. */
  score: number;
  vegetarian: boolean;
  impact: LimeatAnalysis['environmentalAnalysis']['impact'];
  ingredients: LimeatAnalysis['ingredients'];
  otherIngredients: number;
}

export interface MealPhotoProps {
  state: MealPhotoState;
  permission: CameraPermission;
  error: MealPhotoPageError | null;
  loading: boolean;
  /** The live camera runs (starting or showing). */
  live: boolean;
  /** The camera is being opened (the browser may be asking the guest's permission) or has not shown a frame yet. */
  starting: boolean;
  /** The preview shows the camera's first frame: the guest can take the photo. */
  canTake: boolean;
  /** A photo is being captured or read. */
  processing: boolean;
  failure: { kind: CameraFailureKind; message: string } | null;
  /** base64 JPEG of the photo taken. */
  photo: string | null;
  /** 'Analyser mon repas' can go: there is a photo. */
  canSubmit: boolean;
  notice: MealPhotoNotice | null;
  /** The dishes to pick from (menu analyser), once a photo is taken. */
  dishes: Array<MealDish & { picked: boolean }>;
  analysing: boolean;
  /** Why the last analysis failed, while the photo and the dish wait for another try. */
  analysisError: MessageDescriptor | null;
  /** The stay ended: nothing can be sent any more. */
  stayFinished: boolean;
  result: MealResult | null;
  noFood: boolean;
  /** The preview's video shows a frame. */
  frameShown(): void;
  take(): void;
  retake(): void;
  retry(): void;
  cancel(): void;
  pick(file: Blob): void;
  pickDish(key: string): void;
  submit(): void;
  continueToStay(): void;
}

const PAGE_ERRORS: readonly MealPhotoPageError[] = ['missingAction', 'stayUnavailable', 'actionNotFound'];

export function connectMealPhoto(snapshot: MealPhotoSnapshot, send: (event: MealPhotoEvent) => void): MealPhotoProps {
  const state = dataStateOf(snapshot);
  const { context } = snapshot;
  const reply = context.reply;
  const photoTaken = snapshot.matches('photoTaken');
  const menu = context.menu?.analyser === 'menu' ? context.menu : null;
  return {
    state,
    permission: context.permission,
    error: PAGE_ERRORS.find((name) => snapshot.matches(name)) ?? null,
    loading: snapshot.hasTag('loading'),
    live: snapshot.matches('live'),
    starting: snapshot.matches({ live: 'starting' }) || snapshot.matches({ live: 'waitingForFrame' }),
    canTake: snapshot.matches({ live: 'preview' }),
    processing: snapshot.hasTag('processing') && !snapshot.matches('analysing'),
    failure: snapshot.matches('cameraFailed') ? context.failure : null,
    photo: context.photo,
    canSubmit: photoTaken,
    notice: context.notice,
    dishes: photoTaken && menu ? menu.dishes.map((dish) => ({ ...dish, picked: dish.key === context.dishKey })) : [],
    analysing: snapshot.matches('analysing'),
    analysisError: snapshot.matches({ photoTaken: 'analysisFailed' }) ? context.analysisError : null,
    stayFinished: snapshot.matches('stayFinished'),
    result:
      snapshot.matches('result') && reply
        ? {
            points: reply.greenMilesAdded,
            pointsName: context.pointsName,
            dish: menu?.dishes.find((dish) => dish.key === context.dishKey)?.name ?? null,
            score: reply.limeatAnalysis.scores.environmental,
            vegetarian: reply.limeatAnalysis.environmentalAnalysis.isVegetarian,
            impact: reply.limeatAnalysis.environmentalAnalysis.impact,
            ingredients: reply.limeatAnalysis.ingredients.slice(0, SHOWN_INGREDIENTS),
            otherIngredients: Math.max(0, reply.limeatAnalysis.ingredients.length - SHOWN_INGREDIENTS),
          }
        : null,
    noFood: snapshot.matches('noFood'),
    frameShown: () => send({ type: 'camera.frame' }),
    take: () => send({ type: 'camera.take' }),
    retake: () => send({ type: 'camera.retake' }),
    retry: () => send({ type: 'camera.retry' }),
    cancel: () => send({ type: 'camera.cancel' }),
    pick: (file) => send({ type: 'photo.picked', file }),
    pickDish: (key) => send({ type: 'dish.pick', key }),
    submit: () => send({ type: 'photo.submit' }),
    continueToStay: () => send({ type: 'result.continue' }),
  };
}
