import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import type { Reward } from '../../../contract/schemas.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { LanguageNotice } from '../../components/LanguageNotice.tsx';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { StayContext, useStayChild, useStaySession } from '../stay/stayActor.ts';
import { RewardCard } from './RewardCard.tsx';
import { catalogueOf, type RewardSection, sectionSize } from './rewardGroups.ts';
import { connectRewardsList } from './rewardsList.connect.ts';
import { browserCanShare } from './rewardsList.logic.ts';
import './RewardsList.css';
import { useConnected } from '../binding/useConnected.ts';

/** The detail modals are their own chunk: not needed for the first screen. */
const RewardDetails = lazy(withDialogsCatalog(() => import('./details/RewardDetails.tsx')));

export interface RewardsListProps {
  language: string;
  /** The guest's points (stay.greenMiles). */
  balance: number;
  /** The hotel's name for the points (hGreenMilesName, default 'GreenMiles'). */
  pointsName: string;
  /** The hotel's reward-code prefix (stay.codePrefix). */
  codePrefix?: string;
  /** The stay's room, shown to staff on a reward they hand over on sight. */
  roomNumber?: string | null;
  /** The hotel-local date by the server's clock (stay.today): a claimed reward past its validUntil shows expired. */
  today: string;
  /** The hotel's time zone (stay.timeZone), for the times shown. */
  timeZone: string;
}

/** The rewards page content: the root's rewards list, fed by the stay session values. */
export function RewardsList({
  language,
  balance,
  pointsName,
  codePrefix = '',
  roomNumber = null,
  today,
  timeZone,
}: RewardsListProps) {
  const { i18n } = useLingui();
  const stayActor = StayContext.useActorRef();
  const { hotel } = useStaySession();
  const list = useStayChild('rewardsList');
  const {
    root,
    isLoading,
    failure,
    rewards,
    languageNotice,
    selectedRewardId,
    openReward,
    claim,
    onOpen,
    onClose,
    onVisible,
  } = useConnected(list, connectRewardsList, {
    balance,
    codePrefix,
    canShare: browserCanShare(),
    canEmail: hotel?.emailEnabled ?? false,
  });
  const balanceTitleId = useId();
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [onVisible]);

  return (
    <div className="rewards-list" {...root}>
      <h1 className="rewards-list__title" data-part="title">
        <Trans>Mes récompenses</Trans>
      </h1>
      <p className="rewards-list__subtitle" data-part="subtitle">
        <Trans>Échangez vos {pointsName} contre des récompenses de l'hôtel.</Trans>
      </p>
      <section className="rewards-list__balance" data-part="balance" aria-labelledby={balanceTitleId}>
        <h2 id={balanceTitleId} className="rewards-list__balance-title">
          <Trans>Mon solde</Trans>
        </h2>
        <p className="rewards-list__balance-value">
          <span className="rewards-list__balance-points">{balance}</span> {pointsName}
        </p>
      </section>
      {isLoading && (
        <div className="card-list" data-part="skeleton">
          <p className="rewards-list__sr-only" role="status">
            <Trans>Chargement des récompenses…</Trans>
          </p>
          {SKELETON_CARDS.map((key) => (
            <div key={key} className="skeleton rewards-list__skeleton-card" aria-hidden="true" />
          ))}
        </div>
      )}
      {failure && <ErrorCard message={i18n._(failure.message)} onRetry={failure.onRetry} />}
      {languageNotice && <LanguageNotice {...languageNotice} />}
      {rewards && (
        <RewardsCatalogue
          rewards={rewards}
          balance={balance}
          pointsName={pointsName}
          today={today}
          timeZone={timeZone}
          selectedRewardId={selectedRewardId}
          onOpen={onOpen}
        />
      )}
      {/* The open reward's detail modal (its claim flow is the list's child), kept open while the list reloads. */}
      {openReward && claim && (
        <Suspense fallback={null}>
          <RewardDetails
            key={openReward.rwId}
            claim={claim}
            balance={balance}
            pointsName={pointsName}
            codePrefix={codePrefix}
            roomNumber={roomNumber}
            language={language}
            today={today}
            timeZone={timeZone}
            onClose={onClose}
            onEarnPoints={() => stayActor.send({ type: 'reward.earnPoints' })}
          />
        </Suspense>
      )}
    </div>
  );
}

const SKELETON_CARDS = [1, 2, 3];

interface CardsProps {
  balance: number;
  pointsName: string;
  today: string;
  timeZone: string;
  selectedRewardId: number | null;
  onOpen(rwId: number): void;
}

interface CatalogueProps extends CardsProps {
  rewards: Reward[];
}

/** docs/behaviour.md#rewards-list: unlocked (only if any), then available or the empty-state message. */
function RewardsCatalogue({ rewards, ...cardProps }: CatalogueProps) {
  const catalogue = catalogueOf(rewards, cardProps.balance);
  return (
    <>
      {/* Where the guest looks first: above the sections, not under an empty one. */}
      {catalogue.emptyState === 'allUnlocked' && (
        <p className="note note--success rewards-list__empty" data-part="empty">
          <Trans>Vous avez débloqué toutes les récompenses !</Trans>
        </p>
      )}
      {catalogue.emptyState === 'noneAvailable' && (
        <p className="rewards-list__empty" data-part="empty">
          <Trans>Aucune récompense disponible pour le moment.</Trans>
        </p>
      )}
      {sectionSize(catalogue.unlocked) > 0 && (
        <RewardsSection part="unlocked" title={<Trans>Récompenses débloquées</Trans>}>
          <RewardGroups section={catalogue.unlocked} {...cardProps} />
        </RewardsSection>
      )}
      {sectionSize(catalogue.available) > 0 && (
        <RewardsSection part="available" title={<Trans>Récompenses disponibles</Trans>}>
          <RewardGroups section={catalogue.available} {...cardProps} />
        </RewardsSection>
      )}
      {sectionSize(catalogue.locked) > 0 && (
        <RewardsSection part="locked" title={<Trans>Bientôt à votre portée</Trans>}>
          <RewardGroups section={catalogue.locked} {...cardProps} />
        </RewardsSection>
      )}
    </>
  );
}

function RewardsSection({ part, title, children }: { part: string; title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="rewards-list__section" data-part={part} aria-labelledby={titleId}>
      <h2 id={titleId} className="rewards-list__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The other rewards, then the water donations in their own group (docs/behaviour.md#rewards-list). */
function RewardGroups({ section, ...cardProps }: CardsProps & { section: RewardSection }) {
  const waterTitleId = useId();
  return (
    <>
      {section.rewards.length > 0 && <RewardCards rewards={section.rewards} {...cardProps} />}
      {section.water.length > 0 && (
        <section className="rewards-list__water" data-part="water" aria-labelledby={waterTitleId}>
          <h3 id={waterTitleId} className="rewards-list__group-title">
            <Trans>Dons d'eau</Trans>
          </h3>
          <RewardCards rewards={section.water} {...cardProps} />
        </section>
      )}
    </>
  );
}

function RewardCards({ rewards, ...cardProps }: CardsProps & { rewards: Reward[] }) {
  return (
    <ul className="card-list">
      {rewards.map((reward) => (
        <li key={reward.rwId}>
          <RewardCard reward={reward} selected={reward.rwId === cardProps.selectedRewardId} {...cardProps} />
        </li>
      ))}
    </ul>
  );
}
