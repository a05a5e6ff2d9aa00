import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { actionsListMachine } from '../../../machines/actionsList.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { useStaySession } from '../stay/StaySession.tsx';
import { ActionCard } from './ActionCard.tsx';
import { listedActions } from './actionCardRules.ts';
import { actionsListLogic } from './actionsList.logic.ts';
import './ActionsList.css';

export const ActionsListContext = createActorContext(actionsListMachine);

/** The actions of the stay in the guest's language, with the language fallback (SPEC.md §4). */
export function ActionsListProvider({
  logic = actionsListLogic,
  children,
}: {
  logic?: typeof actionsListMachine | undefined;
  children: ReactNode;
}) {
  const { sUUID, profileUUID, language, hotel } = useStaySession();
  return (
    <ActionsListContext.Provider logic={logic} options={{ input: { sUUID, profileUUID, language, hotel } }}>
      <LanguageFollower language={language} />
      {children}
    </ActionsListContext.Provider>
  );
}

/** Reloads the list when the guest picks another language. */
function LanguageFollower({ language }: { language: string }) {
  const actor = ActionsListContext.useActorRef();
  const requested = ActionsListContext.useSelector((snapshot) => snapshot.context.language);
  useEffect(() => {
    if (language !== requested) actor.send({ type: 'language.change', language });
  }, [language, requested, actor]);
  return null;
}

export function ActionsList() {
  const { t, i18n } = useLingui();
  const { hotel } = useStaySession();
  const actor = ActionsListContext.useActorRef();
  const state = ActionsListContext.useSelector((snapshot) => {
    const value = snapshot.value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  });
  const actions = ActionsListContext.useSelector((snapshot) => snapshot.context.actions);
  const requested = ActionsListContext.useSelector((snapshot) => snapshot.context.language);
  const shown = ActionsListContext.useSelector((snapshot) => snapshot.context.shownLanguage);
  const error = ActionsListContext.useSelector((snapshot) => snapshot.context.error);
  const selectedActionId = ActionsListContext.useSelector((snapshot) => snapshot.context.selectedActionId);
  const pointsName = pointsNameOf(hotel);
  const cards = listedActions(actions);
  const requestedCode = requested.toUpperCase();
  const shownCode = shown?.toUpperCase();

  return (
    <div className="actions-list" data-scope="actions-list" data-state={state}>
      {state === 'ready' && shownCode && shown !== requested && (
        <p className="actions-list__notice" role="status" data-part="language-notice">
          {
            // '' is an apostrophe in ICU messages (a single one would quote the placeholder).
            t`Certaines traductions manquent pour ''${requestedCode}''. Affichage en ''${shownCode}''`
          }
        </p>
      )}
      {state === 'failed' && error && (
        <ErrorCard message={i18n._(error)} onRetry={() => actor.send({ type: 'actions.retry' })} />
      )}
      {(state === 'starting' || state === 'loading' || state === 'nextLanguage') && (
        <div className="card-list" role="status" aria-label={t`Chargement des actions…`}>
          <span className="skeleton actions-list__skeleton-card" />
          <span className="skeleton actions-list__skeleton-card" />
          <span className="skeleton actions-list__skeleton-card" />
        </div>
      )}
      {state === 'ready' &&
        (cards.length > 0 ? (
          <ul className="card-list" data-part="cards">
            {cards.map((action) => (
              // data-selected marks the action whose dialogs are open (the action dialog host follows it).
              <li key={action.actId} data-selected={action.actId === selectedActionId || undefined}>
                <ActionCard
                  action={action}
                  pointsName={pointsName}
                  onOpen={(actId) => actor.send({ type: 'action.open', actId })}
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
