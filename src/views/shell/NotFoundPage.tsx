import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './NotFoundPage.css';

/** Any unknown address: a calm message and a way back to the welcome page. */
export function NotFoundPage() {
  return (
    <main className="not-found" data-scope="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">
        <Trans>Page introuvable</Trans>
      </h1>
      <p className="not-found__text">
        <Trans>
          Cette page n'existe pas ou n'est plus disponible. Pour retrouver votre séjour, scannez à nouveau le QR code de
          votre chambre.
        </Trans>
      </p>
      <Link className="not-found__home" to="/{-$mode}" params={{ mode: undefined }}>
        <Trans>Retour à l'accueil</Trans>
      </Link>
    </main>
  );
}
