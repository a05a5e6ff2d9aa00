import { useLingui } from '@lingui/react/macro';
import './LanguageNotice.css';

/** Some texts are shown in a fallback language: which one, for the guest who chose another (upper-case codes). */
export interface LanguageNoticeProps {
  requested: string;
  shown: string;
}

/** The notice's props when texts are shown in `shown` rather than the `requested` language, else null. */
export function languageNoticeOf(requested: string, shown: string | null | undefined): LanguageNoticeProps | null {
  return shown && shown !== requested ? { requested: requested.toUpperCase(), shown: shown.toUpperCase() } : null;
}

/** The notice of a list drawn in a fallback language (docs/behaviour.md#language-fallback): actions and rewards. */
export function LanguageNotice({ requested: requestedCode, shown: shownCode }: LanguageNoticeProps) {
  const { t } = useLingui();
  return (
    <p className="language-notice" role="status" data-part="language-notice">
      {
        // '' is an apostrophe in ICU messages (a single one would quote the placeholder).
        t`Certaines traductions manquent pour ''${requestedCode}''. Affichage en ''${shownCode}''`
      }
    </p>
  );
}
