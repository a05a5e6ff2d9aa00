import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createContext, type ReactNode, use, useCallback, useEffect, useState } from 'react';
import { DEFAULT_LOCALE, firstVisitCandidates } from '../../contract/locales.ts';
import { guestStorage } from '../storage/guest-storage.ts';
import { activateLanguage } from './activate.ts';

interface LanguageContextValue {
  /** The guest's chosen language (may be a hotel language without an interface catalog, e.g. de). */
  language: string;
  setLanguage: (language: string, direction?: 'rtl' | 'ltr') => void;
  /** Shows the app in `language` without remembering it as the guest's choice (the first visit's language). */
  followLanguage: (language: string) => void;
}

/** The browser's preferred languages (none outside a browser). */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Holds the chosen language (browser key `langue`) and renders children once its catalog is active. Until the guest
 * chooses, the browser's first preferred language with a catalog, else French; a stay page then settles on one its
 * hotel enables (followLanguage).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(
    () => guestStorage.get('langue') ?? firstVisitCandidates(browserLanguages())[0] ?? DEFAULT_LOCALE,
  );
  const [direction, setDirection] = useState<'rtl' | 'ltr' | undefined>(undefined);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let current = true;
    activateLanguage(language, direction).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [language, direction]);

  const setLanguage = useCallback((next: string, nextDirection?: 'rtl' | 'ltr') => {
    guestStorage.set('langue', next);
    setDirection(nextDirection);
    setLanguageState(next);
  }, []);

  const followLanguage = useCallback((next: string) => {
    setDirection(undefined);
    setLanguageState(next);
  }, []);

  if (!ready) return null;
  return (
    <LanguageContext value={{ language, setLanguage, followLanguage }}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}
