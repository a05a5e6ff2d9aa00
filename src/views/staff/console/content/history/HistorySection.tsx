import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { contentHistoryMachine } from '../../../../../../machines/contentHistory.machine.ts';
import { ErrorCard } from '../../../../../components/ErrorCard.tsx';
import { Spinner } from '../../../../../components/Spinner.tsx';
import { formatHotelTime } from '../../../../../i18n/hotelTime.ts';
import { useLanguage } from '../../../../../i18n/LanguageProvider.tsx';
import { useConnected } from '../../../../binding/useConnected.ts';
import { TableScroll } from '../../TableScroll.tsx';
import { useChangeLabel, valueText } from './changeLabels.ts';
import { type ContentHistoryProps, connectContentHistory } from './contentHistory.connect.ts';
import './HistorySection.css';

export type ContentHistoryRef = ActorRefFrom<typeof contentHistoryMachine>;

/**
 * The content's history (docs/behaviour.md#content-history): every saved version with when, who and how, the newest (the
 * current content) marked; one opened shows what changed since the version before it, and may be restored.
 */
export function HistorySection({ actorRef }: { actorRef: ContentHistoryRef }) {
  const { t } = useLingui();
  const history = useConnected(actorRef, connectContentHistory);
  return (
    <div className="content-history staff-tab-stack" {...history.root}>
      {history.screen === 'loading' && <Spinner label={t`Chargement de l'historique…`} />}
      {history.screen === 'failed' && (
        <ErrorCard message={t`Impossible de charger l'historique.`} onRetry={history.onRetry} />
      )}
      {history.screen === 'shown' && (
        <>
          <Outcome history={history} />
          {history.comparison && <Comparison history={history} />}
          <Versions history={history} />
        </>
      )}
    </div>
  );
}

/** What the last restore did: saved as a new version, refused for another save, or failed. */
function Outcome({ history }: { history: ContentHistoryProps }) {
  const { restored } = history;
  if (restored) {
    const { from, number } = restored;
    return (
      <div className="content-history__outcome staff-tab-card" role="status" data-part="restored">
        <p>
          {number === null ? (
            <Trans>La version {from} est restaurée.</Trans>
          ) : (
            <Trans>
              La version {from} est restaurée : c'est maintenant la version {number}, que les clients voient déjà.
            </Trans>
          )}
        </p>
        <button type="button" className="button-secondary content-history__button" onClick={history.onReload}>
          <Trans>Voir l'historique à jour</Trans>
        </button>
      </div>
    );
  }
  if (history.conflict)
    return (
      <div className="content-history__outcome staff-tab-card" role="alert" data-part="conflict">
        <p>
          <Trans>
            Quelqu'un a enregistré le contenu entre-temps : rien n'a été restauré. Rechargez l'historique pour voir sa
            version.
          </Trans>
        </p>
        <button type="button" className="button-secondary content-history__button" onClick={history.onReload}>
          <Trans>Recharger l'historique</Trans>
        </button>
      </div>
    );
  return null;
}

function Versions({ history }: { history: ContentHistoryProps }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const headingId = useId();
  return (
    <section className="content-history__versions staff-tab-card" aria-labelledby={headingId} data-part="versions">
      <h3 id={headingId} className="content-history__heading">
        <Trans>Versions enregistrées</Trans>
      </h3>
      {history.openFailed && (
        <p className="content-history__failure" role="alert" data-part="open-failed">
          <Trans>Impossible d'ouvrir cette version. Réessayez.</Trans>
        </p>
      )}
      {history.versions.length === 0 ? (
        <p data-part="empty">
          <Trans>Aucune version enregistrée pour l'instant.</Trans>
        </p>
      ) : (
        <TableScroll label={t`Versions enregistrées`}>
          <table className="staff-table" aria-labelledby={headingId} data-part="list">
            <thead>
              <tr>
                <th scope="col">{t`Version`}</th>
                <th scope="col">{t`Quand`}</th>
                <th scope="col">{t`Qui`}</th>
                <th scope="col">{t`Comment`}</th>
              </tr>
            </thead>
            <tbody>
              {history.versions.map((version) => {
                const { number, restoredFrom } = version;
                return (
                  <tr
                    key={number}
                    data-state={version.current ? 'current' : 'past'}
                    aria-current={version.current || undefined}
                  >
                    <th scope="row">
                      <span className="content-history__number">{number}</span>
                      {version.current && (
                        <span className="content-history__current" data-part="current">
                          {t`Actuelle`}
                        </span>
                      )}
                      <button
                        type="button"
                        className="button-secondary content-history__button content-history__open"
                        data-part="open"
                        aria-label={t`Comparer la version ${number} avec la précédente`}
                        aria-pressed={version.opened}
                        disabled={!history.canOpen}
                        onClick={version.onOpen}
                      >
                        {history.opening && version.opened ? t`Ouverture…` : t`Comparer`}
                      </button>
                    </th>
                    <td>{formatHotelTime(version.savedAt, language, history.timeZone)}</td>
                    <td className="staff-table__text">{version.actorName ?? t`Commande sur le serveur`}</td>
                    <td className="staff-table__text">
                      {version.kind === 'restored' && restoredFrom !== null
                        ? t`Restaurée depuis la version ${restoredFrom}`
                        : version.kind === 'saved'
                          ? t`Enregistrée`
                          : t`Importée`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Comparison({ history }: { history: ContentHistoryProps }) {
  const { t } = useLingui();
  const label = useChangeLabel();
  const headingId = useId();
  const comparison = history.comparison;
  if (!comparison) return null;
  const { number, previous } = comparison;
  return (
    <section className="content-history__comparison staff-tab-card" aria-labelledby={headingId} data-part="comparison">
      <div className="content-history__toolbar">
        <h3 id={headingId} className="content-history__heading">
          {previous === null
            ? t`Version ${number}, la première`
            : t`Version ${number} comparée à la version ${previous}`}
        </h3>
        <button
          type="button"
          className="button-secondary content-history__button"
          data-part="close"
          onClick={history.onClose}
        >
          <Trans>Fermer</Trans>
        </button>
      </div>
      {previous === null ? (
        <p data-part="first">
          <Trans>C'est la première version : il n'y a rien avant elle à comparer.</Trans>
        </p>
      ) : comparison.changes.length === 0 ? (
        <p data-part="no-change">
          <Trans>Aucune différence avec la version précédente.</Trans>
        </p>
      ) : (
        <TableScroll label={t`Changements`}>
          <table className="staff-table content-history__changes" data-part="changes">
            <caption className="visually-hidden">{t`Changements depuis la version ${previous}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Champ`}</th>
                <th scope="col">{t`Avant (version ${previous})`}</th>
                <th scope="col">{t`Après (version ${number})`}</th>
              </tr>
            </thead>
            <tbody>
              {comparison.changes.map((change) => (
                <tr key={change.path.join('/')} data-state={change.kind}>
                  <th scope="row" className="staff-table__text">
                    <span dir="ltr" className="content-history__label">
                      {label(change.label)}
                    </span>
                    {change.kind !== 'changed' && (
                      <span className="content-history__kind">{change.kind === 'added' ? t`Ajouté` : t`Supprimé`}</span>
                    )}
                  </th>
                  <td className="staff-table__text" dir="auto">
                    {valueText(change.before)}
                  </td>
                  <td className="staff-table__text" dir="auto">
                    {valueText(change.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {comparison.restorable && <Restore history={history} number={number} />}
    </section>
  );
}

/** Restoring asks first: the content the guests see changes at once. */
function Restore({ history, number }: { history: ContentHistoryProps; number: number }) {
  const { t } = useLingui();
  if (!history.confirming && !history.restoring && !history.restoreFailed)
    return (
      <button
        type="button"
        className="button-primary content-history__button"
        data-part="restore"
        onClick={history.onRestore}
      >
        {t`Restaurer la version ${number}`}
      </button>
    );
  return (
    <fieldset className="content-history__confirm" data-part="confirm">
      <legend className="visually-hidden">{t`Restaurer la version ${number}`}</legend>
      <p>
        {t`Restaurer la version ${number} ? Les clients verront aussitôt son contenu. Elle est enregistrée comme une nouvelle version : rien n'est perdu.`}
      </p>
      {history.restoreFailed && (
        <p className="content-history__failure" role="alert" data-part="restore-failed">
          <Trans>La restauration a échoué. Réessayez.</Trans>
        </p>
      )}
      <div className="content-history__buttons">
        <button
          type="button"
          className="button-primary content-history__button"
          data-part="confirm-restore"
          disabled={history.restoring}
          onClick={history.onConfirm}
        >
          {history.restoring ? t`Restauration…` : t`Oui, restaurer`}
        </button>
        {history.confirming && (
          <button
            type="button"
            className="button-secondary content-history__button"
            data-part="cancel"
            onClick={history.onCancel}
          >
            {t`Annuler`}
          </button>
        )}
      </div>
    </fieldset>
  );
}
