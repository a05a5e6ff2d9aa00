import { Trans, useLingui } from '@lingui/react/macro';
import type { MealPhotoProps } from './mealPhoto.connect.ts';

/**
 * The photo taken, the dish to pick (menu analyser) and the way to send them; after a failed analysis, why it failed
 * above them, the same photo and dish kept for another try (docs/behaviour.md#meal-photo).
 */
export function TakenPhoto({ props }: { props: MealPhotoProps }) {
  const { t, i18n } = useLingui();
  const failed = props.analysisError !== null;
  return (
    <section className="meal-photo__panel" data-part="photo">
      {props.analysisError && (
        <div className="note note--warning meal-photo__failure" role="alert" data-part="analysis-error">
          <p>{i18n._(props.analysisError)}</p>
          <p>
            <Trans>Votre photo et votre choix sont gardés.</Trans>
          </p>
        </div>
      )}
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
          {failed ? <Trans>Réessayer l'analyse</Trans> : <Trans>Analyser mon repas</Trans>}
        </button>
        <button type="button" className="button-secondary" data-part="retake" onClick={props.retake}>
          <Trans>Reprendre la photo</Trans>
        </button>
      </div>
    </section>
  );
}
