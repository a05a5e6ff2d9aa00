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

  // docs/behaviour.md "How to read this page": one French space before ! ? : ; and inside « », the no-break U+00A0
  // (not a plain space, which lets the sign wrap alone, nor the narrow U+202F some texts had).
  it('every French text puts a no-break space (U+00A0) before ! ? : ; and inside « »', () => {
    const wrongSpace = /(?<=\S)[ \u202f][!?:;»]|«[ \u202f]/;
    const wrong = sourceFiles.flatMap((file) =>
      [...readCatalogFile('fr', file)].flat().filter((text) => wrongSpace.test(text)),
    );
    expect(wrong).toEqual([]);
  });

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
