import { Trans } from '@lingui/react/macro';
import './WelcomePage.css';

/** The root address `/` (SPEC.md §2): what GreenMiles is, and how to start (scan the room's QR code). */
export function WelcomePage() {
  return (
    <main className="welcome" data-scope="welcome">
      <div className="welcome__hero" aria-hidden="true">
        🌿
      </div>
      <h1 className="welcome__title">
        <Trans>Bienvenue sur GreenMiles</Trans>
      </h1>
      <p className="welcome__tagline">
        <Trans>Gagnez des points pour vos gestes éco-responsables et débloquez des récompenses.</Trans>
      </p>
      <p className="welcome__hint" data-part="hint">
        <span className="welcome__hint-icon" aria-hidden="true">
          ▣
        </span>
        <Trans>Pour commencer, scannez le QR code présent dans votre chambre.</Trans>
      </p>
    </main>
  );
}
