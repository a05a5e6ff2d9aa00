import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../src/i18n/locales.ts';

/** msgid → msgstr of a Lingui .po catalog (single-line entries, as `lingui extract` writes them). */
function readCatalog(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(join(process.cwd(), 'locales', locale, 'messages.po'), 'utf8');
  const pattern = /^msgid "(.*)"\nmsgstr "(.*)"$/gm;
  for (const [, id, translation] of text.matchAll(pattern)) {
    if (id) entries.set(id, translation ?? '');
  }
  return entries;
}

describe('translation catalogs', () => {
  const source = readCatalog('fr');

  it('the French source catalog holds the interface texts', () => {
    expect(source.size).toBeGreaterThan(20);
  });

  for (const locale of APP_LOCALES.filter((code) => code !== 'fr')) {
    it(`${locale} translates every message of the source catalog`, () => {
      const catalog = readCatalog(locale);
      const untranslated = [...source.keys()].filter((id) => !catalog.get(id));
      expect(untranslated).toEqual([]);
    });
  }
});
