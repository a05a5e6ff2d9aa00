import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Action } from '../../../contract/schemas.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayContext, useOptionalStayChild, useStayChild, useStaySession } from '../stay/stayActor.ts';
import { ActionCard } from './ActionCard.tsx';
import { connectActionsList } from './actionsList.connect.ts';
import './ActionsList.css';
import { LanguageNotice } from '../../components/LanguageNotice.tsx';
import { useConnected } from '../binding/useConnected.ts';

/** The actions of the stay in the guest's language, with the language fallback (docs/behaviour.md#language-fallback). */
export function ActionsList() {
  const { t, i18n } = useLingui();
  const { stay, hotel } = useStaySession();
  const stayActor = StayContext.useActorRef();
  const list = useStayChild('actionsList');
  const openedActionId = useSelector(
    useOptionalStayChild('actionLaunch'),
    (launch) => launch?.context.action.actId ?? null,
  );
  const { root, isLoading, cards, languageNotice, failure } = useConnected(list, connectActionsList, openedActionId);
  const pointsName = pointsNameOf(hotel);
  // The launch needs the stay's end date and room, and the time (the clock is read here, not in a machine).
  const open = (action: Action) =>
    stayActor.send({
      type: 'action.open',
      action,
      stayEndDate: stay.endDate,
      roomNumber: stay.roomNb,
      now: new Date(),
    });

  return (
    <div className="actions-list" {...root}>
      {languageNotice && <LanguageNotice {...languageNotice} />}
      {failure && <ErrorCard message={i18n._(failure.message)} onRetry={failure.onRetry} />}
      {isLoading && (
        <div className="card-list" role="status" aria-label={t`Chargement des actions…`}>
          <span className="skeleton actions-list__skeleton-card" />
          <span className="skeleton actions-list__skeleton-card" />
          <span className="skeleton actions-list__skeleton-card" />
        </div>
      )}
      {cards !== null &&
        (cards.length > 0 ? (
          <ul className="card-list" data-part="cards">
            {cards.map(({ action, selected }) => (
              // data-selected marks the action whose dialogs are open.
              <li key={action.actId} data-selected={selected || undefined}>
                <ActionCard action={action} pointsName={pointsName} onOpen={() => open(action)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="actions-list__empty" data-part="empty">
            {t`Aucune action disponible pour le moment.`}
          </p>
        ))}
    </div>
  );
}
