import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { useMemo, useState } from 'react';
import { entryMachine, type QrRef } from '../../../machines/entry.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { INTERFACE_LANGUAGES, LanguageMenu } from '../../components/LanguageMenu.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ensureProfileUUID } from '../../storage/guest-storage.ts';
import { useConnected } from '../binding/useConnected.ts';
import { connectEntry } from './entry.connect.ts';
import { entryLogic } from './entry.logic.ts';
import './EntryPage.css';

export type { QrRef };

export const EntryContext = createActorContext(entryMachine);

export interface EntryPageProps {
  qr: QrRef;
  /** The entry machine with its actors; tests pass controlled ones. */
  logic?: typeof entryLogic;
}

/** /{qrId} and /hotel/{hId}: creates the stay, then leaves for it (docs/behaviour.md#entry). */
export function EntryPage({ qr, logic = entryLogic }: EntryPageProps) {
  const navigate = useNavigate();
  const isDemo = useParams({ strict: false, select: (params) => params.mode === 'demo' });
  const [profileUUID] = useState(ensureProfileUUID);
  const { language } = useLanguage();

  const providedLogic = useMemo(() => {
    // Keep the /demo prefix; replace the entry page in history so Back does not create the stay again.
    const mode = isDemo ? ('demo' as const) : undefined;
    return logic.provide({
      actions: {
        navigateToStay: ({ context }) => {
          if (context.stay)
            navigate({ to: '/{-$mode}/stay/$sUUID', params: { mode, sUUID: context.stay.sUUID }, replace: true });
        },
        navigateToDisabled: ({ context }) => {
          if (context.qr.kind === 'room')
            navigate({ to: '/{-$mode}/$qrId/disabled', params: { mode, qrId: context.qr.qrId }, replace: true });
        },
      },
    });
  }, [logic, navigate, isDemo]);

  return (
    <EntryContext.Provider
      key={qr.kind === 'room' ? `room:${qr.qrId}` : `hotel:${qr.hId}:${qr.key ?? ''}`}
      logic={providedLogic}
      options={{ input: { qr, profileUUID, language } }}
    >
      <EntryScreen />
    </EntryContext.Provider>
  );
}

function EntryScreen() {
  const { t, i18n } = useLingui();
  const { language, setLanguage } = useLanguage();
  const { root, isLoading, error, onRetry } = useConnected(EntryContext.useActorRef(), connectEntry);

  return (
    <main className="entry" {...root}>
      <div className="entry__toolbar" data-part="toolbar">
        <LanguageMenu languages={INTERFACE_LANGUAGES} current={language} onSelect={setLanguage} />
      </div>
      <div className="entry__content" data-part="content">
        <p className="entry__brand" data-part="brand" aria-hidden="true">
          GreenMiles
        </p>
        {isLoading ? (
          <Spinner label={t`Préparation de votre séjour…`} />
        ) : (
          <ErrorCard message={error ? i18n._(error) : ''} onRetry={onRetry} />
        )}
      </div>
    </main>
  );
}
