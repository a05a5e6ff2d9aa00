import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { mealPhotoMachine, type PreparePhotoInput } from '../../../machines/mealPhoto.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { connectMealPhoto, type MealPhotoProps, type MealResult } from './mealPhoto.connect.ts';
import { mealPhotoLogic } from './mealPhoto.logic.ts';
import { captureVideoFrame, openRearCamera, preparePickedPhoto } from './photo.ts';
import './MealPhotoPage.css';

export const MealPhotoActor = createActorContext(mealPhotoMachine);

type VideoRef = (video: HTMLVideoElement | null) => void;

/** The browser side of the camera: opening it, and turning a frame or a picked file into the photo sent. */
export interface CameraMedia {
  open(): Promise<MediaStream>;
  capture(video: HTMLVideoElement): Promise<string>;
  prepare(file: Blob): Promise<string>;
}

const browserMedia: CameraMedia = { open: openRearCamera, capture: captureVideoFrame, prepare: preparePickedPhoto };

export interface MealPhotoPageProps {
  sUUID: string;
  /** The address's actId; null when missing or not a number. */
  actId: number | null;
  endDate: string | null;
  /** Replaces the calls (tests). */
  logic?: typeof mealPhotoMachine;
  /** Replaces the camera and the photo processing (tests without a camera or a canvas). */
  media?: CameraMedia;
}

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function showStream(video: HTMLVideoElement, stream: MediaStream) {
  if (video.srcObject === stream) return;
  video.srcObject = stream;
  // Autoplay is allowed for a muted inline video; a refusal leaves the frame black, a picked photo still works.
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => undefined);
}

/** /camera/{sUUID}/{actId}: the meal photo, its analysis and its points (docs/behaviour.md#meal-photo). */
export function MealPhotoPage({
  sUUID,
  actId,
  endDate,
  logic = mealPhotoLogic,
  media = browserMedia,
}: MealPhotoPageProps) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // The stream may arrive before or after the preview is on screen: whichever comes second shows it.
  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (video && streamRef.current) showStream(video, streamRef.current);
  }, []);
  const profileUUID = guestStorage.get('profileUUID');

  const providedLogic = useMemo(
    () =>
      logic.provide({
        actors: {
          startCamera: fromPromise<void, void>(async ({ signal }) => {
            const stream = await media.open();
            if (signal.aborted) return stopStream(stream);
            streamRef.current = stream;
            if (videoRef.current) showStream(videoRef.current, stream);
          }),
          capturePhoto: fromPromise<string, void>(() => {
            const video = videoRef.current;
            return video ? media.capture(video) : Promise.reject(new Error('The preview is not on screen'));
          }),
          preparePhoto: fromPromise<string, PreparePhotoInput>(({ input }) =>
            input.file ? media.prepare(input.file) : Promise.reject(new Error('No photo was picked')),
          ),
        },
        actions: {
          stopCamera: () => {
            stopStream(streamRef.current);
            streamRef.current = null;
          },
          leave: (_, { points }) => {
            if (!profileUUID) {
              navigate({ to: '/{-$mode}', params: {} });
              return;
            }
            // Without `mode` in params the /demo prefix of the current address is kept.
            navigate({
              to: '/{-$mode}/stay/$sUUID',
              params: { sUUID },
              search: points > 0 ? { proof_success: points } : {},
            });
          },
        },
      }),
    [logic, media, navigate, sUUID, profileUUID],
  );
  // Leaving the page by the browser's own navigation still releases the camera.
  useEffect(() => () => stopStream(streamRef.current), []);

  return (
    <MealPhotoActor.Provider
      key={`${sUUID}/${actId}`}
      logic={providedLogic}
      options={{ input: { sUUID, actId, profileUUID, endDate, lang: i18n.locale || 'fr' } }}
    >
      <MealPhotoView attachVideo={attachVideo} />
    </MealPhotoActor.Provider>
  );
}

function MealPhotoView({ attachVideo }: { attachVideo: VideoRef }) {
  const { t } = useLingui();
  const actorRef = MealPhotoActor.useActorRef();
  const props = connectMealPhoto(
    MealPhotoActor.useSelector((snapshot) => snapshot),
    actorRef.send,
  );
  const titleId = useId();

  return (
    <main
      className="meal-photo"
      data-scope="meal-photo"
      data-state={props.state}
      data-permission={props.permission}
      aria-labelledby={titleId}
    >
      <header className="meal-photo__header" data-part="header">
        <h1 id={titleId} className="meal-photo__title">
          <Trans>Photo de mon repas</Trans>
        </h1>
        {!props.result && (
          <button
            type="button"
            className="button-secondary meal-photo__cancel"
            data-part="cancel"
            onClick={props.cancel}
          >
            <Trans>Annuler</Trans>
          </button>
        )}
      </header>
      {props.loading && <Spinner />}
      {props.error && <PageError error={props.error} onBack={props.cancel} />}
      {(props.live || props.failure) && <LiveCamera props={props} attachVideo={attachVideo} />}
      {props.processing && <Spinner label={t`Préparation de la photo…`} />}
      {props.photo && !props.analysing && !props.result && !props.noFood && <TakenPhoto props={props} />}
      {props.analysing && <AnalysisOverlay />}
      {props.result && <MealResultCard result={props.result} onContinue={props.continueToStay} />}
      {props.noFood && (
        <section className="meal-photo__panel" data-part="no-food">
          <p className="note note--warning" role="alert">
            <Trans>Aucun aliment détecté. Veuillez réessayer.</Trans>
          </p>
          <div className="meal-photo__actions">
            <button type="button" className="button-primary" data-part="retake" onClick={props.retake}>
              <Trans>Reprendre la photo</Trans>
            </button>
            <PhotoPicker onPick={props.pick} />
          </div>
        </section>
      )}
    </main>
  );
}

function PageError({ error, onBack }: { error: NonNullable<MealPhotoProps['error']>; onBack: () => void }) {
  const { t } = useLingui();
  const message = {
    missingAction: t`missing action ID`,
    stayUnavailable: t`stay info not available`,
    actionNotFound: t`Action non trouvée`,
  }[error];
  return (
    <section className="meal-photo__panel" data-part="page-error" data-error={error}>
      <ErrorCard message={message} />
      <button type="button" className="button-primary" data-part="back" onClick={onBack}>
        <Trans>Retour aux actions</Trans>
      </button>
    </section>
  );
}

/** The live preview, or what stopped the camera and the way around it: a photo picked from the device. */
function LiveCamera({ props, attachVideo }: { props: MealPhotoProps; attachVideo: VideoRef }) {
  const { t } = useLingui();
  const failure = props.failure;
  const failureMessage = failure?.message ?? '';
  return (
    <section className="meal-photo__panel" data-part="camera">
      {props.live && (
        <div className="meal-photo__frame" data-part="preview">
          <video
            ref={attachVideo}
            className="meal-photo__video"
            autoPlay
            muted
            playsInline
            aria-label={t`Aperçu de la caméra`}
          />
          <span className="meal-photo__square" aria-hidden="true" />
          {props.starting && (
            <p className="meal-photo__status" role="status">
              <Trans>Activation de la caméra…</Trans>
            </p>
          )}
        </div>
      )}
      {failure && (
        <div
          className="note note--warning meal-photo__failure"
          role="alert"
          data-part="failure"
          data-kind={failure.kind}
        >
          {failure.kind === 'denied' && (
            <>
              <p>
                <Trans>Camera access denied</Trans>
              </p>
              <p>
                <Trans>
                  Sur iPhone ou iPad : Réglages › Safari › Caméra › Autoriser, puis rechargez la page. Ailleurs,
                  autorisez la caméra dans les réglages du site de votre navigateur.
                </Trans>
              </p>
            </>
          )}
          {failure.kind === 'notFound' && (
            <p>
              <Trans>No camera found</Trans>
            </p>
          )}
          {failure.kind === 'inUse' && (
            <p>
              <Trans>Your camera might be in use by another application</Trans>
            </p>
          )}
          {failure.kind === 'generic' && (
            <p>
              <Trans>Erreur de la caméra : {failureMessage}</Trans>
            </p>
          )}
          <p>
            <Trans>Vous pouvez aussi choisir une photo de votre repas.</Trans>
          </p>
        </div>
      )}
      {props.notice === 'photoFirst' && (
        <p className="note note--warning" role="alert" data-part="notice">
          <Trans>Veuillez prendre une photo d'abord</Trans>
        </p>
      )}
      <div className="meal-photo__actions">
        {props.live && (
          <button
            type="button"
            className="button-primary"
            data-part="take"
            disabled={!props.canTake}
            onClick={props.take}
          >
            <Trans>Prendre la photo</Trans>
          </button>
        )}
        {failure && (
          <button type="button" className="button-secondary" data-part="retry" onClick={props.retry}>
            <Trans>Réessayer</Trans>
          </button>
        )}
        <PhotoPicker onPick={props.pick} />
        <button type="button" className="button-secondary" data-part="submit" onClick={props.submit}>
          <Trans>Analyser mon repas</Trans>
        </button>
      </div>
    </section>
  );
}

/** A photo from the device: the way through when there is no camera or the guest refused it. */
function PhotoPicker({ onPick }: { onPick: (file: Blob) => void }) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onPick(file);
    event.target.value = '';
  };
  return (
    <label className="button-secondary meal-photo__picker" data-part="picker">
      <input type="file" accept="image/*" capture="environment" className="visually-hidden" onChange={onChange} />
      <Trans>Choisir une photo</Trans>
    </label>
  );
}

function TakenPhoto({ props }: { props: MealPhotoProps }) {
  const { t } = useLingui();
  return (
    <section className="meal-photo__panel" data-part="photo">
      <img className="meal-photo__photo" src={`data:image/jpeg;base64,${props.photo}`} alt={t`Votre repas`} />
      {props.dishes.length > 0 && (
        <fieldset className="meal-photo__dishes" data-part="dishes">
          <legend className="meal-photo__legend">
            <Trans>Quel plat avez-vous photographié ?</Trans>
          </legend>
          {props.dishes.map((dish) => (
            <label key={dish.key} className="meal-photo__dish" data-part="dish" data-picked={dish.picked}>
              <input
                type="radio"
                name="dish"
                value={dish.key}
                checked={dish.picked}
                onChange={() => props.pickDish(dish.key)}
              />
              <span>{dish.name}</span>
              {dish.vegetarian && (
                <span className="meal-photo__veggie">
                  <Trans>Végétarien</Trans>
                </span>
              )}
            </label>
          ))}
        </fieldset>
      )}
      {props.notice === 'pickDish' && (
        <p className="note note--warning" role="alert" data-part="notice">
          <Trans>Choisissez votre plat dans la liste.</Trans>
        </p>
      )}
      <div className="meal-photo__actions">
        <button type="button" className="button-primary" data-part="submit" onClick={props.submit}>
          <Trans>Analyser mon repas</Trans>
        </button>
        <button type="button" className="button-secondary" data-part="retake" onClick={props.retake}>
          <Trans>Reprendre la photo</Trans>
        </button>
      </div>
    </section>
  );
}

function AnalysisOverlay() {
  const { t } = useLingui();
  const tips = [
    t`Un repas végétarien émet souvent plusieurs fois moins de gaz à effet de serre qu'un repas avec du bœuf.`,
    t`Les fruits et légumes de saison demandent moins d'énergie pour pousser et voyager.`,
    t`Finir son assiette évite le gaspillage : environ un tiers de la nourriture produite est perdu ou jeté.`,
    t`Lentilles et pois chiches apportent des protéines pour une faible empreinte carbone.`,
    t`L'eau du robinet évite les bouteilles en plastique et leur transport.`,
  ];
  // One tip per analysis, drawn when the overlay opens.
  const [tip] = useState(() => Math.floor(Math.random() * tips.length));
  return (
    <div className="meal-photo__overlay" data-part="analysis" role="status" aria-live="polite">
      <span className="meal-photo__ring" aria-hidden="true" />
      <p className="meal-photo__overlay-title">
        <Trans>Analyse en cours…</Trans>
      </p>
      <p className="meal-photo__tip" data-part="tip">
        <strong>
          <Trans>Le saviez-vous ?</Trans>
        </strong>{' '}
        {tips[tip]}
      </p>
    </div>
  );
}

function MealResultCard({ result, onContinue }: { result: MealResult; onContinue: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  // Latin digits in every language, as the rest of the app writes numbers (docs/behaviour.md#meal-photo).
  const format = new Intl.NumberFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 1 });
  const number = (value: number) => format.format(value);
  const { points, pointsName } = result;
  const score = number(result.score);
  const others = result.otherIngredients;
  const impact = [
    { part: 'water', label: t`Eau`, value: number(result.impact.waterConsumption.value), unit: 'L' },
    { part: 'energy', label: t`Énergie`, value: number(result.impact.energyConsumption.value), unit: 'Wh' },
    { part: 'ges', label: t`GES`, value: number(result.impact.GESEmissions.value), unit: 'gCO2' },
  ];
  return (
    <section className="meal-photo__panel meal-photo__result" data-part="result" aria-labelledby={titleId}>
      <h2 id={titleId} className="meal-photo__result-title">
        <Trans>Résultat de votre repas</Trans>
      </h2>
      <p className="meal-photo__points" data-part="points">
        <Trans>
          +{points} {pointsName}
        </Trans>
      </p>
      <div className="meal-photo__score" data-part="score">
        <p className="meal-photo__score-label">
          <Trans>Score environnemental</Trans> <bdi>{score}/10</bdi>
        </p>
        <meter className="meal-photo__bar" aria-label={t`Score environnemental`} min={0} max={10} value={result.score}>
          {score}/10
        </meter>
      </div>
      <p className="meal-photo__veggie-line" data-part="vegetarian" data-vegetarian={result.vegetarian}>
        {result.vegetarian ? <Trans>Repas végétarien</Trans> : <Trans>Repas non végétarien</Trans>}
      </p>
      <h3 className="meal-photo__subtitle">
        <Trans>Impact environnemental</Trans>
      </h3>
      <ul className="meal-photo__impact" data-part="impact">
        {impact.map((line) => (
          <li key={line.part} data-part={line.part}>
            <span>{line.label}</span>{' '}
            <bdi>
              {line.value} {line.unit}
            </bdi>
          </li>
        ))}
      </ul>
      <h3 className="meal-photo__subtitle">
        <Trans>Ingrédients détectés</Trans>
      </h3>
      <ul className="meal-photo__ingredients" data-part="ingredients">
        {result.ingredients.map((ingredient) => (
          <li key={ingredient.name}>
            <span>{ingredient.name}</span> <bdi>{number(ingredient.quantity)} g</bdi>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <p className="meal-photo__others" data-part="others">
          <Plural value={others} one="et # autre" other="et # autres" />
        </p>
      )}
      <button type="button" className="button-primary" data-part="continue" onClick={onContinue}>
        <Trans>Continuer</Trans>
      </button>
    </section>
  );
}
