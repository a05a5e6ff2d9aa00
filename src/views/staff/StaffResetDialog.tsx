import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { staffResetMachine } from '../../../machines/staffReset.machine.ts';
import { Sheet } from '../../components/Sheet.tsx';
import { useConnected } from '../binding/useConnected.ts';
import { connectStaffDialog } from './staffResetDialog.connect.ts';
import './StaffResetDialog.css';

/** The staff reset's PIN dialog (docs/behaviour.md#staff-reset); a lazy chunk. */
export default function StaffResetDialog({ actor }: { actor: ActorRefFrom<typeof staffResetMachine> }) {
  const { t } = useLingui();
  const dialog = useConnected(actor, connectStaffDialog);
  const [pin, setPin] = useState('');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { busy } = dialog;

  // Back from a refused attempt (the field was emptied when it was sent): the staff type again at once.
  useEffect(() => {
    if (!busy) inputRef.current?.focus();
  }, [busy]);

  function submit(event: FormEvent) {
    event.preventDefault();
    dialog.onSubmit(pin);
    setPin('');
  }

  const minutes = dialog.retryAfterMinutes ?? 15;
  const failureText =
    dialog.failure === 'wrongPin'
      ? t`Mot de passe incorrect`
      : dialog.failure === 'rateLimited'
        ? t`Trop de tentatives. Réessayez dans ${minutes} min.`
        : dialog.failure === 'failed'
          ? t`Une erreur est survenue`
          : null;

  return (
    <Sheet
      title={<Trans>Réinitialiser le séjour</Trans>}
      onClose={dialog.onCancel}
      scope="staff-reset"
      state={dialog.state}
    >
      <form className="staff-reset" onSubmit={submit}>
        <p>
          <Trans>Réservé au personnel de l'hôtel. Saisissez le mot de passe pour terminer ce séjour.</Trans>
        </p>
        <label className="staff-reset__label" htmlFor={inputId}>
          {t`Mot de passe`}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="staff-reset__pin"
          data-part="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          disabled={busy}
          onChange={(event) => setPin(event.target.value)}
        />
        {failureText && (
          <p className="staff-reset__error" role="alert" data-part="error">
            {failureText}
          </p>
        )}
        <div className="staff-reset__buttons">
          <button type="submit" className="button-primary" data-part="submit" disabled={busy || pin === ''}>
            {dialog.progress === 'checking'
              ? t`Vérification…`
              : dialog.progress === 'terminating'
                ? t`Fin du séjour…`
                : t`Valider`}
          </button>
          <button
            type="button"
            className="button-secondary"
            data-part="cancel"
            disabled={busy}
            onClick={dialog.onCancel}
          >
            {t`Annuler`}
          </button>
        </div>
      </form>
    </Sheet>
  );
}
