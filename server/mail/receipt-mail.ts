/**
 * The stay's impact receipt as text (docs/behaviour.md#receipt): the wording the e-mail and the PDF share, in fr, en
 * or ar, and the e-mail itself (plain text and HTML, `dir="rtl"` for Arabic, every value HTML-escaped). Figures are
 * estimates and say so; donations are contributions, listed apart from the savings and never deducted from them.
 */
import type { EvidenceLevel } from '../../contract/evidence.ts';
import { EVIDENCE_LEVELS } from '../../contract/evidence.ts';
import type {
  EvidenceCounts,
  ImpactAmounts,
  ReceiptFigure,
  ReceiptLine,
  StayReceiptReply,
} from '../../contract/schemas.ts';
import { type ComposedMail, escapeHtml, type MailLanguage } from './reward-mail.ts';

export interface ReceiptTexts {
  subject: (hotel: string) => string;
  title: string;
  soFar: string;
  room: (room: string) => string;
  intro: string;
  gesture: string;
  times: string;
  water: string;
  energy: string;
  co2e: string;
  evidence: string;
  participation: string;
  totals: string;
  range: (low: string, high: string) => string;
  /** 'Eau : 12 L' with the language's punctuation. */
  labelled: (label: string, value: string) => string;
  evidenceLevels: Record<EvidenceLevel, string>;
  contributions: string;
  contributionsNote: string;
  litres: (litres: string) => string;
  noGestures: string;
  sources: string;
}

export const RECEIPT_TEXTS: Record<MailLanguage, ReceiptTexts> = {
  fr: {
    subject: (hotel) => `Votre reçu d'impact GreenMiles (${hotel})`,
    title: "Reçu d'impact de votre séjour",
    soFar: 'Séjour en cours\u202F: vos gestes à ce jour.',
    room: (room) => `Chambre ${room}`,
    intro:
      'Économies estimées de vos gestes, calculées avec les facteurs publiés cités en source\u202F; ce sont des estimations, pas des mesures.',
    gesture: 'Geste',
    times: 'Fois',
    water: 'Eau',
    energy: 'Énergie',
    co2e: 'CO2e',
    evidence: 'Preuve',
    participation: 'Participation, sans économie mesurable',
    totals: 'Total estimé',
    range: (low, high) => `de ${low} à ${high}`,
    labelled: (label, value) => `${label}\u202F: ${value}`,
    evidenceLevels: {
      declared: 'déclaré',
      photographed: 'photographié',
      scanned: 'scanné sur place',
      staffConfirmed: 'confirmé par le personnel',
    },
    contributions: 'Contributions',
    contributionsNote:
      'Vos dons financent le travail du partenaire indiqué\u202F; ils sont listés à part et ne sont pas déduits des chiffres ci-dessus.',
    litres: (litres) => `${litres} L d'eau potable`,
    noGestures: "Aucun geste enregistré pour l'instant.",
    sources: 'Sources',
  },
  en: {
    subject: (hotel) => `Your GreenMiles impact receipt (${hotel})`,
    title: 'Impact receipt of your stay',
    soFar: 'Stay in progress: your gestures so far.',
    room: (room) => `Room ${room}`,
    intro:
      'Estimated savings of your gestures, computed with the published factors cited as sources; these are estimates, not measurements.',
    gesture: 'Gesture',
    times: 'Times',
    water: 'Water',
    energy: 'Energy',
    co2e: 'CO2e',
    evidence: 'Evidence',
    participation: 'Participation, no measurable saving',
    totals: 'Estimated total',
    range: (low, high) => `from ${low} to ${high}`,
    labelled: (label, value) => `${label}: ${value}`,
    evidenceLevels: {
      declared: 'declared',
      photographed: 'photographed',
      scanned: 'scanned on site',
      staffConfirmed: 'confirmed by staff',
    },
    contributions: 'Contributions',
    contributionsNote:
      "Your donations fund the named partner's work; they are listed apart and are not deducted from the figures above.",
    litres: (litres) => `${litres} L of drinking water`,
    noGestures: 'No gesture recorded yet.',
    sources: 'Sources',
  },
  ar: {
    subject: (hotel) => `إيصال الأثر من GreenMiles (${hotel})`,
    title: 'إيصال أثر إقامتك',
    soFar: 'الإقامة جارية: أفعالك حتى الآن.',
    room: (room) => `الغرفة ${room}`,
    intro: 'وفورات تقديرية لأفعالك، محسوبة بالمعاملات المنشورة المذكورة كمصادر؛ هي تقديرات وليست قياسات.',
    gesture: 'الفعل',
    times: 'المرات',
    water: 'الماء',
    energy: 'الطاقة',
    co2e: 'CO2e',
    evidence: 'الإثبات',
    participation: 'مشاركة، دون وفر قابل للقياس',
    totals: 'المجموع التقديري',
    range: (low, high) => `من ${low} إلى ${high}`,
    labelled: (label, value) => `${label}: ${value}`,
    evidenceLevels: {
      declared: 'مُصرَّح به',
      photographed: 'مُصوَّر',
      scanned: 'ممسوح في المكان',
      staffConfirmed: 'مؤكَّد من الموظفين',
    },
    contributions: 'المساهمات',
    contributionsNote: 'تموّل تبرعاتك عمل الشريك المذكور؛ وهي مدرجة على حدة ولا تُخصم من الأرقام أعلاه.',
    litres: (litres) => `${litres} لتر من مياه الشرب`,
    noGestures: 'لم يُسجَّل أي فعل بعد.',
    sources: 'المصادر',
  },
};

const UNITS = { water: 'L', energy: 'kWh', co2e: 'g' } as const;
export type ReceiptMeasure = keyof typeof UNITS;
export const RECEIPT_MEASURES: readonly ReceiptMeasure[] = ['water', 'energy', 'co2e'];
const TOTAL_KEYS: Record<ReceiptMeasure, keyof ImpactAmounts> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

/** A figure written out in the language, Western digits in Arabic too (as the guest app writes them). */
export function formatNumber(value: number, lang: MailLanguage): string {
  const locale = lang === 'ar' ? 'ar-u-nu-latn' : lang;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** '12 L (de 8 à 15 L)', or '12 L' for a single estimate. */
export function figureText(
  saved: number,
  range: { low: number; high: number } | null,
  measure: ReceiptMeasure,
  lang: MailLanguage,
): string {
  const unit = (value: number) => `${formatNumber(value, lang)} ${UNITS[measure]}`;
  const shown = unit(saved);
  if (!range || range.low === range.high) return shown;
  return `${shown} (${RECEIPT_TEXTS[lang].range(unit(range.low), unit(range.high))})`;
}

/** The line's evidence: one level alone, or each level with its count. */
export function evidenceText(counts: EvidenceCounts, lang: MailLanguage): string {
  const levels = EVIDENCE_LEVELS.filter((level) => counts[level] > 0);
  const label = RECEIPT_TEXTS[lang].evidenceLevels;
  if (levels.length === 1) return label[levels[0] as EvidenceLevel];
  return levels.map((level) => `${label[level]} ×${counts[level]}`).join(', ');
}

export const lineFigure = (line: ReceiptLine, measure: ReceiptMeasure): ReceiptFigure | null =>
  line.figures?.[measure] ?? null;

/** A total and its range, as one line's figure. */
export function totalFigure(
  receipt: StayReceiptReply,
  measure: ReceiptMeasure,
): Pick<ReceiptFigure, 'saved' | 'range'> {
  const key = TOTAL_KEYS[measure];
  return {
    saved: receipt.totals[key],
    range: { low: receipt.totalsRange.low[key], high: receipt.totalsRange.high[key] },
  };
}

/** The distinct sources the lines cite, numbered in order of first use. */
export function sourcesOf(receipt: StayReceiptReply): ReceiptFigure['source'][] {
  const seen = new Map<string, ReceiptFigure['source']>();
  for (const line of receipt.lines)
    for (const measure of RECEIPT_MEASURES) {
      const source = lineFigure(line, measure)?.source;
      if (source && !seen.has(source.name)) seen.set(source.name, source);
    }
  return [...seen.values()];
}

export const sourceText = (source: ReceiptFigure['source']): string =>
  [source.name, source.publisher, source.year, source.locator]
    .filter((part) => part !== null && part !== '')
    .join(', ');

export function composeReceiptMail(receipt: StayReceiptReply, lang: MailLanguage): ComposedMail {
  const t = RECEIPT_TEXTS[lang];
  const measureLabel: Record<ReceiptMeasure, string> = { water: t.water, energy: t.energy, co2e: t.co2e };
  const sources = sourcesOf(receipt);
  const sourceNumber = (line: ReceiptLine) => {
    const names = RECEIPT_MEASURES.map((measure) => lineFigure(line, measure)?.source.name);
    return [...new Set(names.flatMap((name) => (name ? [sources.findIndex((s) => s.name === name) + 1] : [])))];
  };
  const header = [receipt.hotelName, ...(receipt.roomNb ? [t.room(receipt.roomNb)] : [])].join(' · ');
  const text: string[] = [t.title, header, ''];
  const html: string[] = [
    `<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(t.title)}</h1>`,
    `<p style="margin:0 0 12px;color:#555">${escapeHtml(header)}</p>`,
  ];
  if (receipt.status === 'active') {
    text.push(t.soFar, '');
    html.push(`<p>${escapeHtml(t.soFar)}</p>`);
  }
  text.push(t.intro, '');
  html.push(`<p>${escapeHtml(t.intro)}</p>`);
  if (receipt.lines.length === 0) {
    text.push(t.noGestures, '');
    html.push(`<p>${escapeHtml(t.noGestures)}</p>`);
  }
  const cell = 'style="padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top"';
  if (receipt.lines.length > 0) html.push('<table style="border-collapse:collapse;width:100%">');
  for (const line of receipt.lines) {
    const refs = sourceNumber(line).join(', ');
    const evidence = t.labelled(t.evidence, evidenceText(line.evidence, lang));
    text.push(`${line.name} × ${line.count} — ${evidence}`);
    const figures = line.figures
      ? RECEIPT_MEASURES.map((measure) => {
          const figure = line.figures?.[measure] as ReceiptFigure;
          return t.labelled(measureLabel[measure], figureText(figure.saved, figure.range, measure, lang));
        })
      : [t.participation];
    for (const figure of figures) text.push(`  ${figure}`);
    if (refs) text.push(`  ${t.labelled(t.sources, refs)}`);
    html.push(
      `<tr><td ${cell}><strong>${escapeHtml(line.name)}</strong> × ${line.count}<br><small>${escapeHtml(evidence)}</small></td>`,
      `<td ${cell}>${figures.map(escapeHtml).join('<br>')}${refs ? `<br><small>${escapeHtml(t.labelled(t.sources, refs))}</small>` : ''}</td></tr>`,
    );
  }
  if (receipt.lines.length > 0) html.push('</table>');
  const totals = RECEIPT_MEASURES.map((measure) => {
    const total = totalFigure(receipt, measure);
    return t.labelled(measureLabel[measure], figureText(total.saved, total.range, measure, lang));
  });
  text.push('', t.totals, ...totals.map((line) => `  ${line}`));
  html.push(
    `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(t.totals)}</h2>`,
    `<p>${totals.map(escapeHtml).join('<br>')}</p>`,
  );
  if (receipt.contributions.length > 0) {
    text.push('', t.contributions, t.contributionsNote);
    html.push(
      `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(t.contributions)}</h2>`,
      `<p>${escapeHtml(t.contributionsNote)}</p>`,
    );
    for (const contribution of receipt.contributions) {
      const { partner } = contribution;
      const litres = t.litres(formatNumber(contribution.litres, lang));
      const recipient = partner?.name ?? contribution.name;
      const said = partner ? partner.guarantee : contribution.description;
      text.push(`  ${recipient} — ${litres}`, `  ${said}`);
      if (partner?.url) text.push(`  ${partner.url}`);
      const name = partner?.url
        ? `<a href="${escapeHtml(partner.url)}">${escapeHtml(recipient)}</a>`
        : escapeHtml(recipient);
      html.push(`<p><strong>${name}</strong> — ${escapeHtml(litres)}<br>${escapeHtml(said)}</p>`);
    }
  }
  if (sources.length > 0) {
    text.push('', t.sources);
    html.push(`<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(t.sources)}</h2><ol>`);
    for (const source of sources) {
      text.push(`  ${sources.indexOf(source) + 1}. ${sourceText(source)}${source.url ? ` ${source.url}` : ''}`);
      const link = source.url ? ` <a href="${escapeHtml(source.url)}">${escapeHtml(source.url)}</a>` : '';
      html.push(`<li>${escapeHtml(sourceText(source))}${link}</li>`);
    }
    html.push('</ol>');
  }
  text.push('');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const subject = t.subject(receipt.hotelName);
  const document = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;color:#1b1b1b">`,
    ...html,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text: text.join('\n'), html: document };
}
