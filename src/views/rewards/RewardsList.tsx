import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import type { Reward } from '../../../contract/schemas.ts';
import { rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { RewardCard } from './RewardCard.tsx';
import { catalogueOf, type RewardSection, sectionSize } from './rewardGroups.ts';
import './RewardsList.css';

/** The detail modals are their own chunk: not needed for the first screen. */
const RewardDetails = lazy(withDialogsCatalog(() => import('./details/RewardDetails.tsx')));

export const RewardsListContext = createActorContext(rewardsListMachine);

export interface RewardsListProps {
  /** The machine with its effects: `rewardsListLogic` in the app, controlled actors in tests. */
  logic: typeof rewardsListMachine;
  sUUID: string;
  profileUUID: string;
  language: string;
  /** The guest's points (stay.greenMiles). */
  balance: number;
  /** The hotel's name for the points (hGreenMilesName, default 'GreenMiles'). */
  pointsName: string;
  /** The stay's hotel name: the prefix of a claimed code. */
  hotelName?: string;
}

/** The rewards page content, fed by the stay session values (so tests can render it with plain props). */
export function RewardsList({
  logic,
  sUUID,
  profileUUID,
  language,
  balance,
  pointsName,
  hotelName = '',
}: RewardsListProps) {
  return (
    <RewardsListContext.Provider logic={logic} options={{ input: { sUUID, profileUUID, language } }}>
      <RewardsListView language={language} balance={balance} pointsName={pointsName} />
      <RewardDetailsHost
        sUUID={sUUID}
        profileUUID={profileUUID}
        language={language}
        balance={balance}
        pointsName={pointsName}
        hotelName={hotelName}
      />
    </RewardsListContext.Provider>
  );
}

/** The open reward's detail modal, kept open while the list reloads after a claim. */
function RewardDetailsHost(props: Omit<RewardsListProps, 'logic'> & { hotelName: string }) {
  const actorRef = RewardsListContext.useActorRef();
  const reward = RewardsListContext.useSelector((snapshot) =>
    snapshot.context.rewards.find((item) => item.rwId === snapshot.context.selectedRewardId),
  );
  if (!reward) return null;
  return (
    <Suspense fallback={null}>
      <RewardDetails
        key={reward.rwId}
        {...props}
        reward={reward}
        onChanged={() => actorRef.send({ type: 'reward.changed' })}
        onClose={() => actorRef.send({ type: 'reward.close' })}
        onEarnPoints={() => actorRef.send({ type: 'reward.earnPoints' })}
      />
    </Suspense>
  );
}

const SKELETON_CARDS = [1, 2, 3];

function RewardsListView({ language, balance, pointsName }: { language: string; balance: number; pointsName: string }) {
  const { i18n } = useLingui();
  const actorRef = RewardsListContext.useActorRef();
  const state = RewardsListContext.useSelector((snapshot) => String(snapshot.value));
  const rewards = RewardsListContext.useSelector((snapshot) => snapshot.context.rewards);
  const error = RewardsListContext.useSelector((snapshot) => snapshot.context.error);
  const balanceTitleId = useId();

  // The machine ignores a language it already has, so this only reloads on a real change.
  useEffect(() => {
    actorRef.send({ type: 'language.change', language });
  }, [actorRef, language]);

  return (
    <div className="rewards-list" data-scope="rewards-list" data-state={state} aria-busy={state === 'loading'}>
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
      {state === 'loading' && (
        <div className="card-list" data-part="skeleton">
          <p className="rewards-list__sr-only" role="status">
            <Trans>Chargement des récompenses…</Trans>
          </p>
          {SKELETON_CARDS.map((key) => (
            <div key={key} className="skeleton rewards-list__skeleton-card" aria-hidden="true" />
          ))}
        </div>
      )}
      {state === 'failed' && error && (
        <ErrorCard message={i18n._(error)} onRetry={() => actorRef.send({ type: 'rewards.retry' })} />
      )}
      {(state === 'loaded' || state === 'reloading') && (
        <RewardsCatalogue rewards={rewards} balance={balance} pointsName={pointsName} />
      )}
    </div>
  );
}

interface CatalogueProps {
  rewards: Reward[];
  balance: number;
  pointsName: string;
}

/** SPEC.md §2: unlocked (only if any), then available or the empty-state message. */
function RewardsCatalogue({ rewards, balance, pointsName }: CatalogueProps) {
  const catalogue = catalogueOf(rewards);
  const cardProps = { balance, pointsName };
  return (
    <>
      {sectionSize(catalogue.unlocked) > 0 && (
        <RewardsSection part="unlocked" title={<Trans>Récompenses débloquées</Trans>}>
          <RewardGroups section={catalogue.unlocked} {...cardProps} />
        </RewardsSection>
      )}
      <RewardsSection part="available" title={<Trans>Récompenses disponibles</Trans>}>
        {catalogue.emptyState === 'allUnlocked' && (
          <p className="rewards-list__empty" data-part="empty">
            <Trans>Vous avez débloqué toutes les récompenses !</Trans>
          </p>
        )}
        {catalogue.emptyState === 'noneAvailable' && (
          <p className="rewards-list__empty" data-part="empty">
            <Trans>Aucune récompense disponible pour le moment.</Trans>
          </p>
        )}
        <RewardGroups section={catalogue.available} {...cardProps} />
      </RewardsSection>
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

/** The other rewards, then the water donations in their own group (SPEC.md §2). */
function RewardGroups({
  section,
  balance,
  pointsName,
}: {
  section: RewardSection;
  balance: number;
  pointsName: string;
}) {
  const waterTitleId = useId();
  return (
    <>
      {section.rewards.length > 0 && (
        <RewardCards rewards={section.rewards} balance={balance} pointsName={pointsName} />
      )}
      {section.water.length > 0 && (
        <section className="rewards-list__water" data-part="water" aria-labelledby={waterTitleId}>
          <h3 id={waterTitleId} className="rewards-list__group-title">
            <Trans>Dons d'eau</Trans>
          </h3>
          <RewardCards rewards={section.water} balance={balance} pointsName={pointsName} />
        </section>
      )}
    </>
  );
}

function RewardCards({ rewards, balance, pointsName }: { rewards: Reward[]; balance: number; pointsName: string }) {
  const actorRef = RewardsListContext.useActorRef();
  const selectedRewardId = RewardsListContext.useSelector((snapshot) => snapshot.context.selectedRewardId);
  return (
    <ul className="card-list">
      {rewards.map((reward) => (
        <li key={reward.rwId}>
          <RewardCard
            reward={reward}
            balance={balance}
            pointsName={pointsName}
            selected={reward.rwId === selectedRewardId}
            onOpen={(rwId) => actorRef.send({ type: 'reward.open', rwId })}
          />
        </li>
      ))}
    </ul>
  );
}
