import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { StaffConsoleProps } from './staffConsole.connect.ts';

/** The staff PIN form of the staff page (docs/behaviour.md#staff-page). */
export function StaffSignIn({ busy, failure, retryAfterMinutes, onSubmit }: StaffConsoleProps['signIn']) {
  const { t } = useLingui();
  const [pin, setPin] = useState('');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Shown again after a refused attempt (the field was emptied when it was sent): the staff type again at once.
  useEffect(() => {
    if (!busy) inputRef.current?.focus();
  }, [busy]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(pin);
    setPin('');
  }

  const minutes = retryAfterMinutes ?? 15;
  const failureText =
    failure === 'wrongPin'
      ? t`Mot de passe incorrect`
      : failure === 'rateLimited'
        ? t`Trop de tentatives. Réessayez dans ${minutes} min.`
        : failure === 'expired'
          ? t`Votre session a expiré. Saisissez à nouveau le mot de passe.`
          : failure === 'failed'
            ? t`Une erreur est survenue`
            : null;

  return (
    <form className="staff-sign-in" data-scope="staff-sign-in" onSubmit={submit}>
      <h2 className="staff-sign-in__title">
        <Trans>Connexion du personnel</Trans>
      </h2>
      <p>
        <Trans>Réservé au personnel de l'hôtel.</Trans>
      </p>
      <label className="staff-sign-in__label" htmlFor={inputId}>
        {t`Mot de passe`}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="staff-sign-in__pin"
        data-part="pin"
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        value={pin}
        disabled={busy}
        onChange={(event) => setPin(event.target.value)}
      />
      {failureText && (
        <p className="staff-sign-in__error" role="alert" data-part="error">
          {failureText}
        </p>
      )}
      <button type="submit" className="button-primary" data-part="submit" disabled={busy || pin === ''}>
        {busy ? t`Vérification…` : t`Se connecter`}
      </button>
    </form>
  );
}
