import { useLingui } from '@lingui/react/macro';
import './Toast.css';

export interface ToastProps {
  /** Already translated text. */
  message: string;
  /** A short highlight beside the text, e.g. '+20'. */
  badge?: string;
  /** A loss of points must not look like a gain: it drops the success colours. */
  tone?: 'success' | 'loss';
  onDismiss(): void;
}

/** A success message across the screen above the bottom navigation, announced politely to assistive technology. */
export function Toast({ message, badge, tone = 'success', onDismiss }: ToastProps) {
  const { t } = useLingui();
  return (
    <div className="toast" role="status" data-scope="toast" data-tone={tone}>
      <p className="toast__message" data-part="message">
        {message}
      </p>
      {badge && (
        <span className={`pill ${tone === 'loss' ? '' : 'pill--accent '}points toast__badge`} data-part="badge">
          {badge}
        </span>
      )}
      <button type="button" className="toast__close" data-part="close" aria-label={t`Fermer`} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
