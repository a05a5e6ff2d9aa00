/**
 * The certification dossier of a hotel over a period (docs/impact.md#certification): the staff page's summary
 * (periodSummary) laid out against what Green Key and Travelife for Accommodation ask a hotel to keep on file about its
 * guest-engagement and linen/towel reuse programmes, as CSV rows and a one-page PDF (server/certification-pdf.ts).
 * Every number is one of the summary's: nothing here counts or computes a saving again.
 *
 * The mapping is indicative: neither scheme's current document was read in full. Green Key's international criteria
 * for hotels are grouped in topics ('Environmental management', 'Guest information', 'Washing and cleaning', … in the
 * 2016–2020 and 2022–2025 editions) and its 2026–2031 edition, in force from 1 October 2026, regroups them in seven
 * topics; Travelife's checklist was found described in words only. So a criterion is named by its topic, never by a
 * number we could not check.
 */
import type { Kysely } from 'kysely';
import { certificationFileName } from '../../contract/certification.ts';
import { EVIDENCE_LEVELS, type EvidenceLevel, isBacked } from '../../contract/evidence.ts';
import type { ImpactCategory, ImpactMeasure } from '../../contract/impact-factors.ts';
import type { ImpactCategorySummary, ImpactFigure, ImpactSummaryReply } from '../../contract/schemas.ts';
import { type CsvCell, csvText } from '../csv.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { type ImpactSummaryInput, periodSummary } from './impact.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** Where the dossier's method is written out. */
export const METHOD_DOCUMENT = 'docs/impact.md';

/** The figures of the summary the dossier answers with, each giving one or more rows. */
export type CertificationFigure =
  | 'participation'
  | 'gestures'
  | 'skippedCleanings'
  | 'cleaningSavings'
  | 'otherSavings'
  | 'totalSavings'
  | 'evidence';

/** How the summary names each figure of ours. */
export const FIGURE_NAMES: Record<CertificationFigure, string> = {
  participation: 'stays that took part',
  gestures: 'actions by type',
  skippedCleanings: 'skipped cleanings, declared and confirmed by housekeeping',
  cleaningSavings: 'water, energy and CO2e saved by skipped cleanings',
  otherSavings: 'savings of the other gestures',
  totalSavings: 'total savings with their ranges',
  evidence: 'actions by evidence level',
};

export interface CertificationItem {
  scheme: 'Green Key' | 'Travelife';
  /** The criterion or topic as the scheme names it (no number we could not check). */
  criterion: string;
  /** What the scheme asks, in our words. */
  asks: string;
  /** Which of our figures answer it. */
  figures: readonly CertificationFigure[];
}

/** What each scheme asks a hotel to keep on file that our figures answer (indicative, see the module's note). */
export const CERTIFICATION_ITEMS: readonly CertificationItem[] = [
  {
    scheme: 'Green Key',
    criterion: 'Guest information',
    asks: 'Guests are informed about the environmental initiatives and encouraged to take part in them',
    figures: ['participation', 'gestures'],
  },
  {
    scheme: 'Green Key',
    criterion: 'Washing and cleaning',
    asks: 'Towels and bed linen are changed on request or at a set interval, and guests are told how to ask for it',
    figures: ['skippedCleanings', 'cleaningSavings'],
  },
  {
    scheme: 'Green Key',
    criterion: 'Environmental management',
    asks: 'The environmental manager gathers and updates the data on cleaning and on the use of water and energy, and keeps the documentation available for the audit',
    figures: ['otherSavings', 'totalSavings', 'evidence'],
  },
  {
    scheme: 'Travelife',
    criterion: 'Guest communication and engagement',
    asks: 'Guests receive sustainability information and are invited to support the hotel’s environmental and community work',
    figures: ['participation', 'gestures'],
  },
  {
    scheme: 'Travelife',
    criterion: 'Water and energy: linen and towel reuse',
    asks: 'A system reduces the unnecessary laundering of towels and sheets (guests may reuse them or skip a room service)',
    figures: ['skippedCleanings', 'cleaningSavings'],
  },
  {
    scheme: 'Travelife',
    criterion: 'Monitoring and records',
    asks: 'Water and energy measures are monitored and their results kept on record',
    figures: ['otherSavings', 'totalSavings', 'evidence'],
  },
];

/** One figure as the dossier shows it. */
export interface CertificationRow {
  figure: string;
  value: number;
  unit: string;
  /** The estimate at its factor's low and high ends; null for a count or a single estimate. */
  low: number | null;
  high: number | null;
  /** How far the figure is backed: confirmed units, or the count it is a share of. */
  backing: string;
  method: string;
  source: string;
  sourceUrl: string | null;
  checkedOn: string | null;
}

const MEASURE_UNITS: Record<ImpactMeasure, string> = { water: 'L', energy: 'kWh', co2e: 'g CO2e' };
const MEASURE_NAMES: Record<ImpactMeasure, string> = { water: 'Water', energy: 'Energy', co2e: 'CO2e' };
const MEASURES: readonly ImpactMeasure[] = ['water', 'energy', 'co2e'];
export const CATEGORY_NAMES: Record<ImpactCategory, { gesture: string; unit: string }> = {
  cleaning: { gesture: 'skipped cleanings', unit: 'skipped cleaning' },
  shower: { gesture: 'shorter showers', unit: 'shorter shower' },
  heating: { gesture: 'lower heating', unit: 'degree-night' },
  meal: { gesture: 'meals', unit: 'meal' },
};
const EVIDENCE_NAMES: Record<EvidenceLevel, string> = {
  declared: 'declared by the guest',
  photographed: 'photographed (meal)',
  scanned: 'scanned on site (proof QR)',
  staffConfirmed: 'confirmed by staff',
};
const COUNTED = `Counted by GreenMiles over the period (${METHOD_DOCUMENT})`;

/** A citation of the factor's source: its name, publisher, year and where in it the figure is. */
function citation(figure: ImpactFigure): string {
  const { name, publisher, year, locator } = figure.source;
  return [name, publisher, year, locator].filter((part) => part !== null && part !== '').join('; ');
}

function savingRow(category: ImpactCategorySummary, measure: ImpactMeasure): CertificationRow {
  const figure = category[measure];
  const names = CATEGORY_NAMES[category.category];
  const unit = MEASURE_UNITS[measure];
  const perUnitRange = figure.range ? ` (range ${figure.range.low}–${figure.range.high})` : ' (single estimate)';
  return {
    figure: `${MEASURE_NAMES[measure]} saved by ${names.gesture}`,
    value: figure.saved,
    unit,
    low: figure.savedRange?.low ?? null,
    high: figure.savedRange?.high ?? null,
    backing: `${category.confirmedUnits} of ${category.units} units backed by more than the guest's word`,
    method: `${category.units} × ${figure.perUnit} ${unit} per ${names.unit}${perUnitRange}, ${figure.origin}; covers: ${figure.boundary}; geography: ${figure.geography}`,
    source: citation(figure),
    sourceUrl: figure.source.url,
    checkedOn: figure.checkedOn,
  };
}

const categoryOf = (summary: ImpactSummaryReply, category: ImpactCategory): ImpactCategorySummary =>
  summary.impact.find((row) => row.category === category) as ImpactCategorySummary;

/** The rows each figure gives for this summary. */
export function certificationRows(summary: ImpactSummaryReply): Record<CertificationFigure, CertificationRow[]> {
  const count = (figure: string, value: number, unit: string, backing: string): CertificationRow => ({
    figure,
    value,
    unit,
    low: null,
    high: null,
    backing,
    method: COUNTED,
    source: 'GreenMiles records',
    sourceUrl: null,
    checkedOn: null,
  });
  const cleaning = categoryOf(summary, 'cleaning');
  const total = summary.saved;
  const totalKeys = { water: 'waterLitres', energy: 'energyKwh', co2e: 'co2eGrams' } as const;
  return {
    participation: [
      count(
        'Stays that took part (at least one action)',
        summary.stays.participating,
        'stays',
        `of ${summary.stays.total} stays present in the period`,
      ),
    ],
    gestures: summary.actionsByType.map(({ actType, count: actions }) =>
      count(`Actions of type ${actType}`, actions, 'actions', 'first answers in the period'),
    ),
    skippedCleanings: [
      count('Cleanings skipped at the guest’s request', cleaning.units, 'skipped cleanings', 'declared by the guest'),
      count(
        'Skipped cleanings confirmed by housekeeping',
        cleaning.confirmedUnits,
        'skipped cleanings',
        `of ${cleaning.units} declared`,
      ),
    ],
    cleaningSavings: MEASURES.map((measure) => savingRow(cleaning, measure)),
    otherSavings: summary.impact
      .filter((category) => category.category !== 'cleaning')
      .flatMap((category) => MEASURES.map((measure) => savingRow(category, measure))),
    totalSavings: MEASURES.map((measure) => ({
      figure: `${MEASURE_NAMES[measure]} saved, all gestures`,
      value: total[totalKeys[measure]],
      unit: MEASURE_UNITS[measure],
      low: summary.savedRange.low[totalKeys[measure]],
      high: summary.savedRange.high[totalKeys[measure]],
      backing: `${EVIDENCE_LEVELS.filter(isBacked).reduce((all, level) => all + summary.evidence[level], 0)} of ${EVIDENCE_LEVELS.reduce((all, level) => all + summary.evidence[level], 0)} actions backed by more than the guest's word`,
      method: `Sum of each gesture's units × its factor; the range sums the factors' low and high ends (${METHOD_DOCUMENT})`,
      source: 'The factor sources of the rows above',
      sourceUrl: null,
      checkedOn: null,
    })),
    evidence: EVIDENCE_LEVELS.map((level) =>
      count(`Actions ${EVIDENCE_NAMES[level]}`, summary.evidence[level], 'actions', 'evidence level'),
    ),
  };
}

export const CERTIFICATION_CSV_HEADER = [
  'Scheme',
  'Criterion',
  'What it asks',
  'Figure',
  'Value',
  'Unit',
  'Low',
  'High',
  'Evidence / confirmed',
  'Method',
  'Source',
  'Source URL',
  'Checked on',
] as const;

export interface CertificationDossier {
  hotelName: string;
  summary: ImpactSummaryReply;
  rows: Record<CertificationFigure, CertificationRow[]>;
}

/**
 * GET …/certification.csv and .pdf: the session's own hotel's summary over the period (400 invalid_period as the
 * summary) with the rows the dossier shows.
 */
export async function certificationDossier(
  db: Kysely<Database>,
  staff: StaffSession,
  input: ImpactSummaryInput,
): Promise<CertificationDossier> {
  requireStaffOf(staff, input.hotelId);
  const summary = await periodSummary(db, input);
  const hotel = await db.selectFrom('hotels').select('name').where('id', '=', input.hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  return { hotelName: hotel.name, summary, rows: certificationRows(summary) };
}

/** GET …/certification.csv: the session's own hotel's dossier as a CSV file. */
export async function certificationCsvAsStaff(
  db: Kysely<Database>,
  staff: StaffSession,
  input: ImpactSummaryInput,
): Promise<{ fileName: string; text: string }> {
  const dossier = await certificationDossier(db, staff, input);
  return {
    fileName: certificationFileName(dossier.summary.hId, dossier.summary, 'csv'),
    text: certificationCsv(dossier),
  };
}

/** The dossier as CSV: one row per item and figure, the period first (server/csv.ts: RFC 4180, UTF-8 with a BOM). */
export function certificationCsv({ hotelName, summary, rows }: CertificationDossier): string {
  const table: CsvCell[][] = [
    ['Hotel', hotelName, 'Period', summary.from, summary.to],
    [
      'Figures are estimates by the documented method (' +
        METHOD_DOCUMENT +
        '); the mapping to the schemes is indicative, to be checked against their current criteria',
    ],
    [...CERTIFICATION_CSV_HEADER],
  ];
  for (const item of CERTIFICATION_ITEMS)
    for (const figure of item.figures)
      for (const row of rows[figure])
        table.push([
          item.scheme,
          item.criterion,
          item.asks,
          row.figure,
          row.value,
          row.unit,
          row.low,
          row.high,
          row.backing,
          row.method,
          row.source,
          row.sourceUrl,
          row.checkedOn,
        ]);
  return csvText(table);
}
