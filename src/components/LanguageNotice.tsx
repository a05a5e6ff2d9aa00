import { useLingui } from '@lingui/react/macro';
import './LanguageNotice.css';

/** Some texts are shown in a fallback language: which one, for the guest who chose another (languages by name). */
export interface LanguageNoticeProps {
  requested: string;
  shown: string;
}

/**
 * A language's own name, as its speakers write it ('de' → 'Deutsch', 'en' → 'English', 'ar' → 'العربية'), so each
 * guest recognises theirs; the upper-case code when the browser knows no name for it.
 */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // Not a valid language tag: the code below.
  }
  return code.toUpperCase();
}

/** The notice's props when texts are shown in `shown` rather than the `requested` language, else null. */
export function languageNoticeOf(requested: string, shown: string | null | undefined): LanguageNoticeProps | null {
  return shown && shown !== requested ? { requested: languageName(requested), shown: languageName(shown) } : null;
}

/** The notice of a list drawn in a fallback language (docs/behaviour.md#language-fallback): actions and rewards. */
export function LanguageNotice({ requested: requestedName, shown: shownName }: LanguageNoticeProps) {
  const { t } = useLingui();
  return (
    <p className="language-notice" role="status" data-part="language-notice">
      {t`Certaines traductions manquent en ${requestedName}. Affichage en ${shownName}.`}
    </p>
  );
}
