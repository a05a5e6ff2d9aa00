/**
 * The stay's impact receipt as one A4 page (GET /api/stays/:sUUID/receipt.pdf, docs/behaviour.md#receipt): the same
 * object and wording as the e-mail (mail/receipt-mail.ts), laid out as a table; columns run from the right and every
 * line is right to left on an Arabic page (pdf-text.ts).
 */
import PDFDocument from 'pdfkit';
import type { ReceiptLine, StayReceiptReply } from '../contract/schemas.ts';
import type { Store } from './db/store.ts';
import { takeCap } from './domain/caps.ts';
import { receiptCap } from './domain/receipt-emails.ts';
import { type StayReceiptInput, stayReceipt } from './domain/stay-receipt.ts';
import { findOwnedStay } from './domain/stays.ts';
import {
  evidenceText,
  figureText,
  formatNumber,
  lineFigure,
  RECEIPT_MEASURES,
  RECEIPT_TEXTS,
  type ReceiptMeasure,
  sourcesOf,
  sourceText,
  totalFigure,
} from './mail/receipt-mail.ts';
import { type MailLanguage, mailLanguage } from './mail/reward-mail.ts';
import { drawLine, hasArabic, lineWidth, pdfBytes, registerFonts, type TextStyle, wrapText } from './pdf-text.ts';

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const MARGIN = 16 * MM;
const CONTENT = PAGE.width - 2 * MARGIN;
/** The gesture column, then one column per measure. */
const NAME_WIDTH = CONTENT * 0.4;
const FIGURE_WIDTH = (CONTENT - NAME_WIDTH) / 3;
const INK = '#1B1B1B';
const MUTED = '#5B6360';
const RULE = '#C9D1CD';

/** The receipt's one A4 page. */
export function renderReceiptPdf(receipt: StayReceiptReply, lang: MailLanguage): Promise<Buffer> {
  const t = RECEIPT_TEXTS[lang];
  const rightToLeft = lang === 'ar';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${t.title} — ${receipt.hotelName}`, Creator: 'GreenMiles' },
    lang,
  });
  registerFonts(doc);
  const finished = pdfBytes(doc);

  /** Draws `text` from `x` measured from the page's reading start (the right edge on an Arabic page). */
  const put = (text: string, x: number, y: number, style: Omit<TextStyle, 'rightToLeft'>) => {
    // A figure, a unit or a citation in English reads left to right on an Arabic page too.
    const full = { ...style, rightToLeft: rightToLeft && hasArabic(text) };
    const left = rightToLeft ? PAGE.width - MARGIN - x - lineWidth(doc, text, full) : MARGIN + x;
    drawLine(doc, text, Math.max(MARGIN, Math.min(left, MARGIN + CONTENT)), y, full);
  };
  /** Wrapped text over the whole width: the height it took. */
  const paragraph = (text: string, y: number, size: number, colour = INK): number => {
    doc.fillColor(colour);
    const lines = wrapText(doc, text, CONTENT, { size, rightToLeft });
    lines.forEach((line, index) => {
      put(line, 0, y + index * size * 1.4, { size });
    });
    return lines.length * size * 1.4;
  };
  const rule = (y: number, colour = RULE) => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.6)
      .strokeColor(colour)
      .stroke();
  };
  const columnOf = (index: number) => NAME_WIDTH + index * FIGURE_WIDTH;
  const rangeText = (range: { low: number; high: number }) =>
    t.range(formatNumber(range.low, lang), formatNumber(range.high, lang));
  const measureLabel: Record<ReceiptMeasure, string> = { water: t.water, energy: t.energy, co2e: t.co2e };

  let y = MARGIN;
  doc.fillColor(INK);
  put(t.title, 0, y, { size: 18, weight: 'bold' });
  y += 28;
  doc.fillColor(MUTED);
  put([receipt.hotelName, ...(receipt.roomNb ? [t.room(receipt.roomNb)] : [])].join(' · '), 0, y, {
    size: 10,
  });
  y += 18;
  if (receipt.status === 'active') y += paragraph(t.soFar, y, 10);
  y += paragraph(t.intro, y, 9, MUTED) + 8;

  // The table's head.
  doc.fillColor(MUTED);
  put(t.gesture, 0, y, { size: 8.5, weight: 'bold' });
  RECEIPT_MEASURES.forEach((measure, index) => {
    put(measureLabel[measure], columnOf(index), y, { size: 8.5, weight: 'bold' });
  });
  y += 16;
  rule(y, INK);
  y += 6;

  const sources = sourcesOf(receipt);
  const refsOf = (line: ReceiptLine) =>
    [
      ...new Set(
        RECEIPT_MEASURES.flatMap((measure) => {
          const source = lineFigure(line, measure)?.source;
          return source ? [sources.findIndex((s) => s.name === source.name) + 1] : [];
        }),
      ),
    ].join(', ');
  for (const line of receipt.lines) {
    doc.fillColor(INK);
    put(`${line.name} × ${line.count}`, 0, y, { size: 10, weight: 'bold' });
    doc.fillColor(MUTED);
    put(t.labelled(t.evidence, evidenceText(line.evidence, lang)), 0, y + 14, { size: 8 });
    if (line.figures) {
      RECEIPT_MEASURES.forEach((measure, index) => {
        const figure = line.figures?.[measure];
        if (!figure) return;
        doc.fillColor(INK);
        put(figureText(figure.saved, null, measure, lang), columnOf(index), y, { size: 10 });
        if (figure.range && figure.range.low !== figure.range.high) {
          doc.fillColor(MUTED);
          put(rangeText(figure.range), columnOf(index), y + 14, { size: 8 });
        }
      });
      doc.fillColor(MUTED);
      put(t.labelled(t.sources, refsOf(line)), 0, y + 25, { size: 7.5 });
      y += 38;
    } else {
      doc.fillColor(MUTED);
      put(t.participation, columnOf(0), y, { size: 9 });
      y += 28;
    }
    rule(y - 4);
  }
  if (receipt.lines.length === 0) y += paragraph(t.noGestures, y, 10) + 6;

  // Totals.
  rule(y - 4, INK);
  doc.fillColor(INK);
  put(t.totals, 0, y + 2, { size: 11, weight: 'bold' });
  RECEIPT_MEASURES.forEach((measure, index) => {
    const total = totalFigure(receipt, measure);
    doc.fillColor(INK);
    put(figureText(total.saved, null, measure, lang), columnOf(index), y + 2, {
      size: 11,
      weight: 'bold',
    });
    if (total.range && total.range.low !== total.range.high) {
      doc.fillColor(MUTED);
      put(rangeText(total.range), columnOf(index), y + 18, { size: 8 });
    }
  });
  y += 40;

  // Contributions, apart from the savings.
  if (receipt.contributions.length > 0) {
    doc.fillColor(INK);
    put(t.contributions, 0, y, { size: 12, weight: 'bold' });
    y += 20;
    y += paragraph(t.contributionsNote, y, 9, MUTED) + 4;
    for (const contribution of receipt.contributions) {
      const { partner } = contribution;
      doc.fillColor(INK);
      put(`${partner?.name ?? contribution.name} — ${t.litres(formatNumber(contribution.litres, lang))}`, 0, y, {
        size: 10,
        weight: 'bold',
      });
      y += 16;
      y += paragraph(partner ? partner.guarantee : contribution.description, y, 9, MUTED);
      if (partner?.url) y += paragraph(partner.url, y, 7.5, MUTED);
      y += 6;
    }
    y += 6;
  }

  // Sources, numbered as the lines cite them.
  if (sources.length > 0) {
    doc.fillColor(INK);
    put(t.sources, 0, y, { size: 10, weight: 'bold' });
    y += 16;
    for (const [index, source] of sources.entries()) {
      y += paragraph(`${index + 1}. ${sourceText(source)}`, y, 7.5, MUTED);
      if (source.url) y += paragraph(source.url, y, 7.5, MUTED);
      y += 2;
      // One page: what does not fit is left to the page and the e-mail, which list every source.
      if (y > PAGE.height - MARGIN - 20) break;
    }
  }
  doc.end();
  return finished;
}

/**
 * GET …/receipt.pdf: the caller's stay's receipt as a PDF (404 for another's, as the stay itself), at most
 * RECEIPT_PDFS_PER_STAY_PER_HOUR per stay (429 too_many_requests).
 */
export async function receiptPdfOf(store: Store, input: StayReceiptInput, now: Date): Promise<Buffer> {
  const stay = await findOwnedStay(store.db, input.sUUID, input.profileUUID);
  await store.write((tx) => takeCap(tx, receiptCap('receipt-pdfs', stay.id, now)));
  return renderReceiptPdf(await stayReceipt(store.db, stay, input.lang, now), mailLanguage(input.lang));
}
