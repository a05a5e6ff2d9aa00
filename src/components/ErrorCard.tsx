import { useLingui } from '@lingui/react/macro';
import './ErrorCard.css';

export interface ErrorCardProps {
  /** Already translated text shown to the guest. */
  message: string;
  /** When given, a retry button is shown. */
  onRetry?: () => void;
  /** Replaces the default 'Réessayer' label. */
  retryLabel?: string;
}

/** An error with an optional retry: the screen never goes blank (docs/behaviour.md#error-texts). */
export function ErrorCard({ message, onRetry, retryLabel }: ErrorCardProps) {
  const { t } = useLingui();
  return (
    <div className="error-card" role="alert" data-scope="error-card">
      <p className="error-card__message" data-part="message">
        {message}
      </p>
      {onRetry && (
        <button type="button" className="error-card__retry" data-part="retry" onClick={onRetry}>
          {retryLabel ?? t`Réessayer`}
        </button>
      )}
    </div>
  );
}
