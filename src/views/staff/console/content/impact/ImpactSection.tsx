import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ContentDocument } from '../../../../../../contract/content-editor.ts';
import {
  DEFAULT_IMPACT_FACTORS,
  IMPACT_CATEGORIES,
  IMPACT_MEASURES,
  type ImpactCategory,
  type ImpactMeasure,
} from '../../../../../../contract/impact-factors.ts';
import { numberFormat } from '../../impact/format.ts';
import { CATEGORY_LABELS, CATEGORY_UNITS, MEASURE_LABELS, ORIGIN_LABELS, sourceLabel } from '../../impact/labels.ts';
import { type ContentEditorRef, useDraftField } from '../draftField.ts';
import { Field, hasErrors } from '../fields.tsx';
import '../contentSections.css';

/**
 * The content editor's 'Chiffres d'impact' (docs/behaviour.md#impact-figures): per category, the shipped
 * figure with its source beside the hotel's own figure, and the source the hotel names for its figures.
 */

type Override = NonNullable<NonNullable<ContentDocument['impactFactors']>[ImpactCategory]>;
type OverrideField = keyof Override;

const FIGURE_FIELDS: Record<ImpactMeasure, Exclude<OverrideField, 'source'>> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

export function ImpactSection({ actorRef }: { actorRef: ContentEditorRef }) {
  return (
    <div className="content-section staff-tab-stack" data-part="impact-section">
      <div className="staff-tab-card">
        <p className="content-section__hint">
          <Trans>
            L'application compte l'eau, l'énergie et le CO2e économisés avec des chiffres publiés. Remplacez-en par les
            vôtres (un relevé, un contrat) : chaque chiffre de l'hôtel nomme sa source.
          </Trans>
        </p>
      </div>
      {IMPACT_CATEGORIES.map((category) => (
        <CategoryCard key={category} actorRef={actorRef} category={category} />
      ))}
    </div>
  );
}

/** One field of a category's override; emptying the last one removes the override (the shipped figures apply). */
function useOverrideField(actorRef: ContentEditorRef, category: ImpactCategory, name: OverrideField) {
  const override = useDraftField(actorRef, ['impactFactors', category]);
  const field = useDraftField(actorRef, ['impactFactors', category, name]);
  const set = (value: string | number | undefined) => {
    const current: Override = typeof override.value === 'object' && override.value !== null ? override.value : {};
    const { [name]: _, ...others } = current;
    const next = value === undefined ? others : { ...others, [name]: value };
    override.set(Object.keys(next).length === 0 ? undefined : next);
  };
  return { ...field, set };
}

function CategoryCard({ actorRef, category }: { actorRef: ContentEditorRef; category: ImpactCategory }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  // A source the three figures share is named once.
  const shippedSources = [
    ...new Set(IMPACT_MEASURES.map((measure) => sourceLabel(i18n, DEFAULT_IMPACT_FACTORS[category][measure].source))),
  ];
  return (
    <section className="staff-tab-card content-impact" aria-labelledby={headingId} data-part="impact-category">
      <h3 id={headingId} className="content-item__name">
        {i18n._(CATEGORY_LABELS[category])}{' '}
        <span className="content-section__hint">{i18n._(CATEGORY_UNITS[category])}</span>
      </h3>
      <div className="content-impact__figures">
        {IMPACT_MEASURES.map((measure) => (
          <FigureField key={measure} actorRef={actorRef} category={category} measure={measure} />
        ))}
      </div>
      <div className="content-section__hint" data-part="shipped-sources">
        {t`Sources des chiffres par défaut :`}
        <ul className="content-impact__sources">
          {shippedSources.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
      </div>
      <SourceField actorRef={actorRef} category={category} label={t`Source des chiffres de l'hôtel`} />
    </section>
  );
}

function FigureField({
  actorRef,
  category,
  measure,
}: {
  actorRef: ContentEditorRef;
  category: ImpactCategory;
  measure: ImpactMeasure;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const field = useOverrideField(actorRef, category, FIGURE_FIELDS[measure]);
  const shipped = DEFAULT_IMPACT_FACTORS[category][measure];
  const shippedText = numberFormat(i18n).format(shipped.perUnit);
  const origin = i18n._(ORIGIN_LABELS[shipped.origin]);
  return (
    <Field
      id={id}
      label={i18n._(MEASURE_LABELS[measure])}
      hint={t`Par défaut : ${shippedText} (${origin})`}
      problems={field.problems}
    >
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={typeof field.value === 'number' ? field.value : ''}
        disabled={field.disabled}
        aria-invalid={hasErrors(field.problems) || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={['impactFactors', category, FIGURE_FIELDS[measure]].join('.')}
        onChange={(event) => field.set(event.target.value === '' ? undefined : Number(event.target.value))}
      />
    </Field>
  );
}

function SourceField({
  actorRef,
  category,
  label,
}: {
  actorRef: ContentEditorRef;
  category: ImpactCategory;
  label: string;
}) {
  const id = useId();
  const field = useOverrideField(actorRef, category, 'source');
  return (
    <Field id={id} label={label} problems={field.problems}>
      <input
        id={id}
        type="text"
        value={typeof field.value === 'string' ? field.value : ''}
        disabled={field.disabled}
        aria-invalid={hasErrors(field.problems) || undefined}
        aria-describedby={field.problems.length > 0 ? `${id}-problems` : undefined}
        data-path={['impactFactors', category, 'source'].join('.')}
        onChange={(event) => field.set(event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}
