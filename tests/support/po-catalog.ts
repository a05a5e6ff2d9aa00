import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES_DIR = join(process.cwd(), 'locales');

/** The catalog files of a locale (lingui.config.ts: messages, dialogs, staff). */
export function catalogFiles(locale: string): string[] {
  return readdirSync(join(LOCALES_DIR, locale))
    .filter((file) => file.endsWith('.po'))
    .sort();
}

/** A `"…"` PO string literal, with its continuation lines, as text. */
function unquote(literal: string): string {
  return JSON.parse(literal) as string;
}

/** msgid → msgstr of one Lingui .po file (multi-line strings joined; the header entry left out). */
export function readCatalogFile(locale: string, file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(join(LOCALES_DIR, locale, file), 'utf8');
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => !line.startsWith('#'));
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of lines) {
      const field = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
      if (field?.[1] && field[2]) {
        current = field[1];
        fields[current] = unquote(field[2]);
      } else if (current && line.startsWith('"')) {
        fields[current] += unquote(line);
      }
    }
    if (fields.msgid) entries.set(fields.msgid, fields.msgstr ?? '');
  }
  return entries;
}

/** Every message of a locale, all catalogs together. */
export function readCatalog(locale: string): Map<string, string> {
  return new Map(catalogFiles(locale).flatMap((file) => [...readCatalogFile(locale, file)]));
}
