import { Plural, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { isNightActionUnavailable } from '../../../contract/launch-rules.ts';
import type { Action } from '../../../contract/schemas.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayContext, useOptionalStayChild, useStayChild, useStaySession } from '../stay/stayActor.ts';
import { ActionCard } from './ActionCard.tsx';
import { connectActionsList } from './actionsList.connect.ts';
import './ActionsList.css';
import { LanguageNotice } from '../../components/LanguageNotice.tsx';
import { useConnected } from '../binding/useConnected.ts';

/** How many action cards fit a phone's first screen. */
const FIRST_SCREEN_CARDS = 3;

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
  const { root, isLoading, cards, progress, languageNotice, failure } = useConnected(
    list,
    connectActionsList,
    openedActionId,
  );
  // The cards a phone's first screen shows render first; the others follow in a render of their own, so the page's
  // first paint is not one long task (docs/performance.md#time-what-the-main-thread-does).
  const shownCards = useDeferredValue(cards?.length ?? 0, FIRST_SCREEN_CARDS);
  const pointsName = pointsNameOf(hotel);
  // Today at the hotel by the server's clock (the stay's `today`), for the per-night actions a stay ending tomorrow
  // leaves without a night: a device with a wrong clock does not change what is open.
  const today = stay.endDate === null ? null : stay.today;
  // The launch needs the stay's end date and room, and the hotel's days by the server's clock (never the device's).
  const open = (action: Action) =>
    stayActor.send({
      type: 'action.open',
      action,
      stayEndDate: stay.endDate,
      stayLastDay: stay.lastDay,
      roomNumber: stay.roomNb,
      today: stay.today,
      cleaningDate: stay.cleaningDate,
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
      {progress && <Progress done={progress.done} total={progress.total} />}
      {cards !== null &&
        (cards.length > 0 ? (
          <ul className="card-list" data-part="cards">
            {cards.slice(0, Math.max(shownCards, FIRST_SCREEN_CARDS)).map(({ action, selected }) => (
              // data-selected marks the action whose dialogs are open.
              <li key={action.actId} data-selected={selected || undefined}>
                <ActionCard
                  action={action}
                  unavailable={today !== null && isNightActionUnavailable(action, today, stay.endDate)}
                  pointsName={pointsName}
                  onOpen={() => open(action)}
                />
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

/** How many of the listed actions are done (issue 15), counted with the language's plural rules. */
function Progress({ done, total }: { done: number; total: number }) {
  return (
    <p className="actions-list__progress" data-part="progress">
      <Plural value={done} one={`# geste réalisé sur ${total}`} other={`# gestes réalisés sur ${total}`} />
    </p>
  );
}
