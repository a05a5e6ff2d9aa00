/**
 * The interface locales and the first-visit language rule: the app follows it, and the server preloads the catalog it
 * picks (server/static-files.ts).
 */

/** Locales whose interface texts ship as catalogs; fr is the source locale. */
export const APP_LOCALES = ['fr', 'en', 'ar'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'fr';

const RTL_PREFIXES = ['ar', 'he', 'fa', 'ur'];

/** docs/behaviour.md#text-direction: right to left for codes starting with ar, he, fa or ur, or when the hotel declares rtl. */
export function directionOf(code: string, declared?: 'rtl' | 'ltr'): 'rtl' | 'ltr' {
  if (declared === 'rtl') return 'rtl';
  return RTL_PREFIXES.some((prefix) => code.toLowerCase().startsWith(prefix)) ? 'rtl' : 'ltr';
}

/** The base language of a code: `en-GB` → `en`. */
function baseOf(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0] ?? '';
}

function isAppLocale(code: string): code is AppLocale {
  return (APP_LOCALES as readonly string[]).includes(code);
}

/** docs/behaviour.md#interface-language: interface texts fall back from the chosen language to English, then French. */
export function interfaceLocaleFor(code: string): AppLocale {
  const base = baseOf(code);
  return isAppLocale(base) ? base : 'en';
}

/**
 * A first visit (no language chosen on this device): the browser's preferred languages (`navigator.languages`,
 * by base language: en-GB → en) that have an interface catalog, in order and without repeats, then French, the
 * default. The stay root takes the first of them its hotel enables (machines/stay.machine.ts).
 */
export function firstVisitCandidates(preferred: readonly string[]): AppLocale[] {
  const withCatalog = preferred.map(baseOf).filter(isAppLocale);
  return [...new Set([...withCatalog, DEFAULT_LOCALE])];
}
