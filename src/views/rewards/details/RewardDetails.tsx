import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { rewardCodeText } from '../../../../contract/reward-code.ts';
import type { Reward } from '../../../../contract/schemas.ts';
import { alreadyClaimedError, type rewardClaimMachine } from '../../../../machines/dialogs/rewardClaim.machine.ts';
import { RewardCode } from '../../../components/RewardCode.tsx';
import { Sheet } from '../../../components/Sheet.tsx';
import { formatHotelTime } from '../../../i18n/hotelTime.ts';
import { isRewardExpired, missingPoints, type RewardProgress } from '../rewardGroups.ts';
import { CodePanel } from './CodePanel.tsx';
import { CodeQr } from './CodeQr.tsx';
import { NextRewardProgress } from './NextRewardProgress.tsx';
import { RewardShare } from './RewardShare.tsx';
import { connectRewardClaim, type RewardClaimApi } from './rewardClaim.connect.ts';
import { waterAccessMonths, waterVolumeOf } from './rewardDisplay.ts';
import { SliderPanel } from './SliderPanel.tsx';
import './RewardDetails.css';
import { useConnected } from '../../binding/useConnected.ts';

export interface RewardDetailsProps {
  /** The reward's claim flow, which the rewards list runs as its child while the reward is open. */
  claim: ActorRefFrom<typeof rewardClaimMachine>;
  /** The guest's points (stay.greenMiles). */
  balance: number;
  pointsName: string;
  /** The hotel's reward-code prefix: codes read {codePrefix}-{code}. */
  codePrefix: string;
  /** The stay's room, for staff checking a reward shown to them. */
  roomNumber: string | null;
  language: string;
  /** The hotel-local date by the server's clock (stay.today): a claimed reward past its validUntil shows expired. */
  today: string;
  /** The hotel's time zone (stay.timeZone): when a reward was claimed reads as the hotel's clock. */
  timeZone: string;
  onClose(): void;
  /** The insufficient-points notice's way back to the stay page (none after the stay: nothing can be claimed). */
  onEarnPoints?: () => void;
}

/** A reward's detail modal (docs/behaviour.md#reward-dialog); its own lazy chunk. */
export default function RewardDetails(props: RewardDetailsProps) {
  const { t } = useLingui();
  const claim = useConnected(props.claim, connectRewardClaim);

  // The reward as the claim left it (claimed, with its code), not as the list gave it.
  const bodyProps = { ...props, reward: claim.reward, claim };

  return (
    <Sheet
      title={claim.reward.radName}
      onClose={props.onClose}
      scope="reward-details"
      state={claim.state}
      corner={
        <button type="button" className="reward-details__close" data-part="close" onClick={props.onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t`Fermer`}</span>
        </button>
      }
    >
      <div className="reward-details" data-part="body" data-type={claim.reward.rwType}>
        {claim.claimed ? <ClaimedBody {...bodyProps} /> : <LockedBody {...bodyProps} />}
      </div>
    </Sheet>
  );
}

/** The page's props with the reward and the props of its claim flow, for the modal's bodies. */
type BodyProps = Omit<RewardDetailsProps, 'claim'> & { reward: Reward; claim: RewardClaimApi };

function Description({ reward }: { reward: Reward }) {
  if (!reward.radDescription) return null;
  return (
    <p className="reward-details__description" data-part="description">
      {reward.radDescription}
    </p>
  );
}

/** Not claimed yet: the unlock offer, the insufficient-points notice, or the claim failure. */
function LockedBody({ reward, balance, pointsName, onEarnPoints, onClose, claim }: BodyProps) {
  const { t, i18n } = useLingui();
  const cost = reward.rwCost;

  if (claim.insufficient) {
    // After a server refusal the page's balance may still be the stale one: at least 1 is missing.
    const missing = Math.max(1, missingPoints(reward, balance));
    return (
      <>
        <Description reward={reward} />
        <div className="note note--warning" data-part="insufficient">
          <p className="reward-details__notice-title">{t`Il vous manque ${missing} ${pointsName}`}</p>
          <p>
            <Trans>Réalisez les gestes proposés pour gagner des points.</Trans>
          </p>
        </div>
        {onEarnPoints && (
          <button
            type="button"
            className="button-primary reward-details__button"
            data-part="earn"
            onClick={onEarnPoints}
          >
            <Trans>Gagner des points</Trans>
          </button>
        )}
      </>
    );
  }

  if (claim.alreadyClaimed) {
    return (
      <>
        <p className="note note--success" role="status" data-part="already-claimed">
          {i18n._(alreadyClaimedError)}
        </p>
        <BackButton onClose={onClose} />
      </>
    );
  }

  const unlockLabel = reward.rwType === 'EAU' ? t`Donner de l'eau` : t`Débloquer pour ${cost} ${pointsName}`;
  return (
    <>
      <Description reward={reward} />
      {reward.rwType === 'EAU' && (
        <p className="reward-details__cost" data-part="cost">
          <Trans>
            Coût : {cost} {pointsName}
          </Trans>
        </p>
      )}
      {claim.claimError && (
        <p className="reward-details__alert" role="alert" data-part="error">
          {i18n._(claim.claimError)}
        </p>
      )}
      <button type="button" className="button-primary reward-details__button" {...claim.unlockButtonProps}>
        {claim.claiming ? t`Déblocage en cours…` : unlockLabel}
      </button>
    </>
  );
}

/** Claimed: by type, the code, the donation summary, the staff step, or the generic confirmation. */
function ClaimedBody(props: BodyProps) {
  const { reward, claim } = props;
  const share = claim.share && <RewardShare flow={claim.share} />;
  // Right after the unlock, before the sharing: what is left and what comes next.
  const whatNext = claim.justUnlocked && <WhatNext {...claim.justUnlocked} pointsName={props.pointsName} />;
  const expired = reward.isUsed !== 1 && isRewardExpired(reward, props.today);
  switch (reward.rwType) {
    case 'CODE':
      return (
        <>
          <UseStatus reward={reward} expired={expired} />
          <CodePanel claim={claim} codePrefix={props.codePrefix} language={props.language} />
          {whatNext}
          {share}
        </>
      );
    case 'EAU':
      return (
        <>
          <WaterSummary reward={reward} />
          {whatNext}
          {share}
        </>
      );
    case 'SLIDER':
      if (reward.isUsed === 1 || expired)
        return (
          <>
            <UseStatus reward={reward} expired={expired} />
            <BackButton onClose={props.onClose} />
          </>
        );
      // docs/behaviour.md#slider-reward: what to do first; the swipe waits behind the staff's own step.
      return (
        <>
          <p className="note note--success reward-details__instruction" data-part="instruction">
            <Trans>Présentez cet écran à la réception au moment de votre départ.</Trans>
          </p>
          <Description reward={reward} />
          {claim.slider && <SliderPanel slider={claim.slider} />}
          {whatNext}
        </>
      );
    default:
      return (
        <>
          <Description reward={reward} />
          {reward.isUsed === 1 || expired ? (
            <UseStatus reward={reward} expired={expired} />
          ) : (
            <p className="note note--success" data-part="unlocked">
              <Trans>Récompense débloquée ! Présentez cet écran au personnel de l'hôtel.</Trans>
            </p>
          )}
          <StaffCheck
            reward={reward}
            codePrefix={props.codePrefix}
            roomNumber={props.roomNumber}
            language={props.language}
            timeZone={props.timeZone}
          />
          {whatNext}
          {share}
        </>
      );
  }
}

/**
 * docs/behaviour.md#unlocking: right after the unlock, what the guest has left and what comes next: the next reward
 * and how far it is, one to unlock now, or that every reward is unlocked.
 */
function WhatNext({
  balance,
  progress,
  pointsName,
}: {
  balance: number;
  progress: RewardProgress;
  pointsName: string;
}) {
  const { t } = useLingui();
  return (
    <section className="reward-details__next" data-part="what-next" aria-label={t`Et ensuite`}>
      <p className="reward-details__balance" data-part="balance">
        {t`Il vous reste ${balance} ${pointsName}.`}
      </p>
      {progress.kind !== 'none' && <NextRewardProgress progress={progress} gained={0} pointsName={pointsName} />}
    </section>
  );
}

/** A claimed reward that can no longer be used: used (by the swipe or at the desk), or past its validity date. */
function UseStatus({ reward, expired }: { reward: Reward; expired: boolean }) {
  if (reward.isUsed === 1)
    return (
      <p className="note reward-details__used" role="status" data-part="used">
        <Trans>Récompense utilisée</Trans>
      </p>
    );
  if (expired)
    return (
      <p className="note note--warning" role="status" data-part="expired">
        <Trans>Cette récompense a expiré.</Trans>
      </p>
    );
  return null;
}

function BackButton({ onClose }: { onClose(): void }) {
  return (
    <button type="button" className="button-primary reward-details__button" data-part="back" onClick={onClose}>
      <Trans>Retour</Trans>
    </button>
  );
}

/**
 * docs/behaviour.md#other-rewards: what staff check on a reward shown to them: when it was claimed, the room, and the
 * claim's code (the server's, unique per reward).
 */
function StaffCheck({
  reward,
  codePrefix,
  roomNumber,
  language,
  timeZone,
}: {
  reward: Reward;
  codePrefix: string;
  roomNumber: string | null;
  language: string;
  timeZone: string;
}) {
  const { t } = useLingui();
  return (
    <dl className="reward-details__staff-check" data-part="staff-check">
      {reward.claimedAt && (
        <div>
          <dt>{t`Débloquée le`}</dt>
          <dd>{formatHotelTime(reward.claimedAt, language, timeZone)}</dd>
        </div>
      )}
      {roomNumber && (
        <div>
          <dt>{t`Chambre`}</dt>
          <dd dir="ltr">{roomNumber}</dd>
        </div>
      )}
      {reward.code && (
        <div>
          <dt>{t`Code`}</dt>
          <dd>
            <RewardCode codePrefix={codePrefix} code={reward.code} />
            <CodeQr code={rewardCodeText(codePrefix, reward.code)} />
          </dd>
        </div>
      )}
    </dl>
  );
}

function WaterSummary({ reward }: { reward: Reward }) {
  const volume = waterVolumeOf(reward);
  const months = waterAccessMonths(volume);
  return (
    <div className="note note--success" data-part="water">
      <p className="reward-details__water-thanks">
        <Trans>Merci pour votre don !</Trans>
      </p>
      <p className="reward-details__water-volume" data-part="volume">
        <Plural value={volume} one="# litre d'eau potable offert" other="# litres d'eau potable offerts" />
      </p>
      <p className="reward-details__water-impact" data-part="impact">
        <Plural
          value={months}
          one="Soit # mois d'accès à l'eau pour une personne."
          other="Soit # mois d'accès à l'eau pour une personne."
        />
      </p>
    </div>
  );
}
