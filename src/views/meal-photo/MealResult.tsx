import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { MealResult as Result } from './mealPhoto.connect.ts';
import { formatQuantity } from './quantities.ts';

/**
 * The analysis of the meal (docs/behaviour.md#meal-photo): the points (a gain in the gain colour, none in a neutral
 * one), the score, the impact, and the ingredients, named for what they are: the recipe of the dish the guest picked,
 * or what the vision model detected on the photo.
 */
export function MealResult({ result, onContinue }: { result: Result; onContinue: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const locale = i18n.locale;
  const { points, pointsName, dish } = result;
  const gained = points > 0;
  const score = new Intl.NumberFormat(`${locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 1 }).format(result.score);
  const others = result.otherIngredients;
  const { waterConsumption, energyConsumption, GESEmissions } = result.impact;
  const impact = [
    { part: 'water', label: t`Eau`, value: formatQuantity(locale, waterConsumption.value, 'L') },
    { part: 'energy', label: t`Énergie`, value: formatQuantity(locale, energyConsumption.value, 'Wh') },
    { part: 'ges', label: t`GES`, value: formatQuantity(locale, GESEmissions.value, 'gCO2') },
  ];
  return (
    <section className="meal-photo__panel meal-photo__result" data-part="result" aria-labelledby={titleId}>
      <h2 id={titleId} className="meal-photo__result-title">
        <Trans>Résultat de votre repas</Trans>
      </h2>
      {dish && (
        <p className="meal-photo__dish-name" data-part="dish">
          <Trans>
            Plat choisi : <strong>{dish}</strong>
          </Trans>
        </p>
      )}
      <p className="pill meal-photo__points" data-part="points" data-tone={gained ? 'gain' : 'neutral'}>
        {gained ? (
          <Trans>
            +{points} {pointsName}
          </Trans>
        ) : (
          <Trans>Aucun point de plus</Trans>
        )}
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
            <span>{line.label}</span> <bdi>{line.value}</bdi>
          </li>
        ))}
      </ul>
      <h3 className="meal-photo__subtitle" data-part="ingredients-title">
        {dish ? <Trans>Ingrédients de la recette</Trans> : <Trans>Ingrédients détectés</Trans>}
      </h3>
      <ul className="meal-photo__ingredients" data-part="ingredients">
        {result.ingredients.map((ingredient) => (
          <li key={ingredient.name}>
            <span>{ingredient.name}</span> <bdi>{formatQuantity(locale, ingredient.quantity, 'g')}</bdi>
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
