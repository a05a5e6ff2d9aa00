import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** msgid → msgstr of a Lingui .po catalog (single-line entries, as `lingui extract` writes them). */
export function readCatalog(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(join(process.cwd(), 'locales', locale, 'messages.po'), 'utf8');
  const pattern = /^msgid "(.*)"\nmsgstr "(.*)"$/gm;
  for (const [, id, translation] of text.matchAll(pattern)) {
    if (id) entries.set(id.replaceAll('\\"', '"'), (translation ?? '').replaceAll('\\"', '"'));
  }
  return entries;
}
