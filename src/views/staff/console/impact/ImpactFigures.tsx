import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { EVIDENCE_LEVELS } from '../../../../../contract/evidence.ts';
import type { ImpactCategory, ImpactFigure, ImpactRange, ImpactSummaryReply } from '../../../../../contract/schemas.ts';
import { TableScroll } from '../TableScroll.tsx';
import { formatDate, formatLongDate, numberFormat } from './format.ts';
import { ImpactChart } from './ImpactChart.tsx';
import {
  actionTypeLabel,
  CATEGORY_LABELS,
  CATEGORY_UNITS,
  EVIDENCE_LABELS,
  type ImpactMeasure,
  MEASURE_LABELS,
  MEASURES,
  ORIGIN_LABELS,
  sourceLabel,
  TOTAL_FIELDS,
} from './labels.ts';

/** The figures of a period (docs/behaviour.md#impact-tab): key figures, actions, estimated savings, daily series. */
export function ImpactFigures({
  summary,
  onExport,
  exports,
}: {
  summary: ImpactSummaryReply;
  onExport: () => void;
  /** The other downloads of the period, beside the CSV export. */
  exports: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const numbers = numberFormat(i18n);
  const start = formatDate(i18n, summary.from);
  const end = formatDate(i18n, summary.to);
  const { total, participating } = summary.stays;
  const share = total === 0 ? 0 : Math.round((participating / total) * 100);
  const keyFigures: Array<[string, ReactNode]> = [
    [
      t`Participation`,
      plural(participating, {
        one: `# séjour sur ${total} (${share} %)`,
        other: `# séjours sur ${total} (${share} %)`,
      }),
    ],
    [t`Points gagnés`, numbers.format(summary.points.earned)],
    [t`Points dépensés`, numbers.format(summary.points.spent)],
    [t`Récompenses obtenues`, numbers.format(summary.rewards.claimed)],
    [t`Récompenses utilisées`, numbers.format(summary.rewards.used)],
    // A number with its unit keeps its order in a right-to-left line.
    [t`Eau donnée`, <bdi key="water">{`${numbers.format(summary.waterDonatedLitres)} L`}</bdi>],
  ];
  return (
    <div className="staff-impact__figures" data-part="figures">
      <div className="staff-impact__toolbar">
        <p className="staff-impact__range" data-part="range">{t`Du ${start} au ${end}`}</p>
        <button type="button" className="button-secondary staff-impact__export" data-part="export" onClick={onExport}>
          <Trans>Exporter en CSV</Trans>
        </button>
        {exports}
      </div>
      <dl className="staff-impact__key-figures" data-part="key-figures">
        {keyFigures.map(([label, value]) => (
          <div key={label} className="staff-impact__key-figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DailySeries summary={summary} />
      <h3 className="staff-impact__heading">
        <Trans>Actions par type</Trans>
      </h3>
      <TableScroll label={t`Actions par type`}>
        <table className="staff-table" data-part="actions">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Action</Trans>
              </th>
              <th scope="col">
                <Trans>Nombre</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.actionsByType.map(({ actType, count }) => (
              <tr key={actType}>
                <th scope="row" className="staff-table__text">
                  {actionTypeLabel(i18n, actType)}
                </th>
                <td>{numbers.format(count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Savings summary={summary} />
    </div>
  );
}

function unitsText(category: ImpactCategory, count: number): string {
  switch (category) {
    case 'cleaning':
      return plural(count, { one: '# ménage évité', other: '# ménages évités' });
    case 'shower':
      return plural(count, { one: '# douche', other: '# douches' });
    case 'heating':
      return plural(count, { one: '# degré-nuit', other: '# degrés-nuits' });
    case 'meal':
      return plural(count, { one: '# repas', other: '# repas' });
  }
}

const UNIT_SYMBOLS: Record<ImpactMeasure, string> = { water: 'L', energy: 'kWh', co2e: 'g CO2e' };

/** A saving with its range below it (docs/impact.md#ranges); a single estimate, or a range of one value, has none. */
function SavedCell({ saved, range }: { saved: number; range: ImpactRange | null }) {
  const { i18n } = useLingui();
  const numbers = numberFormat(i18n);
  return (
    <td>
      {numbers.format(saved)}
      {range && range.low !== range.high && (
        <span className="staff-impact__saved-range" data-part="saved-range">
          <bdi>{`${numbers.format(range.low)}–${numbers.format(range.high)}`}</bdi>
        </span>
      )}
    </td>
  );
}

/**
 * The estimated savings by gesture with their ranges and the units confirmed beyond the guest's word, the period's
 * evidence counts, and each figure's factor and source in a numbered note below the table.
 */
function Savings({ summary }: { summary: ImpactSummaryReply }) {
  const { t, i18n } = useLingui();
  const numbers = numberFormat(i18n);
  const noteId = useId();
  return (
    <>
      <h3 className="staff-impact__heading">
        <Trans>Économies estimées</Trans>
      </h3>
      <TableScroll label={t`Économies estimées`}>
        <table className="staff-table" data-part="savings">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Geste</Trans>
              </th>
              <th scope="col">
                <Trans>Nombre</Trans>
              </th>
              <th scope="col">
                <Trans>Dont confirmés</Trans>
              </th>
              {MEASURES.map((measure) => (
                <th key={measure} scope="col">
                  {i18n._(MEASURE_LABELS[measure])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.impact.map((row, index) => {
              const note = index + 1;
              return (
                <tr key={row.category}>
                  <th scope="row">
                    {i18n._(CATEGORY_LABELS[row.category])}
                    <sup>
                      <a href={`#${noteId}-${row.category}`} aria-label={t`Note ${note} : facteurs et sources`}>
                        {note}
                      </a>
                    </sup>
                  </th>
                  <td>{unitsText(row.category, row.units)}</td>
                  <td data-part="confirmed">{numbers.format(row.confirmedUnits)}</td>
                  {MEASURES.map((measure) => (
                    <SavedCell key={measure} saved={row[measure].saved} range={row[measure].savedRange} />
                  ))}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Total</Trans>
              </th>
              <td />
              <td />
              {MEASURES.map((measure) => (
                <SavedCell
                  key={measure}
                  saved={summary.saved[TOTAL_FIELDS[measure]]}
                  range={{
                    low: summary.savedRange.low[TOTAL_FIELDS[measure]],
                    high: summary.savedRange.high[TOTAL_FIELDS[measure]],
                  }}
                />
              ))}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p className="staff-impact__hint">
        <Trans>
          Sous chaque chiffre, sa fourchette. Confirmés : photographiés, scannés sur place ou confirmés par le
          personnel.
        </Trans>
      </p>
      <h4 className="staff-impact__subheading">
        <Trans>Niveau de preuve des réponses</Trans>
      </h4>
      <dl className="staff-impact__evidence" data-part="evidence">
        {EVIDENCE_LEVELS.map((level) => (
          <div key={level} className="staff-impact__key-figure">
            <dt>{i18n._(EVIDENCE_LABELS[level])}</dt>
            <dd>{numbers.format(summary.evidence[level])}</dd>
          </div>
        ))}
      </dl>
      <ol className="staff-impact__notes" data-part="notes">
        {summary.impact.map((row) => (
          <li key={row.category} id={`${noteId}-${row.category}`}>
            <strong>{i18n._(CATEGORY_LABELS[row.category])}</strong> ({i18n._(CATEGORY_UNITS[row.category])})
            <ul>
              {MEASURES.map((measure) => (
                <li key={measure} data-part="factor">
                  <FactorLine figure={row[measure]} unit={UNIT_SYMBOLS[measure]} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * One factor as an auditor reads it: value and range, origin, what it covers and where, when it was checked against
 * its source, and the source with its publisher, year and place in the document. Boundary, geography and locator
 * are the method's English words (docs/impact.md#factor-table).
 */
function FactorLine({ figure, unit }: { figure: ImpactFigure; unit: string }) {
  const { i18n } = useLingui();
  const numbers = numberFormat(i18n);
  const factor = `${numbers.format(figure.perUnit)} ${unit}`;
  const range = figure.range && `${numbers.format(figure.range.low)}–${numbers.format(figure.range.high)} ${unit}`;
  // A range of one value (no water for heating) is the figure itself.
  const exact = figure.range !== null && figure.range.low === figure.range.high;
  const origin = i18n._(ORIGIN_LABELS[figure.origin]);
  const source = sourceLabel(i18n, figure.source);
  const checkedOn = figure.checkedOn && formatLongDate(i18n, figure.checkedOn);
  const { publisher, year, locator } = figure.source;
  const details = [publisher, year, locator].filter((part) => part !== null).join(', ');
  return (
    <>
      {exact ? (
        <Trans>
          <bdi>{factor}</bdi>, {origin}.
        </Trans>
      ) : range ? (
        <Trans>
          <bdi>{factor}</bdi> (de <bdi>{range}</bdi>), {origin}.
        </Trans>
      ) : (
        <Trans>
          <bdi>{factor}</bdi> (estimation unique, sans fourchette), {origin}.
        </Trans>
      )}{' '}
      <Trans>
        Périmètre : <span lang="en">{figure.boundary}</span> ; zone : <span lang="en">{figure.geography}</span>.
      </Trans>{' '}
      <span data-part="checked">
        {checkedOn ? <Trans>Vérifié sur la source le {checkedOn}.</Trans> : <Trans>Non vérifié sur la source.</Trans>}
      </span>{' '}
      <Trans>Source :</Trans>{' '}
      {figure.source.url ? (
        <a href={figure.source.url} target="_blank" rel="noreferrer">
          {source}
        </a>
      ) : (
        source
      )}
      {details && (
        <>
          {' — '}
          <span lang="en" data-part="source-details">
            {details}
          </span>
        </>
      )}
    </>
  );
}

/** The daily series: a chart for the eye, the same figures as a table for everyone. */
function DailySeries({ summary }: { summary: ImpactSummaryReply }) {
  const { t, i18n } = useLingui();
  const numbers = numberFormat(i18n);
  const labels = {
    date: t`Date`,
    actions: t`Actions`,
    pointsEarned: t`Points gagnés`,
    pointsSpent: t`Points dépensés`,
  };
  return (
    <>
      <h3 className="staff-impact__heading">
        <Trans>Jour par jour</Trans>
      </h3>
      <ImpactChart days={summary.days} labels={labels} />
      <details className="staff-impact__days" data-part="days">
        <summary>
          <Trans>Les chiffres du graphique, jour par jour</Trans>
        </summary>
        <TableScroll label={t`Les chiffres du graphique, jour par jour`}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{labels.date}</th>
                <th scope="col">{labels.actions}</th>
                <th scope="col">{labels.pointsEarned}</th>
                <th scope="col">{labels.pointsSpent}</th>
                <th scope="col">
                  <Trans>Eau économisée (L)</Trans>
                </th>
                <th scope="col">
                  <Trans>CO2e évité (g)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDate(i18n, day.date)}</th>
                  <td>{numbers.format(day.actions)}</td>
                  <td>{numbers.format(day.pointsEarned)}</td>
                  <td>{numbers.format(day.pointsSpent)}</td>
                  <td>{numbers.format(day.waterSavedLitres)}</td>
                  <td>{numbers.format(day.co2eSavedGrams)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </>
  );
}
