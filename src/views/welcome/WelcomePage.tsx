import { Trans } from '@lingui/react/macro';
import './WelcomePage.css';

/** The root address `/` (docs/behaviour.md#routes): what GreenMiles is, and how to start (scan the room's QR code). */
export function WelcomePage() {
  return (
    <main className="welcome" data-scope="welcome">
      <div className="welcome__hero">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="48"
          height="48"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" strokeLinejoin="round" />
          <path d="M5 19c3-4 6-7 10-9" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="welcome__title">
        <Trans>Bienvenue sur GreenMiles</Trans>
      </h1>
      <p className="welcome__tagline">
        <Trans>Gagnez des points pour les gestes que l'hôtel vous propose et débloquez des récompenses.</Trans>
      </p>
      <p className="welcome__hint" data-part="hint">
        <svg className="welcome__hint-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM6 6h1v1H6zM17 6h1v1h-1zM6 17h1v1H6zM14 14h3v3h-3zM18 18h3v3h-3zM14 19h2v2h-2zM19 14h2v2h-2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        <Trans>Pour commencer, scannez le QR code présent dans votre chambre.</Trans>
      </p>
    </main>
  );
}
