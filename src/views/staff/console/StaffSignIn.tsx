import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { StaffConsoleProps } from './staffConsole.connect.ts';

/** The radio value of 'Autre nom': not a name (names are what people typed, never empty). */
const OTHER_NAME = '';

/**
 * The staff page's sign-in (docs/behaviour.md#staff-page): one's name — chosen among those that signed in on this
 * device, or typed — then one's PIN.
 */
export function StaffSignIn({
  busy,
  knownNames,
  failure,
  retryAfterMinutes,
  signedOutEverywhere,
  onSubmit,
}: StaffConsoleProps['signIn']) {
  const { t } = useLingui();
  // The latest name that signed in here is chosen already: at a shared desk, the same person signs in again.
  const [chosen, setChosen] = useState(knownNames[0] ?? OTHER_NAME);
  const [typedName, setTypedName] = useState('');
  const [pin, setPin] = useState('');
  const baseId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const typing = chosen === OTHER_NAME;
  const name = typing ? typedName : chosen;

  // Ready to type: the name when none is chosen yet, else the PIN (after a refused attempt too: the field was emptied).
  // Read from the field, not the state: typing a name must not move the focus at each letter.
  useEffect(() => {
    if (busy) return;
    const nameMissing = typing && (nameRef.current?.value ?? '').trim() === '';
    (nameMissing ? nameRef : pinRef).current?.focus();
  }, [busy, typing]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(name, pin);
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

  const nameField = (
    <div className="staff-sign-in__field">
      <label className="staff-sign-in__label" htmlFor={`${baseId}-name`}>
        {t`Votre nom`}
      </label>
      <input
        ref={nameRef}
        id={`${baseId}-name`}
        className="staff-sign-in__input"
        data-part="name"
        type="text"
        autoComplete="username"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={80}
        value={typedName}
        disabled={busy}
        onChange={(event) => setTypedName(event.target.value)}
      />
    </div>
  );

  return (
    <form className="staff-sign-in" data-scope="staff-sign-in" onSubmit={submit}>
      <h2 className="staff-sign-in__title">
        <Trans>Connexion du personnel</Trans>
      </h2>
      <p className="staff-sign-in__hint">
        <Trans>Réservé au personnel de l'hôtel.</Trans>
      </p>
      {signedOutEverywhere && (
        <p className="staff-sign-in__notice" role="status" data-part="notice">
          <Trans>Vous êtes déconnecté de tous vos appareils.</Trans>
        </p>
      )}
      {knownNames.length === 0 ? (
        nameField
      ) : (
        <fieldset className="staff-sign-in__names" data-part="names" disabled={busy}>
          <legend className="staff-sign-in__label">
            <Trans>Qui êtes-vous ?</Trans>
          </legend>
          {[...knownNames, OTHER_NAME].map((option) => (
            <label
              key={option}
              className="staff-sign-in__name"
              data-part="name-option"
              data-state={option === chosen ? 'checked' : 'unchecked'}
            >
              <input
                type="radio"
                name={`${baseId}-names`}
                value={option}
                checked={option === chosen}
                onChange={() => setChosen(option)}
              />
              <span>{option === OTHER_NAME ? t`Autre nom` : option}</span>
            </label>
          ))}
          {typing && nameField}
        </fieldset>
      )}
      <div className="staff-sign-in__field">
        <label className="staff-sign-in__label" htmlFor={`${baseId}-pin`}>
          {t`Mot de passe`}
        </label>
        <input
          ref={pinRef}
          id={`${baseId}-pin`}
          className="staff-sign-in__input staff-sign-in__pin"
          data-part="pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          value={pin}
          disabled={busy}
          onChange={(event) => setPin(event.target.value)}
        />
      </div>
      {failureText && (
        <p className="staff-sign-in__error" role="alert" data-part="error">
          {failureText}
        </p>
      )}
      <button
        type="submit"
        className="button-primary"
        data-part="submit"
        disabled={busy || pin === '' || name.trim() === ''}
      >
        {busy ? t`Vérification…` : t`Se connecter`}
      </button>
    </form>
  );
}
