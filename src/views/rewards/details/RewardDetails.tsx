import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef } from 'react';
import type { Reward } from '../../../../contract/schemas.ts';
import { Sheet } from '../../../components/Sheet.tsx';
import type { copyCodeLogic } from '../../entry/copyCode.logic.ts';
import { missingPoints } from '../rewardGroups.ts';
import { CodePanel } from './CodePanel.tsx';
import { RewardClaimContext } from './RewardClaimContext.ts';
import { RewardShare } from './RewardShare.tsx';
import { rewardClaimLogic, type rewardEmailLogic, type sliderLogic } from './rewardDetails.logic.ts';
import { waterAccessMonths, waterVolumeOf } from './rewardDisplay.ts';
import { SliderPanel } from './SliderPanel.tsx';
import './RewardDetails.css';

/** The machines of the modal with their effects; tests pass controlled ones. */
export interface RewardDetailsLogic {
  claim?: typeof rewardClaimLogic;
  slider?: typeof sliderLogic;
  email?: typeof rewardEmailLogic;
  copy?: typeof copyCodeLogic;
}

export interface RewardDetailsProps {
  reward: Reward;
  /** The guest's points (stay.greenMiles). */
  balance: number;
  pointsName: string;
  /** The stay's hotel name, the prefix of a shown code. */
  hotelName: string;
  sUUID: string;
  profileUUID: string;
  language: string;
  /** A claim or a use changed the reward: reload the list and the stay. */
  onChanged(): void;
  onClose(): void;
  /** The insufficient-points notice's way back to the stay page. */
  onEarnPoints(): void;
  logic?: RewardDetailsLogic;
}

/** A reward's detail modal (SPEC.md §2 "Reward detail modals"); its own lazy chunk. */
export default function RewardDetails(props: RewardDetailsProps) {
  const { reward, balance, sUUID, profileUUID, logic } = props;
  // The callbacks may change identity with every render of the list; the machine keeps the latest.
  const onChanged = useRef(props.onChanged);
  onChanged.current = props.onChanged;
  const claimLogic = useMemo(
    () => (logic?.claim ?? rewardClaimLogic).provide({ actions: { announceChange: () => onChanged.current() } }),
    [logic?.claim],
  );
  return (
    <RewardClaimContext.Provider logic={claimLogic} options={{ input: { reward, balance, sUUID, profileUUID } }}>
      <RewardDetailsView {...props} />
    </RewardClaimContext.Provider>
  );
}

/** The top-level state, for data-state and the body to draw. */
type ClaimStage = 'opening' | 'locked' | 'insufficient' | 'claiming' | 'failed' | 'waterReopening' | 'claimed';

function RewardDetailsView(props: RewardDetailsProps) {
  const { t } = useLingui();
  const stage = RewardClaimContext.useSelector((snapshot) =>
    typeof snapshot.value === 'string' ? snapshot.value : 'claimed',
  ) as ClaimStage;
  const reward = RewardClaimContext.useSelector((snapshot) => snapshot.context.reward);

  // SPEC.md §4: the water modal closes on the claim and reopens with the donation summary.
  if (stage === 'waterReopening' || stage === 'opening') return null;

  return (
    <Sheet
      title={reward.radName}
      onClose={props.onClose}
      scope="reward-details"
      state={stage}
      corner={
        <button type="button" className="reward-details__close" data-part="close" onClick={props.onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t`Fermer`}</span>
        </button>
      }
    >
      <div className="reward-details" data-part="body" data-type={reward.rwType}>
        {stage === 'claimed' ? <ClaimedBody {...props} reward={reward} /> : <LockedBody {...props} stage={stage} />}
      </div>
    </Sheet>
  );
}

function Description({ reward }: { reward: Reward }) {
  if (!reward.radDescription) return null;
  return (
    <p className="reward-details__description" data-part="description">
      {reward.radDescription}
    </p>
  );
}

/** Not claimed yet: the unlock offer, the insufficient-points notice, or the claim failure. */
function LockedBody({ balance, pointsName, onEarnPoints, stage }: RewardDetailsProps & { stage: ClaimStage }) {
  const { t } = useLingui();
  const actor = RewardClaimContext.useActorRef();
  const reward = RewardClaimContext.useSelector((snapshot) => snapshot.context.reward);
  const error = RewardClaimContext.useSelector((snapshot) => snapshot.context.error);
  const { i18n } = useLingui();
  const cost = reward.rwCost;

  if (stage === 'insufficient') {
    // After a server refusal the page's balance may still be the stale one: at least 1 is missing.
    const missing = Math.max(1, missingPoints(reward, balance));
    return (
      <>
        <Description reward={reward} />
        <div className="note note--warning" data-part="insufficient">
          <p className="reward-details__notice-title">{t`Il vous manque ${missing} ${pointsName}`}</p>
          <p>
            <Trans>Réalisez des gestes éco-responsables pour gagner des points.</Trans>
          </p>
        </div>
        <button type="button" className="button-primary reward-details__button" data-part="earn" onClick={onEarnPoints}>
          <Trans>Gagner des points</Trans>
        </button>
      </>
    );
  }

  const claiming = stage === 'claiming';
  const unlockLabel = reward.rwType === 'EAU' ? t`Donner de l'eau` : t`Débloquer pour ${cost} ${pointsName}`;
  return (
    <>
      <Description reward={reward} />
      {reward.rwType === 'EAU' && (
        <p className="reward-details__cost" data-part="cost">
          <Trans>
            Coût : {cost} {pointsName}
          </Trans>
        </p>
      )}
      {stage === 'failed' && error && (
        <p className="reward-details__alert" role="alert" data-part="error">
          {i18n._(error)}
        </p>
      )}
      <button
        type="button"
        className="button-primary reward-details__button"
        data-part="unlock"
        aria-disabled={claiming}
        onClick={() => actor.send({ type: 'reward.unlock' })}
      >
        {claiming ? t`Déblocage en cours…` : unlockLabel}
      </button>
    </>
  );
}

/** Claimed: by type, the code, the donation summary, the staff swipe, or the generic confirmation. */
function ClaimedBody(props: RewardDetailsProps) {
  const { reward } = props;
  switch (reward.rwType) {
    case 'CODE':
      return (
        <>
          <CodePanel hotelName={props.hotelName} language={props.language} copyLogic={props.logic?.copy} />
          <RewardShare {...props} />
        </>
      );
    case 'EAU':
      return (
        <>
          <WaterSummary reward={reward} />
          <RewardShare {...props} />
        </>
      );
    case 'SLIDER':
      return reward.isUsed === 1 ? (
        <>
          <p className="note note--success" role="status" data-part="used">
            <Trans>Récompense utilisée</Trans>
          </p>
          <button
            type="button"
            className="button-primary reward-details__button"
            data-part="back"
            onClick={props.onClose}
          >
            <Trans>Retour</Trans>
          </button>
        </>
      ) : (
        <SliderPanel {...props} />
      );
    default:
      return (
        <>
          <Description reward={reward} />
          <p className="note note--success" data-part="unlocked">
            <Trans>Récompense débloquée ! Présentez cet écran au personnel de l'hôtel.</Trans>
          </p>
          <RewardShare {...props} />
        </>
      );
  }
}

function WaterSummary({ reward }: { reward: Reward }) {
  const volume = waterVolumeOf(reward);
  const months = waterAccessMonths(volume);
  return (
    <div className="note note--success" data-part="water">
      <p className="reward-details__water-thanks">
        <Trans>Merci pour votre don !</Trans>
      </p>
      <p className="reward-details__water-volume" data-part="volume">
        <Trans>{volume} litres d'eau potable offerts</Trans>
      </p>
      <p className="reward-details__water-impact" data-part="impact">
        <Trans>Soit {months} mois d'accès à l'eau pour une personne.</Trans>
      </p>
    </div>
  );
}
