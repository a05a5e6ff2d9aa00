/**
 * The certification dossier's one-page summary (docs/behaviour.md#certification-export): an A4 PDF of the hotel's
 * participation, its linen and towel programme, its other gestures, the method and sources of every estimate and the
 * indicative mapping to Green Key and Travelife, all read from the dossier (server/domain/certification.ts). In English,
 * the language of the factor table's sources; text in bundled Noto Sans fonts (npm @fontsource, never system fonts),
 * a hotel name in Arabic shaped and laid out by server/pdf-text.ts.
 */
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { certificationFileName } from '../contract/certification.ts';
import type { ImpactFigure } from '../contract/schemas.ts';
import type { Database } from './db/schema.ts';
import {
  CATEGORY_NAMES,
  CERTIFICATION_ITEMS,
  type CertificationDossier,
  type CertificationRow,
  certificationDossier,
  FIGURE_NAMES,
  METHOD_DOCUMENT,
} from './domain/certification.ts';
import type { ImpactSummaryInput } from './domain/impact.ts';
import type { StaffSession } from './domain/staff-sessions.ts';
import { drawLine, fontOf, pdfBytes, registerFonts } from './pdf-text.ts';

const MM = 72 / 25.4;
/** The dossier is in English: its text is in the Latin fonts. */
const LATIN_REGULAR = fontOf('a', 'regular');
const LATIN_BOLD = fontOf('a', 'bold');
const MARGIN = 15 * MM;

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const withRange = (row: Pick<CertificationRow, 'value' | 'unit' | 'low' | 'high'>) =>
  `${number.format(row.value)} ${row.unit}${row.low !== null && row.high !== null ? ` (${number.format(row.low)}–${number.format(row.high)})` : ''}`;

/** The hotel's name as a title, in the fonts that have its letters (an Arabic name laid out right to left). */
function drawName(doc: PDFKit.PDFDocument, name: string, size: number) {
  const y = doc.y;
  drawLine(doc, name, MARGIN, y, { size, weight: 'bold' });
  doc.x = MARGIN;
  doc.y = y + size * 1.4;
}

/** The dossier's summary as one A4 page. */
export async function renderCertificationPdf(dossier: CertificationDossier): Promise<Buffer> {
  const { summary, rows, hotelName } = dossier;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Certification dossier — ${hotelName}`, Creator: 'GreenMiles' },
    lang: 'en',
  });
  registerFonts(doc);
  const finished = pdfBytes(doc);

  const heading = (text: string) => doc.moveDown(0.5).font(LATIN_BOLD).fontSize(10.5).fillColor('#1B1B1B').text(text);
  const line = (text: string, size = 8.5) => doc.font(LATIN_REGULAR).fontSize(size).fillColor('#1B1B1B').text(text);

  doc.font(LATIN_BOLD).fontSize(15).text('Certification dossier');
  drawName(doc, hotelName, 13);
  line(`Period: ${summary.from} to ${summary.to} (hotel-local days, both included)`, 9.5);

  heading('Guest participation');
  const [participation] = rows.participation;
  const share = summary.stays.total === 0 ? 0 : Math.round((summary.stays.participating / summary.stays.total) * 100);
  line(
    `${participation?.value ?? 0} of ${summary.stays.total} stays took part (${share} %). Actions: ${
      summary.actionsByType.map(({ actType, count }) => `${actType} ${count}`).join(', ') || 'none'
    }.`,
  );

  heading('Linen and towel programme (skipped cleanings)');
  const [declared, confirmed] = rows.skippedCleanings;
  line(
    `Declared by guests: ${declared?.value ?? 0}; confirmed by housekeeping: ${confirmed?.value ?? 0}. Estimated savings (range):`,
  );
  for (const row of rows.cleaningSavings) line(`• ${row.figure}: ${withRange(row)}`);

  heading('Other gestures');
  // Three rows (water, energy, CO2e) per category, in the summary's order.
  summary.impact
    .filter((category) => category.category !== 'cleaning')
    .forEach((category, index) => {
      const [water, energy, co2e] = rows.otherSavings.slice(index * 3, index * 3 + 3).map(withRange);
      const name = CATEGORY_NAMES[category.category].gesture;
      line(
        `• ${name[0]?.toUpperCase()}${name.slice(1)} (${category.units}): water ${water}; energy ${energy}; CO2e ${co2e}`,
      );
    });
  line(`All gestures: ${rows.totalSavings.map(withRange).join('; ')}.`);
  line(`Evidence: ${rows.evidence.map((row) => `${row.value} ${row.figure.replace(/^Actions /, '')}`).join(', ')}.`);

  heading('Method and sources');
  line(
    `Each saving = the gesture's units × its factor per unit; the range uses the factor's low and high ends. Factors used:`,
  );
  const factors = new Map<string, ImpactFigure>();
  for (const category of summary.impact)
    for (const figure of [category.water, category.energy, category.co2e])
      factors.set(`${figure.source.name}|${figure.checkedOn}`, figure);
  for (const figure of factors.values())
    line(
      `• ${figure.source.name}${figure.source.url ? ` <${figure.source.url}>` : ''}${figure.checkedOn ? `, checked on ${figure.checkedOn}` : ''}`,
      7.5,
    );

  heading('Indicative mapping to the schemes');
  for (const item of CERTIFICATION_ITEMS)
    line(
      `• ${item.scheme}, ${item.criterion}: ${item.asks}. Answered by: ${item.figures.map((figure) => FIGURE_NAMES[figure]).join('; ')}.`,
      7.5,
    );

  doc.moveDown(0.8);
  line(
    `The figures are estimates by the documented method (${METHOD_DOCUMENT}), not measurements; the mapping is indicative and to be checked against each scheme's current criteria. The CSV export lists every figure with its method and source.`,
    8,
  );
  doc.end();
  return finished;
}

/** GET …/certification.pdf: the session's own hotel's dossier as its one-page summary. */
export async function certificationPdfAsStaff(
  db: Kysely<Database>,
  staff: StaffSession,
  input: ImpactSummaryInput,
): Promise<{ fileName: string; pdf: Buffer }> {
  const dossier = await certificationDossier(db, staff, input);
  return {
    fileName: certificationFileName(dossier.summary.hId, dossier.summary, 'pdf'),
    pdf: await renderCertificationPdf(dossier),
  };
}
