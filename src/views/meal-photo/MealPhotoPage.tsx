import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { mealPhotoMachine } from '../../../machines/dialogs/mealPhoto.machine.ts';
import { STAY_FINISHED } from '../../../machines/failureTexts.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { useConnected } from '../binding/useConnected.ts';
import { useProvidedLogic } from '../binding/useProvidedLogic.ts';
import { browserMedia, type CameraMedia, createCameraBinding } from './cameraBinding.ts';
import { LiveCamera } from './LiveCamera.tsx';
import { MealResult } from './MealResult.tsx';
import { connectMealPhoto, type MealPhotoProps } from './mealPhoto.connect.ts';
import { mealPhotoLogic } from './mealPhoto.logic.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import { TakenPhoto } from './TakenPhoto.tsx';
import './MealPhotoPage.css';

export const MealPhotoActor = createActorContext(mealPhotoMachine);

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
  const [camera] = useState(() => createCameraBinding(media));
  const profileUUID = guestStorage.get('profileUUID');

  const withCamera = useMemo(() => logic.provide({ actors: camera.actors }), [logic, camera]);
  const providedLogic = useProvidedLogic(withCamera, {
    stopCamera: camera.stop,
    leave: (_: unknown, { points }: { points: number }) => {
      if (!profileUUID) {
        navigate({ to: '/{-$mode}', params: {} });
        return;
      }
      // Without `mode` in params the /demo prefix of the current address is kept.
      navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID }, search: points > 0 ? { proof_success: points } : {} });
    },
  });
  // Leaving the page by the browser's own navigation still releases the camera.
  useEffect(() => camera.stop, [camera]);

  return (
    <MealPhotoActor.Provider
      key={`${sUUID}/${actId}`}
      logic={providedLogic}
      options={{ input: { sUUID, actId, profileUUID, endDate, lang: i18n.locale || 'fr' } }}
    >
      <MealPhotoView attachVideo={camera.attachVideo} />
    </MealPhotoActor.Provider>
  );
}

function MealPhotoView({ attachVideo }: { attachVideo: (video: HTMLVideoElement | null) => void }) {
  const { t } = useLingui();
  const props = useConnected(MealPhotoActor.useActorRef(), connectMealPhoto);
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
      {props.canSubmit && <TakenPhoto props={props} />}
      {props.analysing && <AnalysisOverlay />}
      {props.result && <MealResult result={props.result} onContinue={props.continueToStay} />}
      {props.stayFinished && <StayFinished onBack={props.cancel} />}
      {props.noFood && <NoFood props={props} />}
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

/** The stay ended while the photo was on its way: no retry can help, only the way back. */
function StayFinished({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  return (
    <section className="meal-photo__panel" data-part="stay-finished">
      <ErrorCard message={i18n._(STAY_FINISHED)} />
      <button type="button" className="button-primary" data-part="back" onClick={onBack}>
        <Trans>Retour aux actions</Trans>
      </button>
    </section>
  );
}

function NoFood({ props }: { props: MealPhotoProps }) {
  return (
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
