import { useLingui } from '@lingui/react/macro';
import { type CSSProperties, useId } from 'react';
import type { Action } from '../../../contract/schemas.ts';
import { CheckIcon, EyeIcon, PencilIcon } from '../../components/Icons.tsx';
import { CARD_SCRIM, readableTitleColor } from '../../styles/contrast.ts';
import { actionButtonLabel, cardStateOf, cardTypeOf, isEditableType } from './actionCardRules.ts';
import { CleaningCheckNote } from './CleaningCheckNote.tsx';
import './ActionCard.css';

export interface ActionCardProps {
  action: Action;
  /** A gesture that needs a next day, in a stay ending tomorrow (contract/launch-rules.ts). */
  unavailable?: boolean;
  pointsName: string;
  onOpen(actId: number): void;
}

/**
 * One action of the list (docs/behaviour.md#action-card): the picture with the reward or state at its top and the title
 * at its bottom, on a scrim that fades in only where the title sits; then, on the card's surface, why it is declined
 * or unavailable, the tags and one button. Open, completed, declined, missed and
 * unavailable cards each look their own (`data-state`).
 */
export function ActionCard({ action, unavailable = false, pointsName, onOpen }: ActionCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const statusId = useId();
  const type = cardTypeOf(action);
  const state = cardStateOf(action, unavailable);
  const completed = state === 'completed';
  const offersReward = state === 'open' || state === 'declined';
  const reward = action.actReward;
  // Why a declined or unavailable card is so, on the card itself.
  const reason =
    state === 'declined'
      ? t`Réponse enregistrée : ces points restent à gagner si vous changez d'avis.`
      : state === 'unavailable'
        ? t`Votre séjour se termine demain : ce geste ne s'applique plus.`
        : null;
  const style: CSSProperties = action.actPictureURL
    ? { backgroundImage: `url(${JSON.stringify(action.actPictureURL)})` }
    : {};

  return (
    <article
      className="action-card"
      data-scope="action-card"
      data-state={state}
      data-type={type}
      aria-labelledby={titleId}
    >
      <div className="action-card__art" data-part="art" style={style}>
        <div className="action-card__top">
          {completed && (
            <span className="action-card__done" data-part="status" id={statusId}>
              <CheckIcon /> {t`Fait`}
            </span>
          )}
          {state === 'missed' && (
            <span className="action-card__bonus" data-part="status" id={statusId}>
              {t`Répondu`}
            </span>
          )}
          {state === 'unavailable' && (
            <span className="action-card__bonus" data-part="unavailable">
              {t`Indisponible`}
            </span>
          )}
          {offersReward &&
            (reward > 0 ? (
              <span className="points action-card__reward" data-part="reward">
                {t`+${reward} ${pointsName}`}
              </span>
            ) : (
              <span className="action-card__bonus" data-part="reward">
                {t`Sans ${pointsName}`}
              </span>
            ))}
        </div>
        <div className="action-card__caption card-scrim" data-part="caption">
          <h2
            id={titleId}
            className="action-card__title"
            data-part="title"
            style={{ color: readableTitleColor(action.actTitleColor, [CARD_SCRIM]) }}
          >
            {action.aadName}
          </h2>
        </div>
      </div>
      <div className="action-card__body" data-part="body">
        {reason && (
          <p className="action-card__status" data-part="status" id={statusId}>
            {reason}
          </p>
        )}
        <CleaningCheckNote action={action} className="action-card__status" />
        {action.tags.length > 0 && (
          <ul className="action-card__tags" data-part="tags" aria-label={t`Thèmes`}>
            {action.tags.map((tag) => (
              <li key={tag} className="action-card__tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className={state === 'open' ? 'button-primary action-card__button' : 'button-secondary action-card__button'}
          data-part="open"
          aria-describedby={state === 'open' ? titleId : `${titleId} ${statusId}`}
          onClick={() => onOpen(action.actId)}
        >
          {(completed || state === 'missed') && (isEditableType(type) ? <PencilIcon /> : <EyeIcon />)}
          {state === 'declined' && <PencilIcon />}
          {i18n._(actionButtonLabel(type, state))}
        </button>
      </div>
    </article>
  );
}
