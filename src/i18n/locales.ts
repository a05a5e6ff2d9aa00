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

function isAppLocale(code: string): code is AppLocale {
  return (APP_LOCALES as readonly string[]).includes(code);
}

/** docs/behaviour.md#interface-language: interface texts fall back from the chosen language to English, then French. */
export function interfaceLocaleFor(code: string): AppLocale {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return isAppLocale(base) ? base : 'en';
}
