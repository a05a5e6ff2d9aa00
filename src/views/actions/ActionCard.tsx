import { useLingui } from '@lingui/react/macro';
import { type CSSProperties, useId } from 'react';
import type { Action } from '../../../contract/schemas.ts';
import { EyeIcon, PencilIcon } from '../../components/Icons.tsx';
import { CARD_SCRIM, readableTitleColor } from '../../styles/contrast.ts';
import { actionButtonLabel, cardTypeOf, isEditableType } from './actionCardRules.ts';
import './ActionCard.css';

export interface ActionCardProps {
  action: Action;
  pointsName: string;
  onOpen(actId: number): void;
}

/**
 * One action of the list (docs/behaviour.md#action-card): picture, title, reward, tags and one button. Title and tags
 * sit on a scrim band, so they stay readable on any picture.
 */
export function ActionCard({ action, pointsName, onOpen }: ActionCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const type = cardTypeOf(action);
  const completed = action.alreadyCompleted;
  const reward = action.actReward;
  const style: CSSProperties = action.actPictureURL
    ? { backgroundImage: `url(${JSON.stringify(action.actPictureURL)})` }
    : {};

  return (
    <article
      className="action-card"
      data-scope="action-card"
      data-state={completed ? 'completed' : 'open'}
      data-type={type}
      aria-labelledby={titleId}
      style={style}
    >
      <div className="action-card__shade">
        <div className="action-card__top">
          {!completed &&
            (reward > 0 ? (
              <span className="points action-card__reward" data-part="reward">
                {t`+${reward} ${pointsName}`}
              </span>
            ) : (
              <span className="action-card__bonus" data-part="reward">
                {t`Geste bonus`}
              </span>
            ))}
        </div>
        <div className="action-card__caption" data-part="caption">
          <h2
            id={titleId}
            className="action-card__title"
            data-part="title"
            style={{ color: readableTitleColor(action.actTitleColor, [CARD_SCRIM]) }}
          >
            {action.aadName}
          </h2>
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
            className={completed ? 'action-card__button action-card__button--done' : 'action-card__button'}
            data-part="open"
            aria-describedby={titleId}
            onClick={() => onOpen(action.actId)}
          >
            {completed && (isEditableType(type) ? <PencilIcon /> : <EyeIcon />)}
            {i18n._(actionButtonLabel(type, completed))}
          </button>
        </div>
      </div>
    </article>
  );
}
