/**
 * CSV files a spreadsheet opens (RFC 4180): every text cell quoted, its quotes doubled, rows ended by CRLF, UTF-8 with
 * a byte order mark so that a spreadsheet reads accents and Arabic right. A text cell a spreadsheet would take for a
 * formula (starting with = + - @, a tab or a carriage return) starts with an apostrophe instead: a name typed at a
 * refused sign-in never runs in the manager's spreadsheet (OWASP, CSV injection).
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The file of `rows` (the header row first). */
export function csvText(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}
