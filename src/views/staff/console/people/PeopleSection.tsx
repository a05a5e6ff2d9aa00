import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StaffAccount } from '../../../../../contract/schemas.ts';
import { STAFF_ROLES, type StaffRole } from '../../../../../contract/staff-roles.ts';
import type { StaffPeopleRefusal, staffPeopleMachine } from '../../../../../machines/staffPeople.machine.ts';
import { ErrorCard } from '../../../../components/ErrorCard.tsx';
import { Sheet, SheetCloseButton } from '../../../../components/Sheet.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { ROLE_LABELS } from '../staffRoles.ts';
import { TableScroll } from '../TableScroll.tsx';
import { connectStaffPeople, type StaffPeopleProps } from './staffPeople.connect.ts';
import './PeopleSection.css';

/**
 * The 'People' tab (docs/behaviour.md#people-tab): who may sign in to the staff page, with which role; add a person,
 * and manage one in a dialog (name, role, a new PIN, access). A new PIN is shown once, in a dialog of its own.
 */
export function PeopleSection({ actorRef }: { actorRef: ActorRefFrom<typeof staffPeopleMachine> }) {
  const { t } = useLingui();
  const people = useConnected(actorRef, connectStaffPeople);
  return (
    <div className="staff-people staff-tab-stack" {...people.root}>
      {people.screen === 'loading' && <Spinner label={t`Chargement des personnes…`} />}
      {people.screen === 'failed' && (
        <ErrorCard message={t`Impossible de charger les personnes.`} onRetry={people.onRetry} />
      )}
      {people.screen === 'shown' && (
        <>
          <AddPersonForm people={people} />
          <PeopleTable accounts={people.accounts} onOpen={people.onOpen} />
        </>
      )}
      {people.manage && <ManageDialog people={people} manage={people.manage} />}
      {people.pin && <PinDialog pin={people.pin} onCopy={people.onCopyPin} onDismiss={people.onDismissPin} />}
    </div>
  );
}

function useRefusalText(): (refusal: StaffPeopleRefusal) => string {
  const { t } = useLingui();
  return (refusal) =>
    refusal === 'nameTaken'
      ? t`Une autre personne de l'hôtel porte déjà ce nom : choisissez-en un autre.`
      : refusal === 'lastManager'
        ? t`C'est le dernier responsable de l'hôtel : nommez d'abord un autre responsable.`
        : t`Une erreur est survenue`;
}

function RoleSelect({
  value,
  disabled,
  onChange,
}: {
  value: StaffRole;
  disabled: boolean;
  onChange(role: StaffRole): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <label className="staff-people__field">
      <span>{t`Rôle`}</span>
      <select
        data-part="role"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(STAFF_ROLES.find((role) => role === event.target.value) ?? value)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {i18n._(ROLE_LABELS[role])}
          </option>
        ))}
      </select>
    </label>
  );
}

function NameField({ value, disabled, onChange }: { value: string; disabled: boolean; onChange(name: string): void }) {
  const { t } = useLingui();
  return (
    <label className="staff-people__field staff-people__field--name">
      <span>{t`Nom`}</span>
      <input
        data-part="name"
        value={value}
        required
        maxLength={80}
        autoComplete="off"
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

function AddPersonForm({ people }: { people: StaffPeopleProps }) {
  const { t } = useLingui();
  const refusalText = useRefusalText();
  const headingId = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('frontDesk');
  const added = people.pin !== null;

  // A person added: the form is ready for the next one.
  useEffect(() => {
    if (added) setName('');
  }, [added]);

  function submit(event: FormEvent) {
    event.preventDefault();
    people.onAdd(name, role);
  }

  return (
    <form className="staff-people__add staff-tab-card" aria-labelledby={headingId} data-part="add" onSubmit={submit}>
      <h3 id={headingId} className="staff-people__heading">
        <Trans>Ajouter une personne</Trans>
      </h3>
      <div className="staff-people__fields">
        <NameField value={name} disabled={people.adding} onChange={setName} />
        <RoleSelect value={role} disabled={people.adding} onChange={setRole} />
        <button
          type="submit"
          className="button-primary staff-people__button"
          data-part="add-submit"
          disabled={people.adding}
        >
          {people.adding ? t`Ajout…` : t`Ajouter`}
        </button>
      </div>
      <p className="staff-people__hint">
        <Trans>Son PIN personnel s'affichera une seule fois, pour le lui transmettre.</Trans>
      </p>
      {people.addRefusal && (
        <p className="staff-people__refusal" role="alert" data-part="add-refusal">
          {refusalText(people.addRefusal)}
        </p>
      )}
    </form>
  );
}

function PeopleTable({ accounts, onOpen }: { accounts: StaffAccount[]; onOpen(accountId: number): void }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="staff-people__list staff-tab-card" aria-labelledby={headingId} data-part="list">
      <h3 id={headingId} className="staff-people__heading">
        <Trans>Qui peut se connecter</Trans>
      </h3>
      <TableScroll label={t`Qui peut se connecter`}>
        <table className="staff-table" aria-labelledby={headingId} data-part="accounts">
          <thead>
            <tr>
              <th scope="col">{t`Nom`}</th>
              <th scope="col">{t`Rôle`}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <PersonRow key={account.id} account={account} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function PersonRow({ account, onOpen }: { account: StaffAccount; onOpen(accountId: number): void }) {
  const { t, i18n } = useLingui();
  const { name } = account;
  return (
    <tr data-state={account.enabled ? 'enabled' : 'disabled'}>
      <th scope="row" className="staff-table__text">
        {/* The whole name opens the person's dialog: a large target in a narrow table. */}
        <button
          type="button"
          className="staff-people__open"
          data-part="manage"
          aria-label={t`Gérer ${name}`}
          onClick={() => onOpen(account.id)}
        >
          {name}
        </button>
        {!account.enabled && (
          <span className="staff-people__disabled" data-part="disabled">
            {t`Désactivé`}
          </span>
        )}
      </th>
      <td>{i18n._(ROLE_LABELS[account.role])}</td>
    </tr>
  );
}

type Manage = NonNullable<StaffPeopleProps['manage']>;

/** The person being managed: the form, or one of the two questions asked before someone's sessions end. */
function ManageDialog({ people, manage }: { people: StaffPeopleProps; manage: Manage }) {
  const { t } = useLingui();
  const { account, busy } = manage;
  const name = account.name;
  return (
    <Sheet
      title={name}
      onClose={busy ? () => {} : people.onClose}
      corner={busy ? undefined : <SheetCloseButton onClose={people.onClose} />}
      scope="staff-person"
      state={manage.step}
    >
      {manage.panel === 'form' ? (
        <ManageForm people={people} manage={manage} />
      ) : (
        <div className="staff-people__question" data-part="question">
          <p>
            {manage.panel === 'disable'
              ? t`Désactiver l'accès de ${name} ? Ses sessions ouvertes se ferment tout de suite et son PIN ne marchera plus. Ce qu'il ou elle a fait reste dans le journal.`
              : t`Donner un nouveau PIN à ${name} ? L'ancien ne marchera plus et ses sessions ouvertes se ferment tout de suite.`}
          </p>
          <div className="staff-people__buttons">
            <button
              type="button"
              className="button-primary staff-people__button staff-people__button--danger"
              data-part="confirm"
              disabled={busy}
              onClick={people.onConfirm}
            >
              {manage.panel === 'disable'
                ? busy
                  ? t`Désactivation…`
                  : t`Désactiver l'accès`
                : busy
                  ? t`Création du PIN…`
                  : t`Donner un nouveau PIN`}
            </button>
            <button
              type="button"
              className="button-secondary staff-people__button"
              data-part="back"
              disabled={busy}
              onClick={people.onBack}
            >
              {t`Retour`}
            </button>
          </div>
        </div>
      )}
    </Sheet>
  );
}

function ManageForm({ people, manage }: { people: StaffPeopleProps; manage: Manage }) {
  const { t } = useLingui();
  const refusalText = useRefusalText();
  const { account, busy } = manage;
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<StaffRole>(account.role);

  function submit(event: FormEvent) {
    event.preventDefault();
    people.onSave(name, role);
  }

  return (
    <div className="staff-people__manage">
      <form className="staff-people__edit" data-part="edit" onSubmit={submit}>
        <NameField value={name} disabled={busy} onChange={setName} />
        <RoleSelect value={role} disabled={busy} onChange={setRole} />
        <button type="submit" className="button-primary staff-people__button" data-part="save" disabled={busy}>
          {manage.pending === 'edit' ? t`Enregistrement…` : t`Enregistrer`}
        </button>
      </form>
      {manage.refusal && (
        <p className="staff-people__refusal" role="alert" data-part="refusal">
          {refusalText(manage.refusal)}
        </p>
      )}
      <div className="staff-people__access-tools" data-part="access-tools">
        <p className="staff-people__hint">
          {account.enabled
            ? t`Un nouveau PIN ou la désactivation ferment ses sessions ouvertes.`
            : t`Accès désactivé : ce compte ne peut plus se connecter.`}
        </p>
        <div className="staff-people__buttons">
          <button
            type="button"
            className="button-secondary staff-people__button"
            data-part="pin-reset"
            disabled={busy}
            onClick={people.onAskPinReset}
          >
            {t`Nouveau PIN`}
          </button>
          {account.enabled ? (
            <button
              type="button"
              className="button-secondary staff-people__button"
              data-part="disable"
              disabled={busy}
              onClick={people.onAskDisable}
            >
              {t`Désactiver l'accès`}
            </button>
          ) : (
            <button
              type="button"
              className="button-secondary staff-people__button"
              data-part="enable"
              disabled={busy}
              onClick={people.onEnable}
            >
              {manage.pending === 'access' ? t`Réactivation…` : t`Réactiver l'accès`}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** A new PIN, shown this once: large, in Latin digits left to right in every language, with a copy. */
function PinDialog({
  pin,
  onCopy,
  onDismiss,
}: {
  pin: NonNullable<StaffPeopleProps['pin']>;
  onCopy(): void;
  onDismiss(): void;
}) {
  const { t } = useLingui();
  const name = pin.name;
  return (
    <Sheet title={t`PIN de ${name}`} onClose={onDismiss} scope="staff-pin" state={pin.copy}>
      <div className="staff-people__pin-body">
        <p className="note note--warning staff-people__once" data-part="once">
          {t`Transmettez-le à ${name} maintenant : il ne sera plus affiché.`}
        </p>
        <p className="staff-people__pin" data-part="pin" dir="ltr" translate="no">
          {pin.pin}
        </p>
        <div className="staff-people__buttons">
          <button
            type="button"
            className="button-secondary staff-people__button"
            data-part="copy"
            disabled={pin.copy === 'copying'}
            onClick={onCopy}
          >
            {pin.copy === 'copied' ? t`PIN copié` : t`Copier le PIN`}
          </button>
          <button type="button" className="button-primary staff-people__button" data-part="done" onClick={onDismiss}>
            {t`C'est noté`}
          </button>
        </div>
        <p className="staff-people__copy-status" role="status" data-part="copy-status">
          {pin.copy === 'copied'
            ? t`PIN copié`
            : pin.copy === 'copyFailed'
              ? t`Copie impossible : recopiez le PIN à la main.`
              : ''}
        </p>
      </div>
    </Sheet>
  );
}
