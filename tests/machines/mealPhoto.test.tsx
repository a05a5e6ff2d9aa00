import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { LimeatReply, MealMenuReply } from '../../contract/schemas.ts';
import { type MealPhotoInput, type MealPhotoStay, mealPhotoMachine } from '../../machines/dialogs/mealPhoto.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { modeParams, validateActionsSearch, validateCameraSearch } from '../../src/routes/-params.ts';
import type { CameraMedia } from '../../src/views/meal-photo/cameraBinding.ts';
import { MealPhotoPage } from '../../src/views/meal-photo/MealPhotoPage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const ACT_ID = 11;
const END_DATE = '2026-11-25';
const LOADED: MealPhotoStay = { stay: makeStay(), pointsName: 'Miles verts' };
const MENU: MealMenuReply = {
  analyser: 'menu',
  dishes: [
    { key: 'lentil-curry', name: 'Curry de lentilles', vegetarian: true },
    { key: 'beef-bourguignon', name: 'Bœuf bourguignon', vegetarian: false },
  ],
};
const VISION: MealMenuReply = { analyser: 'vision', dishes: [] };
const FOOD: LimeatReply = {
  greenMilesAdded: 15,
  limeatAnalysis: {
    scores: { environmental: 7.5 },
    environmentalAnalysis: {
      isVegetarian: true,
      impact: {
        waterConsumption: { value: 198.8, unity: 'L' },
        energyConsumption: { value: 758, unity: 'Wh' },
        GESEmissions: { value: 18046, unity: 'gCO2' },
      },
    },
    ingredients: [
      { name: 'Légumineuses', quantity: 1250 },
      { name: 'Riz', quantity: 130 },
      { name: 'Tomates', quantity: 110 },
      { name: 'Oignons', quantity: 90 },
      { name: 'Noix', quantity: 70.25 },
      { name: 'Sel', quantity: 5 },
      { name: 'Poivre', quantity: 1 },
    ],
  },
};
/** A meal no better than the night's best one: analysed, credited nothing more. */
const NO_GAIN: LimeatReply = { ...FOOD, greenMilesAdded: 0 };
const NO_FOOD: LimeatReply = {
  greenMilesAdded: 0,
  limeatAnalysis: { ...FOOD.limeatAnalysis, scores: { environmental: 0 }, ingredients: [] },
};
const CAPTURED = 'Q0FQVFVSRUQ=';
const PICKED = 'UElDS0VE';
const cameraError = (name: string) => new DOMException(`camera ${name}`, name);

/** How an analysis can fail, and what the guest reads then (docs/behaviour.md#meal-photo). */
const ANALYSIS_FAILURES = [
  { error: new ApiError(0, 'network_error', 'The call failed on the network'), text: 'Connexion impossible.' },
  {
    error: new ApiError(503, 'analysis_unavailable', 'The meal analysis is unavailable right now, try again'),
    text: "L'analyse des repas est indisponible pour le moment.",
  },
  {
    error: new ApiError(503, 'database_unavailable', 'Database unavailable'),
    text: 'Le serveur est trop sollicité pour analyser votre repas.',
  },
  {
    error: new ApiError(429, 'submission_rate_limited', 'Too many submissions'),
    text: "Trop d'envois en une minute.",
  },
  { error: new ApiError(400, 'unknown_dish', 'Not on the menu'), text: "Votre repas n'a pas pu être analysé." },
];
const analysisFailureText = (error: unknown) =>
  ANALYSIS_FAILURES.find((failure) => failure.error === error)?.text ?? 'no text for this failure';

const FAILURE_TEXTS: Record<string, string> = {
  denied: 'Camera access denied',
  notFound: 'No camera found',
  inUse: 'Your camera might be in use by another application',
  generic: 'Erreur de la caméra :',
};

type MealPhotoSnapshot = SnapshotFrom<typeof mealPhotoMachine>;

const EVENTS_BY_STATE: Array<[string, AnyEventObject[]]> = [
  [
    'loadingStay',
    [
      { type: 'xstate.done.actor.loadStay', output: LOADED },
      { type: 'xstate.error.actor.loadStay', error: new ApiError(404, 'not_found', 'Stay not found') },
    ],
  ],
  [
    'loadingMenu',
    [
      { type: 'xstate.done.actor.loadMenu', output: MENU },
      { type: 'xstate.done.actor.loadMenu', output: VISION },
      { type: 'xstate.error.actor.loadMenu', error: new ApiError(404, 'not_found', 'Action not found') },
    ],
  ],
  [
    'live.starting',
    [
      { type: 'xstate.done.actor.startCamera' },
      ...['NotAllowedError', 'NotFoundError', 'NotReadableError', 'TypeError'].map((name) => ({
        type: 'xstate.error.actor.startCamera',
        error: cameraError(name),
      })),
    ],
  ],
  ['live.waitingForFrame', [{ type: 'camera.frame' }]],
  ['live.preview', [{ type: 'camera.take' }]],
  [
    'live.capturing',
    [
      { type: 'xstate.done.actor.capturePhoto', output: CAPTURED },
      { type: 'xstate.error.actor.capturePhoto', error: new Error('The camera gave an empty frame') },
    ],
  ],
  ['live', [{ type: 'photo.picked' }]],
  ['cameraFailed', [{ type: 'camera.retry' }, { type: 'photo.picked' }]],
  [
    'preparing',
    [
      { type: 'xstate.done.actor.preparePhoto', output: PICKED },
      { type: 'xstate.error.actor.preparePhoto', error: new Error('The photo cannot be read') },
    ],
  ],
  ['photoTaken', [{ type: 'camera.retake' }, { type: 'dish.pick', key: 'lentil-curry' }, { type: 'photo.submit' }]],
  [
    'analysing',
    [
      { type: 'xstate.done.actor.analyseMeal', output: FOOD },
      { type: 'xstate.done.actor.analyseMeal', output: NO_GAIN },
      { type: 'xstate.done.actor.analyseMeal', output: NO_FOOD },
      { type: 'xstate.error.actor.analyseMeal', error: new ApiError(409, 'stay_finished', 'Stay finished') },
      ...ANALYSIS_FAILURES.map(({ error }) => ({ type: 'xstate.error.actor.analyseMeal', error })),
    ],
  ],
  ['noFood', [{ type: 'camera.retake' }, { type: 'photo.picked' }]],
];

function modelOf(input: MealPhotoInput) {
  return new TestModel(mealPhotoMachine as unknown as ActorLogic<MealPhotoSnapshot, AnyEventObject, MealPhotoInput>, {
    input,
    events: (snapshot) =>
      EVENTS_BY_STATE.filter(([state]) => matchesPath(snapshot, state))
        .flatMap(([, events]) => events)
        // A dish is picked once, where there is a menu.
        .filter(
          (event) => event.type !== 'dish.pick' || (snapshot.context.menu?.dishes.length && !snapshot.context.dishKey),
        ),
    // What the view shows beyond the state: the notice, the permission, the failures, the analyser, the dish, the points.
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.notice,
        snapshot.context.permission,
        snapshot.context.failure?.kind,
        snapshot.context.analysisError?.id,
        snapshot.context.menu?.analyser,
        snapshot.context.dishKey,
        snapshot.context.photo,
        snapshot.context.reply?.greenMilesAdded,
      ]),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

/** A promise per call of the browser side (camera, capture, file), settled by the path's steps. */
function controlledMedia() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const track = { stop: vi.fn() };
  const deferred = <Value,>(name: string) =>
    new Promise<Value>((resolve, reject) => {
      pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
    });
  const media: CameraMedia = {
    open: () => deferred<MediaStream>('open'),
    capture: () => deferred<string>('capture'),
    prepare: () => deferred<string>('prepare'),
  };
  const settle = (name: string) => {
    const call = pending.get(name);
    if (!call) throw new Error(`No pending ${name}`);
    pending.delete(name);
    return call;
  };
  return {
    media,
    track,
    isPending: (name: string) => pending.has(name),
    resolve: (name: string, value: unknown) => settle(name).resolve(value),
    reject: (name: string, error: unknown) => settle(name).reject(error),
    stream: { getTracks: () => [track] } as unknown as MediaStream,
  };
}

function renderMealPhoto(url: string, logic: typeof mealPhotoMachine, media: CameraMedia) {
  const rootRoute = createRootRoute({
    component: () => (
      <LanguageProvider>
        <Outlet />
      </LanguageProvider>
    ),
  });
  const modeRoute = createRoute({ getParentRoute: () => rootRoute, path: '{-$mode}', params: modeParams });
  const homeRoute = createRoute({ getParentRoute: () => modeRoute, path: '/', component: () => <p>welcome page</p> });
  const actionsRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'stay/$sUUID/',
    validateSearch: validateActionsSearch,
    component: () => <p>actions page</p>,
  });
  const cameraRoute = createRoute({
    getParentRoute: () => modeRoute,
    path: 'camera/$sUUID/$actId',
    validateSearch: validateCameraSearch,
    component: function Camera() {
      const { sUUID, actId } = cameraRoute.useParams();
      const { endDate } = cameraRoute.useSearch();
      const id = Number(actId);
      return (
        <MealPhotoPage
          sUUID={sUUID}
          actId={Number.isInteger(id) && id > 0 ? id : null}
          endDate={endDate ?? null}
          logic={logic}
          media={media}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([modeRoute.addChildren([homeRoute, actionsRoute, cameraRoute])]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user };
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

const page = () => document.querySelector('[data-scope="meal-photo"]') as HTMLElement;
const inPage = () => within(page());

/** Before a photo, 'Analyser mon repas' is disabled and says why beside it (issue 25). */
function expectNoSubmitYet() {
  const submit = inPage().getByRole('button', { name: 'Analyser mon repas' });
  expect(submit).toBeDisabled();
  expect(submit).toHaveAccessibleDescription("Veuillez prendre une photo d'abord");
}
const pageState = (state: string) => waitFor(() => expect(page()).toHaveAttribute('data-state', state));

const CASES = [
  { name: 'camera page', prefix: '', actId: String(ACT_ID), profile: PROFILE_ID },
  { name: 'demo camera page', prefix: '/demo', actId: String(ACT_ID), profile: PROFILE_ID },
  { name: 'camera page without an action id', prefix: '', actId: 'none', profile: PROFILE_ID },
  { name: 'camera page on a device without profile', prefix: '', actId: String(ACT_ID), profile: null },
];

beforeEach(() => {
  // jsdom plays no video.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe.each(CASES)('camera machine drives the $name', ({ prefix, actId, profile }) => {
  const model = modelOf({
    sUUID: STAY_ID,
    actId: actId === 'none' ? null : ACT_ID,
    profileUUID: profile,
    endDate: END_DATE,
    lang: 'fr',
  });
  const url = `${prefix}/camera/${STAY_ID}/${actId}?nId=2026-11-23&endDate=${END_DATE}`;

  for (const path of model.getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      if (profile) localStorage.setItem('profileUUID', profile);
      const controlled = controlledActors(['loadStay', 'loadMenu', 'analyseMeal']);
      const media = controlledMedia();
      const logic = controlled.provideTo(mealPhotoMachine);
      const { router, user } = renderMealPhoto(url, logic, media.media);
      const pathname = () => router.state.location.pathname;
      const pickerInput = () => page().querySelector<HTMLInputElement>('[data-part="picker"] input');
      let lastAnalysisError: unknown = null;

      await path.test({
        states: {
          loadingStay: async () => {
            await pageState('loadingStay');
            expect(inPage().getByRole('status')).toHaveTextContent('Chargement…');
            await waitFor(() =>
              expect(controlled.calls[0]).toEqual({
                name: 'loadStay',
                input: { sUUID: STAY_ID, profileUUID: PROFILE_ID },
              }),
            );
          },
          loadingMenu: async () => {
            await pageState('loadingMenu');
            await waitFor(() =>
              expect(controlled.calls.at(-1)).toEqual({
                name: 'loadMenu',
                input: { actId: ACT_ID, sUUID: STAY_ID, profileUUID: PROFILE_ID, lang: 'fr' },
              }),
            );
          },
          missingAction: async () => {
            await pageState('missingAction');
            expect(inPage().getByRole('alert')).toHaveTextContent('missing action ID');
            expect(controlled.calls).toEqual([]);
          },
          stayUnavailable: async () => {
            await pageState('stayUnavailable');
            expect(inPage().getByRole('alert')).toHaveTextContent('stay info not available');
          },
          actionNotFound: async () => {
            await pageState('actionNotFound');
            expect(inPage().getByRole('alert')).toHaveTextContent('Action non trouvée');
          },
          'live.starting': async () => {
            await pageState('live.starting');
            expect(inPage().getByLabelText('Aperçu de la caméra')).toBeInTheDocument();
            expect(inPage().getByRole('status')).toHaveTextContent('Activation de la caméra…');
            expect(inPage().getByRole('button', { name: 'Prendre la photo' })).toBeDisabled();
            expect(pickerInput()).toHaveAttribute('capture', 'environment');
            expectNoSubmitYet();
          },
          // Granted, but no frame yet: nothing to photograph (issue 25: the button was enabled on a black preview).
          'live.waitingForFrame': async () => {
            await pageState('live.waitingForFrame');
            expect(page()).toHaveAttribute('data-permission', 'granted');
            expect(inPage().getByLabelText('Aperçu de la caméra')).toHaveProperty('srcObject', media.stream);
            expect(inPage().getByRole('status')).toHaveTextContent('Activation de la caméra…');
            expect(inPage().getByRole('button', { name: 'Prendre la photo' })).toBeDisabled();
            expectNoSubmitYet();
          },
          'live.preview': async () => {
            await pageState('live.preview');
            expect(page()).toHaveAttribute('data-permission', 'granted');
            expect(inPage().getByRole('button', { name: 'Prendre la photo' })).toBeEnabled();
            expect(inPage().getByLabelText('Aperçu de la caméra')).toHaveProperty('srcObject', media.stream);
            expect(inPage().queryByRole('alert')).toBeNull();
            expectNoSubmitYet();
          },
          'live.capturing': async () => {
            await pageState('live.capturing');
            expect(inPage().getByRole('status')).toHaveTextContent('Préparation de la photo…');
          },
          cameraFailed: async (snapshot) => {
            await pageState('cameraFailed');
            const kind = snapshot.context.failure?.kind ?? 'none';
            const failure = page().querySelector('[data-part="failure"]');
            expect(failure).toHaveAttribute('data-kind', kind);
            expect(failure).toHaveTextContent(FAILURE_TEXTS[kind] ?? '');
            expect(failure).toHaveTextContent('Vous pouvez aussi choisir une photo de votre repas.');
            if (kind === 'denied') {
              expect(failure).toHaveTextContent('Sur iPhone ou iPad : Réglages › Safari › Caméra › Autoriser');
              expect(page()).toHaveAttribute('data-permission', 'denied');
            }
            // Never a dead end: the device's photos, and another try.
            expect(inPage().getByText('Choisir une photo')).toBeVisible();
            expect(inPage().getByRole('button', { name: 'Réessayer' })).toBeEnabled();
            expect(inPage().queryByLabelText('Aperçu de la caméra')).toBeNull();
            expectNoSubmitYet();
          },
          preparing: async () => {
            await pageState('preparing');
            expect(inPage().getByRole('status')).toHaveTextContent('Préparation de la photo…');
          },
          photoTaken: async (snapshot) => {
            const failed = snapshot.matches({ photoTaken: 'analysisFailed' });
            await pageState(failed ? 'photoTaken.analysisFailed' : 'photoTaken.ready');
            expect(inPage().getByRole('img', { name: 'Votre repas' })).toHaveAttribute(
              'src',
              `data:image/jpeg;base64,${snapshot.context.photo}`,
            );
            // The camera is released once the photo is taken.
            if (snapshot.context.photo === CAPTURED) expect(media.track.stop).toHaveBeenCalled();
            const dishes = inPage().queryAllByRole('radio');
            if (snapshot.context.menu?.analyser === 'menu') {
              expect(dishes.map((radio) => radio.getAttribute('value'))).toEqual(['lentil-curry', 'beef-bourguignon']);
              expect(inPage().getByRole('radio', { name: /Curry de lentilles/ })).toHaveProperty(
                'checked',
                snapshot.context.dishKey === 'lentil-curry',
              );
            } else expect(dishes).toEqual([]);
            if (snapshot.context.notice === 'pickDish')
              expect(inPage().getByRole('alert')).toHaveTextContent('Choisissez votre plat dans la liste.');
            else if (!failed) expect(inPage().queryByRole('alert')).toBeNull();
            // The photo can go: 'Analyser mon repas' first, 'Réessayer l'analyse' after a failure.
            expect(
              inPage().getByRole('button', { name: failed ? "Réessayer l'analyse" : 'Analyser mon repas' }),
            ).toBeEnabled();
          },
          // A failure is never 'no food': it says why, and the same photo and dish wait for another try.
          'photoTaken.analysisFailed': async (snapshot) => {
            const alert = inPage().getByRole('alert');
            expect(alert).toHaveTextContent(analysisFailureText(lastAnalysisError));
            expect(alert).toHaveTextContent('Votre photo et votre choix sont gardés.');
            expect(inPage().queryByText('Aucun aliment détecté. Veuillez réessayer.')).toBeNull();
            if (snapshot.context.dishKey)
              expect(inPage().getByRole('radio', { name: /Curry de lentilles/ })).toHaveProperty('checked', true);
            expect(inPage().getByRole('button', { name: 'Reprendre la photo' })).toBeEnabled();
          },
          stayFinished: async () => {
            await pageState('stayFinished');
            expect(inPage().getByRole('alert')).toHaveTextContent(
              'Votre séjour est terminé : il ne peut plus être modifié.',
            );
            // Sending again cannot help: no retry, no photo to send.
            expect(inPage().queryByRole('button', { name: /Réessayer|Analyser mon repas/ })).toBeNull();
            expect(inPage().queryByRole('img', { name: 'Votre repas' })).toBeNull();
            expect(inPage().queryByText('Aucun aliment détecté. Veuillez réessayer.')).toBeNull();
          },
          analysing: async (snapshot) => {
            await pageState('analysing');
            const overlay = page().querySelector('[data-part="analysis"]');
            expect(overlay).toHaveTextContent('Analyse en cours…');
            expect(overlay?.querySelector('[data-part="tip"]')).toHaveTextContent(/^Le saviez-vous \? .{20,}/);
            await waitFor(() =>
              expect(controlled.calls.at(-1)).toEqual({
                name: 'analyseMeal',
                input: {
                  actId: ACT_ID,
                  body: {
                    uuid: PROFILE_ID,
                    sUUID: STAY_ID,
                    photoData: snapshot.context.photo,
                    endDate: END_DATE,
                    lang: 'fr',
                    ...(snapshot.context.dishKey ? { dishKey: snapshot.context.dishKey } : {}),
                  },
                },
              }),
            );
          },
          result: async (snapshot) => {
            await pageState('result');
            const result = within(page().querySelector('[data-part="result"]') as HTMLElement);
            expect(result.getByRole('heading', { name: 'Résultat de votre repas' })).toBeVisible();
            // A gain in the gain tone; no points is not a gain ('+0' before, in the same green).
            const points = page().querySelector('[data-part="points"]');
            if (snapshot.context.reply?.greenMilesAdded) {
              expect(points).toHaveTextContent('+15 Miles verts');
              expect(points).toHaveAttribute('data-tone', 'gain');
            } else {
              expect(points).toHaveTextContent('Aucun point de plus');
              expect(points).toHaveAttribute('data-tone', 'neutral');
            }
            // Named for what they are: the recipe of the dish picked, or what the vision model detected.
            const picked = snapshot.context.menu?.analyser === 'menu';
            expect(page().querySelector('[data-part="dish"]')?.textContent ?? null).toBe(
              picked ? 'Plat choisi : Curry de lentilles' : null,
            );
            expect(
              result.getByRole('heading', { name: picked ? 'Ingrédients de la recette' : 'Ingrédients détectés' }),
            ).toBeVisible();
            expect(result.getByRole('meter', { name: 'Score environnemental' })).toHaveProperty('value', 7.5);
            expect(page().querySelector('[data-part="score"]')).toHaveTextContent('7,5/10');
            expect(result.getByText('Repas végétarien')).toBeVisible();
            expect(page().querySelector('[data-part="water"]')).toHaveTextContent('198,8 L');
            expect(page().querySelector('[data-part="energy"]')).toHaveTextContent('758 Wh');
            expect(page().querySelector('[data-part="ges"]')).toHaveTextContent('18 kg CO2e');
            const ingredients = within(page().querySelector('[data-part="ingredients"]') as HTMLElement);
            expect(ingredients.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
              'Légumineuses 1,3 kg',
              'Riz 130 g',
              'Tomates 110 g',
              'Oignons 90 g',
              'Noix 70,3 g',
            ]);
            expect(result.getByText('et 2 autres')).toBeVisible();
          },
          noFood: async () => {
            await pageState('noFood');
            expect(inPage().getByRole('alert')).toHaveTextContent('Aucun aliment détecté. Veuillez réessayer.');
            expect(inPage().getByText('Choisir une photo')).toBeVisible();
          },
        },
        events: {
          'xstate.done.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.resolve('loadStay', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.reject('loadStay', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.done.actor.loadMenu': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadMenu')).toBe(true));
            controlled.resolve('loadMenu', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.loadMenu': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadMenu')).toBe(true));
            controlled.reject('loadMenu', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.done.actor.startCamera': async () => {
            await waitFor(() => expect(media.isPending('open')).toBe(true));
            media.resolve('open', media.stream);
          },
          'xstate.error.actor.startCamera': async (step) => {
            await waitFor(() => expect(media.isPending('open')).toBe(true));
            media.reject('open', eventOf<{ error: unknown }>(step).error);
          },
          'camera.frame': async () => {
            fireEvent.loadedData(inPage().getByLabelText('Aperçu de la caméra'));
          },
          'camera.take': async () => {
            await user.click(inPage().getByRole('button', { name: 'Prendre la photo' }));
          },
          'xstate.done.actor.capturePhoto': async (step) => {
            await waitFor(() => expect(media.isPending('capture')).toBe(true));
            media.resolve('capture', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.capturePhoto': async (step) => {
            await waitFor(() => expect(media.isPending('capture')).toBe(true));
            media.reject('capture', eventOf<{ error: unknown }>(step).error);
          },
          'photo.picked': async () => {
            const input = pickerInput();
            if (!input) throw new Error('no photo picker on screen');
            await user.upload(input, new File(['plate'], 'plate.jpg', { type: 'image/jpeg' }));
          },
          'xstate.done.actor.preparePhoto': async (step) => {
            await waitFor(() => expect(media.isPending('prepare')).toBe(true));
            media.resolve('prepare', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.preparePhoto': async (step) => {
            await waitFor(() => expect(media.isPending('prepare')).toBe(true));
            media.reject('prepare', eventOf<{ error: unknown }>(step).error);
          },
          'camera.retry': async () => {
            await user.click(inPage().getByRole('button', { name: 'Réessayer' }));
          },
          'camera.retake': async () => {
            await user.click(inPage().getByRole('button', { name: 'Reprendre la photo' }));
          },
          'dish.pick': async () => {
            await user.click(inPage().getByRole('radio', { name: /Curry de lentilles/ }));
          },
          'photo.submit': async () => {
            await user.click(inPage().getByRole('button', { name: /^(Analyser mon repas|Réessayer l'analyse)$/ }));
          },
          'xstate.done.actor.analyseMeal': async (step) => {
            await waitFor(() => expect(controlled.isPending('analyseMeal')).toBe(true));
            controlled.resolve('analyseMeal', eventOf<{ output: unknown }>(step).output);
          },
          'xstate.error.actor.analyseMeal': async (step) => {
            await waitFor(() => expect(controlled.isPending('analyseMeal')).toBe(true));
            lastAnalysisError = eventOf<{ error: unknown }>(step).error;
            controlled.reject('analyseMeal', lastAnalysisError);
          },
        },
      });

      // Every state has one way back: 'Continuer' with the points gained, else 'Annuler' / 'Retour aux actions'.
      const state = path.state;
      const back = state.matches('result')
        ? inPage().getByRole('button', { name: 'Continuer' })
        : (inPage().queryByRole('button', { name: 'Retour aux actions' }) ??
          inPage().getByRole('button', { name: 'Annuler' }));
      await user.click(back);
      if (!profile) {
        expect(await screen.findByText('welcome page')).toBeInTheDocument();
        expect(pathname()).toBe(prefix || '/');
      } else {
        expect(await screen.findByText('actions page')).toBeInTheDocument();
        expect(pathname()).toBe(`${prefix}/stay/${STAY_ID}`);
        // The gained-points toast only for a gain.
        const gained = state.matches('result') ? (state.context.reply?.greenMilesAdded ?? 0) : 0;
        expect(router.state.location.search).toEqual(gained > 0 ? { proof_success: gained } : {});
      }
      // Leaving the page releases a camera that was running.
      if (media.isPending('open')) media.resolve('open', media.stream);
      await waitFor(() => {
        if ((['preview', 'waitingForFrame', 'capturing'] as const).some((live) => state.matches({ live })))
          expect(media.track.stop).toHaveBeenCalled();
      });
    });
  }
});

describe('a failed analysis, tried again', () => {
  it('sends the same photo and dish again, and a success then shows the result (issue 25)', async () => {
    localStorage.setItem('profileUUID', PROFILE_ID);
    const controlled = controlledActors(['loadStay', 'loadMenu', 'analyseMeal']);
    const media = controlledMedia();
    const logic = controlled.provideTo(mealPhotoMachine);
    const { user } = renderMealPhoto(`/camera/${STAY_ID}/${ACT_ID}?endDate=${END_DATE}`, logic, media.media);
    const settled = async (name: 'loadStay' | 'loadMenu' | 'analyseMeal', settle: () => void) => {
      await waitFor(() => expect(controlled.isPending(name)).toBe(true));
      settle();
    };
    await settled('loadStay', () => controlled.resolve('loadStay', LOADED));
    await settled('loadMenu', () => controlled.resolve('loadMenu', MENU));
    await pageState('live.starting');
    const input = page().querySelector<HTMLInputElement>('[data-part="picker"] input');
    if (!input) throw new Error('no photo picker on screen');
    await user.upload(input, new File(['plate'], 'plate.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(media.isPending('prepare')).toBe(true));
    media.resolve('prepare', PICKED);
    await user.click(await inPage().findByRole('radio', { name: /Curry de lentilles/ }));
    await user.click(inPage().getByRole('button', { name: 'Analyser mon repas' }));
    await settled('analyseMeal', () =>
      controlled.reject('analyseMeal', new ApiError(0, 'network_error', 'The call failed on the network')),
    );

    await pageState('photoTaken.analysisFailed');
    await user.click(inPage().getByRole('button', { name: "Réessayer l'analyse" }));
    await settled('analyseMeal', () => controlled.resolve('analyseMeal', FOOD));

    await pageState('result');
    const sent = controlled.calls.filter((call) => call.name === 'analyseMeal').map((call) => call.input);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]).toMatchObject({ body: { photoData: PICKED, dishKey: 'lentil-curry' } });
  });
});

describe('camera page address', () => {
  it('keeps an end date only when it is a date the server takes (docs/behaviour.md#dates)', () => {
    expect(validateCameraSearch({ nId: '2026-11-24', endDate: END_DATE })).toEqual({
      nId: '2026-11-24',
      endDate: END_DATE,
    });
    for (const endDate of ['9999-12-31', '1999-12-31', '2026-02-30', '2026-11-5'])
      expect(validateCameraSearch({ endDate }), endDate).toEqual({});
  });
});
