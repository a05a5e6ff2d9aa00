/**
 * Which language a guest reads a hotel text in (docs/behaviour.md#language-fallback): the one rule the server applies
 * when it answers (rewards, e-mails, quiz explanations, code checks, reports) and the content editor shows as 'what a
 * guest in each language will see'. Hotel texts follow the interface's fallback (the chosen language, English,
 * French), then the hotel's primary language; a text that exists in none of those is still shown in a language it
 * has, so content is never hidden for want of a translation.
 */

/** The language the product's texts are written in: the last fallback of every text. */
export const SOURCE_LANGUAGE = 'fr';

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

/**
 * The languages the guest app tries for the whole actions list, best first, without repeats: the chosen language,
 * `en`, the hotel's primary language, its enabled languages by position, `fr`. The server lists an action only in a
 * language it is translated into, and the first language whose list is not empty wins (actions are not picked one
 * by one, unlike the texts above).
 */
export function actionListLanguages(
  chosen: string,
  primary: string | undefined,
  enabledByPosition: readonly string[],
): string[] {
  const candidates = [chosen, 'en', primary, ...enabledByPosition, SOURCE_LANGUAGE];
  return [...new Set(candidates.filter((code): code is string => Boolean(code)))];
}

/**
 * The languages a dish of the restaurant's menu is named in for a guest, best first (the meal photo's dish list): the
 * chosen language, the hotel's primary language, `fr`; a dish named in none of them shows its first name.
 */
export function dishNameLanguages(chosen: string, primary: string): string[] {
  return [...new Set([chosen, primary, SOURCE_LANGUAGE])];
}
