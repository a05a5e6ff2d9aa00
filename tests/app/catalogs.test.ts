import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../src/i18n/locales.ts';
import { readCatalog } from '../support/po-catalog.ts';

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
