import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EVIDENCE_LEVELS } from '../../../../../contract/evidence.ts';
import type { ImpactSummaryReply } from '../../../../../contract/schemas.ts';
import {
  actionTypeLabel,
  CATEGORY_LABELS,
  CATEGORY_UNITS,
  EVIDENCE_LABELS,
  MEASURE_LABELS,
  MEASURES,
  ORIGIN_LABELS,
  sourceLabel,
  TOTAL_FIELDS,
} from './labels.ts';

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (...fields: Array<string | number>) => fields.map(field).join(',');

/**
 * The figures, their ranges, evidence and sources, and the daily series of a summary as CSV
 * (docs/behaviour.md#impact-tab): labels in the interface
 * language, numbers as the API gives them (a dot for decimals) so a spreadsheet reads them in any locale. A BOM
 * first, so spreadsheet programs read the file as UTF-8.
 */
export function impactCsv(summary: ImpactSummaryReply, i18n: I18n): string {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const lines = [
    row(t(msg`Période`), summary.from, summary.to),
    '',
    row(t(msg`Indicateur`), t(msg`Valeur`)),
    row(t(msg`Séjours`), summary.stays.total),
    row(t(msg`Séjours avec au moins une action`), summary.stays.participating),
    row(t(msg`Points gagnés`), summary.points.earned),
    row(t(msg`Points dépensés`), summary.points.spent),
    row(t(msg`Récompenses obtenues`), summary.rewards.claimed),
    row(t(msg`Récompenses utilisées`), summary.rewards.used),
    row(t(msg`Eau donnée (L)`), summary.waterDonatedLitres),
    ...EVIDENCE_LEVELS.map((level) => row(t(EVIDENCE_LABELS[level]), summary.evidence[level])),
    '',
    row(t(msg`Action`), t(msg`Nombre`)),
    ...summary.actionsByType.map(({ actType, count }) => row(actionTypeLabel(i18n, actType), count)),
    '',
    row(
      t(msg`Geste`),
      t(msg`Nombre`),
      t(msg`Dont confirmés`),
      t(msg`Mesure`),
      t(msg`Économisé`),
      t(msg`Économisé, bas de la fourchette`),
      t(msg`Économisé, haut de la fourchette`),
      t(msg`Facteur`),
      t(msg`Facteur, bas de la fourchette`),
      t(msg`Facteur, haut de la fourchette`),
      t(msg`Unité du facteur`),
      t(msg`Nature`),
      t(msg`Périmètre`),
      t(msg`Zone`),
      t(msg`Vérifié sur la source le`),
      t(msg`Source`),
      t(msg`Éditeur`),
      t(msg`Année`),
      t(msg`Emplacement dans la source`),
      t(msg`Adresse de la source`),
    ),
    ...summary.impact.flatMap((category) =>
      MEASURES.map((measure) => {
        const figure = category[measure];
        return row(
          t(CATEGORY_LABELS[category.category]),
          category.units,
          category.confirmedUnits,
          t(MEASURE_LABELS[measure]),
          figure.saved,
          figure.savedRange?.low ?? '',
          figure.savedRange?.high ?? '',
          figure.perUnit,
          figure.range?.low ?? '',
          figure.range?.high ?? '',
          t(CATEGORY_UNITS[category.category]),
          t(ORIGIN_LABELS[figure.origin]),
          figure.boundary,
          figure.geography,
          figure.checkedOn ?? '',
          sourceLabel(i18n, figure.source),
          figure.source.publisher ?? '',
          figure.source.year ?? '',
          figure.source.locator ?? '',
          figure.source.url ?? '',
        );
      }),
    ),
    ...MEASURES.map((measure) => {
      const field = TOTAL_FIELDS[measure];
      const { saved, savedRange } = summary;
      return row(
        t(msg`Total`),
        '',
        '',
        t(MEASURE_LABELS[measure]),
        saved[field],
        savedRange.low[field],
        savedRange.high[field],
      );
    }),
    '',
    row(
      t(msg`Date`),
      t(msg`Actions`),
      t(msg`Points gagnés`),
      t(msg`Points dépensés`),
      t(msg`Récompenses obtenues`),
      t(msg`Récompenses utilisées`),
      t(msg`Eau économisée (L)`),
      t(msg`Énergie économisée (kWh)`),
      t(msg`CO2e évité (g)`),
    ),
    ...summary.days.map((day) =>
      row(
        day.date,
        day.actions,
        day.pointsEarned,
        day.pointsSpent,
        day.rewardsClaimed,
        day.rewardsUsed,
        day.waterSavedLitres,
        day.energySavedKwh,
        day.co2eSavedGrams,
      ),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const impactCsvFileName = (summary: ImpactSummaryReply) =>
  `greenmiles-impact-${summary.hId}-${summary.from}-${summary.to}.csv`;
