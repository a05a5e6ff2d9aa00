import { i18n } from '@lingui/core';
import { directionOf, interfaceLocaleFor } from './locales.ts';

/**
 * Loads the catalog of the interface locale for `language` (lazily: one chunk per locale) and sets
 * `<html lang dir>` from the language itself, so a hotel language without a catalog still gets its direction.
 */
export async function activateLanguage(language: string, declaredDirection?: 'rtl' | 'ltr'): Promise<void> {
  const locale = interfaceLocaleFor(language);
  if (i18n.locale !== locale) {
    const { messages } = await import(`../../locales/${locale}/messages.po`);
    i18n.loadAndActivate({ locale, messages });
  }
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language, declaredDirection);
}
