/**
 * Text in the PDFs the server prints (the QR sheets, the stay's receipt, the certification dossier), and their
 * bytes: bundled Noto Sans fonts (npm @fontsource packages, never system fonts), Arabic shaped by pdfkit's fontkit
 * and laid out right to left here (bidi-js orders the words; fontkit shapes and mirrors each Arabic word itself).
 */
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

const require = createRequire(import.meta.url);
const SCRIPTS = ['latin', 'latinExt', 'arabic'] as const;
type Script = (typeof SCRIPTS)[number];
export type FontWeight = 'regular' | 'bold';
// Written out whole, so a reader (and the runtime-dependencies test) sees which packages the server loads.
const FONT_FILES: Record<FontWeight, Record<Script, string>> = {
  regular: {
    latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
    latinExt: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
    arabic: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
  },
  bold: {
    latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-600-normal.woff'),
    latinExt: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-600-normal.woff'),
    arabic: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-600-normal.woff'),
  },
};

/** The document's bytes once it ends: listen before drawing, since pdfkit streams what it has written. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Registers the fonts `fontOf` names. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const weight of ['regular', 'bold'] as const)
    for (const script of SCRIPTS) doc.registerFont(`${script}-${weight}`, FONT_FILES[weight][script]);
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_BASIC = /^[\u0020-\u00FF\u2000-\u206F]*$/;
const bidi = bidiFactory();

/** Whether the text has Arabic letters (a line without is laid out left to right, even on an Arabic page). */
export const hasArabic = (text: string): boolean => ARABIC.test(text);

/** The registered font a word is drawn in. */
export function fontOf(text: string, weight: FontWeight = 'bold'): string {
  const script: Script = ARABIC.test(text) ? 'arabic' : LATIN_BASIC.test(text) ? 'latin' : 'latinExt';
  return `${script}-${weight}`;
}

interface Token {
  text: string;
  level: number;
}

/**
 * The line's words and spaces in visual (left to right) order, each in logical order: the Unicode bidi algorithm's
 * levels, reordered by word (fontkit shapes and mirrors each Arabic word itself; a word is never split). A line
 * that starts with Arabic is a right-to-left paragraph; `rightToLeft` makes every line one (an Arabic page).
 */
export function visualTokens(line: string, rightToLeft?: boolean): Token[] {
  const { levels } = bidi.getEmbeddingLevels(line, rightToLeft === undefined ? undefined : rightToLeft ? 'rtl' : 'ltr');
  const tokens: Token[] = [];
  for (const match of line.matchAll(/\s+|\S+/g)) {
    const start = match.index;
    // A word whose characters change level (a digit glued to Arabic letters) is split where the level changes.
    let from = start;
    for (let i = start + 1; i <= start + match[0].length; i++) {
      if (i === start + match[0].length || levels[i] !== levels[from]) {
        tokens.push({ text: line.slice(from, i), level: levels[from] ?? 0 });
        from = i;
      }
    }
  }
  const highest = Math.max(0, ...tokens.map((t) => t.level));
  const lowestOdd = Math.min(...tokens.map((t) => t.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < tokens.length; i++) {
      if ((tokens[i]?.level ?? 0) < level) continue;
      let end = i;
      while (end + 1 < tokens.length && (tokens[end + 1]?.level ?? 0) >= level) end++;
      tokens.splice(i, end - i + 1, ...tokens.slice(i, end + 1).reverse());
      i = end;
    }
  }
  return tokens;
}

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  /** An Arabic page: every line is a right-to-left paragraph. */
  rightToLeft?: boolean;
}

/**
 * A token as drawn: a space as a space of the font (a narrow no-break space, which the fonts lack, as half of one),
 * a word cut where it leaves the Arabic script (the Arabic font has no Latin punctuation), its pieces in visual order.
 */
function piecesOf(token: Token): string[] {
  if (token.text.trim() === '') return [token.text];
  const pieces =
    token.text.match(
      /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+|[^\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g,
    ) ?? [];
  return token.level % 2 === 1 ? pieces.reverse() : pieces;
}

function pieceWidth(doc: PDFKit.PDFDocument, piece: string, style: TextStyle): number {
  doc.font(fontOf(piece, style.weight)).fontSize(style.size);
  if (piece.trim() !== '') return doc.widthOfString(piece);
  return [...piece].reduce((total, space) => total + doc.widthOfString(' ') * (space === '\u202F' ? 0.5 : 1), 0);
}

/** The width of a line drawn in `style`. */
export function lineWidth(doc: PDFKit.PDFDocument, line: string, style: TextStyle): number {
  return visualTokens(line, style.rightToLeft)
    .flatMap(piecesOf)
    .reduce((total, piece) => total + pieceWidth(doc, piece, style), 0);
}

/** Draws one line from `x` (its left edge), its top at `y`. */
export function drawLine(doc: PDFKit.PDFDocument, line: string, x: number, y: number, style: TextStyle): void {
  let left = x;
  for (const piece of visualTokens(line, style.rightToLeft).flatMap(piecesOf)) {
    const width = pieceWidth(doc, piece, style);
    if (piece.trim() !== '') doc.text(piece, left, y + style.size, { lineBreak: false, baseline: 'alphabetic' });
    left += width;
  }
}

/** The text cut into lines of at most `width`, by words (a word longer than a line gets a line of its own). */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && lineWidth(doc, candidate, style) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current !== '') lines.push(current);
  return lines;
}
