import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../contract/locales.ts';
import { catalogFiles, readCatalogFile } from '../support/po-catalog.ts';

describe('translation catalogs', () => {
  const sourceFiles = catalogFiles('fr');

  it('the French source catalogs hold the interface texts', () => {
    expect(sourceFiles).toEqual(['dialogs.po', 'messages.po', 'staff.po']);
    for (const file of sourceFiles) expect(readCatalogFile('fr', file).size).toBeGreaterThan(10);
  });

  for (const locale of APP_LOCALES.filter((code) => code !== 'fr')) {
    for (const file of sourceFiles) {
      it(`${locale}/${file} translates every message of fr/${file}`, () => {
        const catalog = readCatalogFile(locale, file);
        const untranslated = [...readCatalogFile('fr', file).keys()].filter((id) => !catalog.get(id));
        expect(untranslated).toEqual([]);
      });
    }
  }

  for (const locale of APP_LOCALES.filter((code) => code !== 'fr')) {
    it(`${locale}: a text in several catalogs reads the same in each`, () => {
      const translations = new Map<string, Set<string>>();
      for (const file of sourceFiles) {
        for (const [id, translation] of readCatalogFile(locale, file)) {
          translations.set(id, (translations.get(id) ?? new Set()).add(translation));
        }
      }
      const differing = [...translations].filter(([, texts]) => texts.size > 1).map(([id, texts]) => [id, [...texts]]);
      expect(differing).toEqual([]);
    });
  }
});
