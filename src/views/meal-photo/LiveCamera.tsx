import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { MealPhotoProps } from './mealPhoto.connect.ts';
import { PhotoPicker } from './PhotoPicker.tsx';

/**
 * The live preview, or what stopped the camera and the way around it: a photo picked from the device. 'Analyser mon
 * repas' stays disabled here, with the reason beside it: there is no photo yet (docs/behaviour.md#meal-photo).
 */
export function LiveCamera({
  props,
  attachVideo,
}: {
  props: MealPhotoProps;
  attachVideo: (video: HTMLVideoElement | null) => void;
}) {
  const { t } = useLingui();
  const hintId = useId();
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
            onLoadedData={props.frameShown}
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
        <button
          type="button"
          className="button-secondary"
          data-part="submit"
          disabled={!props.canSubmit}
          aria-describedby={hintId}
          onClick={props.submit}
        >
          <Trans>Analyser mon repas</Trans>
        </button>
        <p id={hintId} className="meal-photo__hint" data-part="hint">
          <Trans>Veuillez prendre une photo d'abord</Trans>
        </p>
      </div>
    </section>
  );
}
