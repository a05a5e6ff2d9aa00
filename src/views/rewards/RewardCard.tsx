import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Reward } from '../../../contract/schemas.ts';
import { CARD_SCRIM, readableTitleColor } from '../../styles/contrast.ts';
import {
  cardButtonOf,
  missingPoints,
  type RewardCardButton,
  type RewardState,
  rewardStateOf,
  usedOnOf,
} from './rewardGroups.ts';
import './RewardCard.css';

/** Shown when the hotel gave the reward no picture. */
export const DEFAULT_REWARD_PICTURE = '/pictures/reward-default.svg';

const KNOWN_TYPES = ['CODE', 'EAU', 'SLIDER'];

export interface RewardCardProps {
  reward: Reward;
  balance: number;
  pointsName: string;
  /** The hotel-local date: a claimed reward past its validUntil shows expired. */
  today: string;
  /** The hotel's time zone (stay.timeZone): the day a reward was used. */
  timeZone: string;
  /** The card whose details the guest opened last. */
  selected: boolean;
  onOpen: (rwId: number) => void;
}

function QrIcon() {
  return (
    <svg className="reward-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm8-2h2v2h-2v-2zm4 0h4v2h-4v-2zm-4 4h4v4h-4v-4zm6 2h2v2h-2v-2zm0-4h2v2h-2v-2z"
      />
    </svg>
  );
}

/**
 * One reward: the picture with the title at its bottom on a fading scrim (in the hotel's colour when it stays
 * readable), then on the card's surface its state, what is missing and one button (docs/behaviour.md "Reward card").
 */
export function RewardCard({ reward, balance, pointsName, today, timeZone, selected, onOpen }: RewardCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const state = rewardStateOf(reward, balance, today);
  const missing = missingPoints(reward, balance);
  const button = cardButtonOf(reward, balance);
  const buttonLabels: Record<RewardCardButton, string> = {
    viewDetails: t`Voir les détails`,
    moreInfo: t`Plus d'infos`,
    donateWater: t`Donner de l'eau`,
    showCode: t`Voir le code`,
    viewDonation: t`Voir mon don`,
    getDiscount: t`Obtenir la réduction`,
    discountUsed: t`Réduction utilisée`,
    showQr: t`Voir les détails`,
  };

  return (
    <article
      className="reward-card"
      data-scope="reward-card"
      data-state={state}
      data-type={KNOWN_TYPES.includes(reward.rwType) ? reward.rwType : 'GENERIC'}
      data-selected={selected || undefined}
      aria-labelledby={titleId}
    >
      <div className="reward-card__art" data-part="art">
        <img
          className="reward-card__picture"
          data-part="picture"
          src={reward.rwPictureURL || DEFAULT_REWARD_PICTURE}
          alt=""
          loading="lazy"
        />
        <p
          id={titleId}
          className="reward-card__title card-scrim"
          data-part="title"
          style={{ color: readableTitleColor(reward.rwTitleColor, [CARD_SCRIM]) }}
        >
          {reward.radName}
        </p>
      </div>
      <div className="reward-card__body" data-part="body">
        <p className="reward-card__status" data-part="status">
          <RewardStatePill
            state={state}
            cost={reward.rwCost}
            pointsName={pointsName}
            usedOn={usedOnOf(reward, i18n.locale, timeZone)}
          />
        </p>
        {state === 'locked' && (
          <p className="reward-card__missing" data-part="missing">
            {t`Il vous manque ${missing} ${pointsName}`}
          </p>
        )}
        <button
          type="button"
          className="button-primary reward-card__button"
          data-part="trigger"
          aria-describedby={titleId}
          onClick={() => onOpen(reward.rwId)}
        >
          {button === 'showQr' && <QrIcon />}
          {buttonLabels[button]}
        </button>
      </div>
    </article>
  );
}

/** docs/behaviour.md#reward-card: what the card's state is, in one pill (a used reward is no longer 'unlocked'). */
function RewardStatePill({
  state,
  cost,
  pointsName,
  usedOn,
}: {
  state: RewardState;
  cost: number;
  pointsName: string;
  usedOn: string | null;
}) {
  const { t } = useLingui();
  switch (state) {
    case 'used':
      return (
        <span className="pill reward-card__pill reward-card__pill--used">
          {usedOn ? t`Utilisée le ${usedOn}` : t`Utilisée`}
        </span>
      );
    case 'expired':
      return <span className="pill reward-card__pill reward-card__pill--used">{t`Expirée`}</span>;
    case 'claimed':
      return <span className="pill pill--success reward-card__pill">{t`Débloquée`}</span>;
    case 'affordable':
      return (
        <span className="pill pill--accent points reward-card__pill">
          {cost} {pointsName}
        </span>
      );
    case 'locked':
      return (
        <span className="pill points reward-card__pill reward-card__pill--locked">
          <LockIcon />
          {cost} {pointsName}
        </span>
      );
  }
}

function LockIcon() {
  return (
    <svg className="reward-card__lock" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"
      />
    </svg>
  );
}
