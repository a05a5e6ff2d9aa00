import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { useState } from 'react';
import { proofMachine, type StayWithPoints } from '../../../machines/dialogs/proof.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../components/LanguageMenu.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { useConnected } from '../binding/useConnected.ts';
import { useProvidedLogic } from '../binding/useProvidedLogic.ts';
import { connectProof, type ProofScreen } from './proof.connect.ts';
import { proofLogic } from './proof.logic.ts';
import './ProofPage.css';

export const ProofContext = createActorContext(proofMachine);

export interface ProofPageProps {
  actionId: number;
  /** The stay of the address (`/stay/{sUUID}/proof/{actionId}`), else null (a printed code: `/proof/{actionId}`). */
  sUUID: string | null;
  hId: number | null;
  qrId: string | null;
  /** The proof machine with its calls and storage; tests pass controlled ones. */
  logic?: typeof proofLogic;
}

/**
 * /stay/{sUUID}/proof/{actionId} and /proof/{actionId}?hId&qrId (docs/behaviour.md#proof-page): validates the scanned
 * on-site code, then goes back to the stay (keeping /demo), replacing itself in history so Back does not scan again.
 */
export function ProofPage(props: ProofPageProps) {
  // Another scanned address is another proof: a new machine with its own inputs.
  return <ProofSession key={`${props.sUUID}:${props.actionId}:${props.hId}:${props.qrId}`} {...props} />;
}

function ProofSession({ actionId, sUUID, hId, qrId, logic = proofLogic }: ProofPageProps) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  // Read once: the proof's inputs, not state that follows the language menu or storage writes.
  const [input] = useState(() => ({
    actionId,
    sUUID,
    hId,
    qrId,
    language,
    profileUUID: guestStorage.get('profileUUID'),
    storedSUUID: guestStorage.get('sUUID'),
  }));
  // Without `mode` in params the /demo prefix of the current address is kept.
  const providedLogic = useProvidedLogic(logic, {
    goToStayWithPoints: (_: unknown, { sUUID: stay, points }: StayWithPoints) => {
      navigate({
        to: '/{-$mode}/stay/$sUUID',
        params: { sUUID: stay },
        search: { proof_success: points },
        replace: true,
      });
    },
    goBack: (_: unknown, stay: string | null) => {
      if (stay) navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID: stay }, replace: true });
      else navigate({ to: '/{-$mode}', params: {}, replace: true });
    },
  });

  return (
    <ProofContext.Provider logic={providedLogic} options={{ input }}>
      <ProofScreenView />
    </ProofContext.Provider>
  );
}

function ProofScreenView() {
  const { language, setLanguage } = useLanguage();
  const { root, screen } = useConnected(ProofContext.useActorRef(), connectProof);
  return (
    <main className="proof-page" {...root}>
      <div className="proof-page__toolbar" data-part="toolbar">
        <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={setLanguage} />
      </div>
      <div className="proof-page__content" data-part="content">
        <h1 className="proof-page__title" data-part="title">
          <Trans>Validation de votre action</Trans>
        </h1>
        <ProofOutcome screen={screen} />
      </div>
    </main>
  );
}

function ProofOutcome({ screen }: { screen: ProofScreen }) {
  const { t, i18n } = useLingui();
  switch (screen.kind) {
    case 'loading':
      return <Spinner label={t`Validation du QR code…`} />;
    case 'succeeded':
      return (
        <p className="note note--success proof-page__outcome" role="status" data-part="success">
          <Trans>Action validée !</Trans> <span className="pill pill--success">+{screen.points}</span>
        </p>
      );
    case 'alreadyValidated':
      return (
        <p className="note note--warning proof-page__outcome" role="status" data-part="already-validated">
          <Trans>Action déjà validée.</Trans>
        </p>
      );
    case 'failed':
      return (
        <div className="proof-page__failure" data-part="failure">
          <ErrorCard message={i18n._(screen.error)} onRetry={screen.onRetry} />
          <button
            type="button"
            className="button-secondary proof-page__leave"
            data-part="leave"
            onClick={screen.onLeave}
          >
            {screen.leadsTo === 'stay' ? t`Retour à mon séjour` : t`Retour à l'accueil`}
          </button>
        </div>
      );
  }
}
