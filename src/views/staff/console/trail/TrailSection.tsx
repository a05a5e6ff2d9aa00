import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { STAFF_AUDIT_KINDS, type StaffAccount, type StaffAuditEntry } from '../../../../../contract/schemas.ts';
import {
  isValidTrailRange,
  type staffTrailMachine,
  type TrailFilters,
} from '../../../../../machines/staffTrail.machine.ts';
import { ErrorCard } from '../../../../components/ErrorCard.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { formatHotelTime } from '../../../../i18n/hotelTime.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../../binding/useConnected.ts';
import { DateField } from '../DateField.tsx';
import { ROLE_LABELS } from '../staffRoles.ts';
import { TableScroll } from '../TableScroll.tsx';
import { KIND_LABELS } from './kindLabels.ts';
import { connectStaffTrail, type StaffTrailProps } from './staffTrail.connect.ts';
import './TrailSection.css';

/**
 * The 'Trail' tab (docs/behaviour.md#trail-tab): the staff's actions, the latest first, filtered by person, days and
 * kind; 'Load more' pages on, 'Export CSV' downloads the whole trail of the filters.
 */
export function TrailSection({ actorRef }: { actorRef: ActorRefFrom<typeof staffTrailMachine> }) {
  const { t } = useLingui();
  const trail = useConnected(actorRef, connectStaffTrail);
  return (
    <div className="staff-trail staff-tab-stack" {...trail.root}>
      {trail.filtersReady && <TrailFiltersForm trail={trail} />}
      {trail.screen === 'loading' && <Spinner label={t`Chargement du journal…`} />}
      {trail.screen === 'failed' && (
        <ErrorCard message={t`Impossible de charger le journal.`} onRetry={trail.onRetry} />
      )}
      {trail.screen === 'shown' && <TrailEntries trail={trail} />}
    </div>
  );
}

function TrailFiltersForm({ trail }: { trail: StaffTrailProps }) {
  const { t, i18n } = useLingui();
  const [filters, setFilters] = useState<TrailFilters>(trail.filters);
  const change = (part: Partial<TrailFilters>) => setFilters((current) => ({ ...current, ...part }));

  function submit(event: FormEvent) {
    event.preventDefault();
    trail.onFilter(filters);
  }

  return (
    <form className="staff-trail__filters staff-tab-card" data-part="filters" onSubmit={submit}>
      <fieldset className="staff-trail__fieldset">
        <legend className="staff-trail__legend">
          <Trans>Filtrer</Trans>
        </legend>
        <div className="staff-trail__fields">
          <label className="staff-trail__field">
            <span>{t`Personne`}</span>
            <select
              data-part="person"
              value={filters.accountId ?? ''}
              onChange={(event) => change({ accountId: event.target.value ? Number(event.target.value) : null })}
            >
              <option value="">{t`Tout le monde`}</option>
              {trail.people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </label>
          <label className="staff-trail__field">
            <span>{t`Action`}</span>
            <select
              data-part="kind"
              value={filters.kind ?? ''}
              onChange={(event) =>
                change({ kind: STAFF_AUDIT_KINDS.find((kind) => kind === event.target.value) ?? null })
              }
            >
              <option value="">{t`Toutes les actions`}</option>
              {STAFF_AUDIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {i18n._(KIND_LABELS[kind])}
                </option>
              ))}
            </select>
          </label>
          <DateField label={t`Du`} part="from" value={filters.from} onChange={(from) => change({ from })} />
          <DateField label={t`Au`} part="to" value={filters.to} onChange={(to) => change({ to })} />
          <button type="submit" className="button-primary staff-trail__button" data-part="apply">
            <Trans>Afficher</Trans>
          </button>
        </div>
      </fieldset>
      {trail.invalidRange && !isValidTrailRange(filters) && (
        <p className="staff-trail__invalid" role="alert" data-part="invalid-range">
          <Trans>Période invalide : la date de fin ne peut pas précéder la date de début.</Trans>
        </p>
      )}
    </form>
  );
}

function TrailEntries({ trail }: { trail: StaffTrailProps }) {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const headingId = useId();
  const at = (moment: string) => formatHotelTime(moment, language, trail.timeZone);
  return (
    <section className="staff-trail__entries staff-tab-card" aria-labelledby={headingId} data-part="entries">
      <div className="staff-trail__toolbar">
        <h3 id={headingId} className="staff-trail__heading">
          <Trans>Dernières actions</Trans>
        </h3>
        {trail.entries.length > 0 && (
          <button
            type="button"
            className="button-secondary staff-trail__button"
            data-part="export"
            disabled={trail.exporting}
            onClick={trail.onExport}
          >
            {trail.exporting ? t`Export…` : t`Exporter en CSV`}
          </button>
        )}
      </div>
      {trail.exportFailed && (
        <p className="staff-trail__failure" role="alert" data-part="export-failed">
          <Trans>L'export a échoué. Réessayez.</Trans>
        </p>
      )}
      {trail.entries.length === 0 ? (
        <p className="staff-trail__empty" data-part="empty">
          <Trans>Aucune action ne correspond à ces filtres.</Trans>
        </p>
      ) : (
        <TableScroll label={t`Dernières actions`}>
          <table className="staff-table" aria-labelledby={headingId} data-part="trail">
            <thead>
              <tr>
                <th scope="col">{t`Quand`}</th>
                <th scope="col">{t`Qui`}</th>
                <th scope="col">{t`Action`}</th>
                <th scope="col">{t`Sur`}</th>
              </tr>
            </thead>
            <tbody>
              {trail.entries.map((entry) => (
                <tr key={entry.id} data-state={entry.kind}>
                  <td>{at(entry.at)}</td>
                  {/* Who and in which role; what and its few words of detail: four columns a phone can take in. */}
                  <th scope="row" className="staff-table__text">
                    <span className="staff-trail__line">{entry.actorName ?? t`Inconnu`}</span>
                    {entry.role && <span className="staff-trail__second">{i18n._(ROLE_LABELS[entry.role])}</span>}
                  </th>
                  <td className="staff-table__text">
                    <span className="staff-trail__line">{i18n._(KIND_LABELS[entry.kind])}</span>
                    {entry.detail && (
                      <span className="staff-trail__second" dir="auto">
                        {entry.detail}
                      </span>
                    )}
                  </td>
                  <td>
                    <EntryTarget entry={entry} people={trail.people} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {trail.moreFailed && (
        <p className="staff-trail__failure" role="alert" data-part="more-failed">
          <Trans>Impossible de charger la suite. Réessayez.</Trans>
        </p>
      )}
      {trail.hasMore && (
        <button
          type="button"
          className="button-secondary staff-trail__button staff-trail__more"
          data-part="more"
          disabled={trail.loadingMore}
          onClick={trail.onLoadMore}
        >
          {trail.loadingMore ? t`Chargement…` : t`Charger plus`}
        </button>
      )}
    </section>
  );
}

/** What an action was done on: a room, a reward code, a stay, another person's account. */
function EntryTarget({ entry, people }: { entry: StaffAuditEntry; people: StaffAccount[] }) {
  const { t } = useLingui();
  const target =
    entry.targetAccountId === null
      ? null
      : (people.find((person) => person.id === entry.targetAccountId)?.name ?? `#${entry.targetAccountId}`);
  const room = entry.roomNumber;
  return (
    <span className="staff-trail__target">
      {room !== null && <span>{t`Chambre ${room}`}</span>}
      {entry.code !== null && <span className="staff-code">{entry.code}</span>}
      {entry.sUUID !== null && room === null && <span>{t`Un séjour`}</span>}
      {target !== null && <span>{target}</span>}
    </span>
  );
}
