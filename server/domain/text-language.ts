/**
 * Which language a piece of hotel content is shown in. Hotel texts follow the interface's fallback
 * (the chosen language, English, French), then the hotel's primary language; a text that exists in none
 * of those is still shown in a language it has, so content is never hidden for want of a translation.
 */
import { SOURCE_LANGUAGE } from './hotels.ts';

/** The languages to try, best first, without repeats. */
export function textLanguageOrder(chosen: string, primary: string): string[] {
  return [...new Set([chosen, 'en', SOURCE_LANGUAGE, primary])];
}

/** The translation in the first language of `order` that has one, else the first by language code. */
export function pickTranslation<T extends { lang: string }>(
  translations: readonly T[],
  order: readonly string[],
): T | undefined {
  for (const lang of order) {
    const found = translations.find((translation) => translation.lang === lang);
    if (found) return found;
  }
  return [...translations].sort((a, b) => (a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0))[0];
}
