import { describe, expect, it } from 'vitest';
import {
  actionListLanguages,
  pickTranslation,
  SOURCE_LANGUAGE,
  textLanguageOrder,
} from '../../contract/text-language.ts';

const texts = (...langs: string[]) => langs.map((lang) => ({ lang, name: `name-${lang}` }));

describe('the hotel texts fallback (one rule for the server and the content editor)', () => {
  it('tries the chosen language, English, French, then the primary, without repeats', () => {
    expect(textLanguageOrder('ar', 'de')).toEqual(['ar', 'en', 'fr', 'de']);
    expect(textLanguageOrder('de', 'fr')).toEqual(['de', 'en', 'fr']);
    expect(textLanguageOrder('en', 'en')).toEqual(['en', 'fr']);
    expect(SOURCE_LANGUAGE).toBe('fr');
  });

  it('picks the first language of the order that has the text, else the first by code', () => {
    const order = textLanguageOrder('de', 'it');
    expect(pickTranslation(texts('fr', 'de'), order)?.lang).toBe('de');
    expect(pickTranslation(texts('fr', 'en', 'it'), order)?.lang).toBe('en');
    expect(pickTranslation(texts('it', 'fr'), order)?.lang).toBe('fr');
    expect(pickTranslation(texts('it', 'ar'), order)?.lang).toBe('it');
    // In none of the order: still shown, in the first language by code.
    expect(pickTranslation(texts('zh', 'es', 'pt'), order)?.lang).toBe('es');
    expect(pickTranslation([], order)).toBeUndefined();
  });

  it('falls the actions list back as a whole: chosen, English, primary, enabled by position, French', () => {
    expect(actionListLanguages('de', 'ar', ['ar', 'it', 'de'])).toEqual(['de', 'en', 'ar', 'it', 'fr']);
    expect(actionListLanguages('fr', undefined, [])).toEqual(['fr', 'en']);
  });
});
