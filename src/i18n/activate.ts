import { i18n, type Messages } from '@lingui/core';
import { type AppLocale, directionOf, interfaceLocaleFor } from './locales.ts';

/** The catalogs of lingui.config.ts: `messages` for the first screens, `dialogs` for the lazy dialogs. */
export type CatalogName = 'messages' | 'dialogs';

const catalogImports: Record<CatalogName, (locale: AppLocale) => Promise<{ messages: Messages }>> = {
  messages: (locale) => import(`../../locales/${locale}/messages.po`),
  dialogs: (locale) => import(`../../locales/${locale}/dialogs.po`),
};

/** Catalogs the app has asked for so far: a language change loads them all again in the new locale. */
const wantedCatalogs = new Set<CatalogName>(['messages']);

async function loadCatalogs(locale: AppLocale, names: Iterable<CatalogName>): Promise<void> {
  const catalogs = await Promise.all([...names].map((name) => catalogImports[name](locale)));
  for (const { messages } of catalogs) i18n.load(locale, messages);
}

/**
 * Loads the catalogs of the interface locale for `language` (one chunk per locale and catalog) and sets
 * `<html lang dir>` from the language itself, so a hotel language without a catalog still gets its direction.
 */
export async function activateLanguage(language: string, declaredDirection?: 'rtl' | 'ltr'): Promise<void> {
  const locale = interfaceLocaleFor(language);
  if (i18n.locale !== locale) {
    await loadCatalogs(locale, wantedCatalogs);
    i18n.activate(locale);
  }
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language, declaredDirection);
}

/** Loads the dialogs catalog in the active locale (and in every locale activated later). */
export async function loadDialogsCatalog(): Promise<void> {
  wantedCatalogs.add('dialogs');
  await loadCatalogs(interfaceLocaleFor(i18n.locale || 'fr'), ['dialogs']);
}

/** A lazy component whose texts live in the dialogs catalog: the chunk and the catalog load together. */
export function withDialogsCatalog<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => {
    const [module] = await Promise.all([load(), loadDialogsCatalog()]);
    return module;
  };
}
