import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { lazy, Suspense, useId, useMemo } from 'react';
import type { Reward, Stay } from '../../../contract/schemas.ts';
import { finishedStayMachine } from '../../../machines/finishedStay.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { RewardCode } from '../../components/RewardCode.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { withDialogsCatalog } from '../../i18n/activate.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { forgetStoredStay, guestStorage } from '../../storage/guest-storage.ts';
import { dataStateOf } from '../binding/dataState.ts';
import { formatValidUntil, waterVolumeOf } from '../rewards/details/rewardDisplay.ts';
import { type ClaimedStatus, claimedStatusOf, usedOnOf } from '../rewards/rewardGroups.ts';
import { browserCanShare } from '../rewards/rewardsList.logic.ts';
import { finishedStayLogic } from './finishedStay.logic.ts';
import { StayReceipt, type StayReceiptProps } from './StayReceipt.tsx';
import './FinishedPage.css';

export const FinishedStayContext = createActorContext(finishedStayMachine);

/** The rewards page's detail modal, in its own chunk as there. */
const RewardDetails = lazy(withDialogsCatalog(() => import('../rewards/details/RewardDetails.tsx')));

export interface FinishedPageProps {
  sUUID: string;
  /** Replaces the stay check's call (tests, demo tooling). */
  logic?: typeof finishedStayMachine;
  /** Replaces the receipt's calls (tests). */
  receiptLogic?: StayReceiptProps['logic'];
}

/** /stay/{sUUID}/finished: no header nor navigation, the stay is over (docs/behaviour.md#finished-stay). */
export function FinishedPage({ sUUID, logic = finishedStayLogic, receiptLogic }: FinishedPageProps) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  const providedLogic = useMemo(
    () =>
      logic.provide({
        actions: {
          forgetStay: forgetStoredStay,
          // Without `mode` in params the /demo prefix of the current address is kept.
          goToStay: () => {
            navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID }, replace: true });
          },
          goHome: () => {
            navigate({ to: '/{-$mode}', params: {}, replace: true });
          },
        },
      }),
    [logic, navigate, sUUID],
  );
  return (
    <FinishedStayContext.Provider
      key={sUUID}
      logic={providedLogic}
      options={{ input: { sUUID, profileUUID: guestStorage.get('profileUUID'), language } }}
    >
      <FinishedStayView receiptLogic={receiptLogic} />
    </FinishedStayContext.Provider>
  );
}

function FinishedStayView({ receiptLogic }: { receiptLogic: StayReceiptProps['logic'] }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const profileUUID = FinishedStayContext.useSelector((snapshot) => snapshot.context.profileUUID);
  const state = FinishedStayContext.useSelector(dataStateOf);
  const stay = FinishedStayContext.useSelector((snapshot) => snapshot.context.stay);
  const finished = FinishedStayContext.useSelector((snapshot) => snapshot.matches('finished'));

  return (
    <main className="finished-page" data-scope="finished-stay" data-state={state}>
      {finished && stay ? (
        <>
          {/* The points earned over the stay, not the balance left after rewards (issue 15). */}
          <ThankYouCard points={stay.earnedGreenMiles} firstName={stay.profile.firstName} />
          <StayReceipt
            sUUID={stay.sUUID}
            profileUUID={profileUUID ?? ''}
            language={language}
            {...(receiptLogic ? { logic: receiptLogic } : {})}
          />
          <ClaimedRewards stay={stay} />
        </>
      ) : (
        <Spinner label={t`Vérification de votre séjour…`} />
      )}
    </main>
  );
}

/**
 * The rewards the stay claimed (issues 15 and 25): everything the guest paid points for stays presentable at the desk
 * after check-out: each one's status and code, and its detail modal as on the rewards page (QR code, the discount's
 * staff step), which its claim flow (the page machine's child) runs.
 */
function ClaimedRewards({ stay }: { stay: Stay }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const titleId = useId();
  const actor = FinishedStayContext.useActorRef();
  const rewards = FinishedStayContext.useSelector((snapshot) => snapshot.context.claimedRewards);
  const loading = FinishedStayContext.useSelector((snapshot) => snapshot.hasTag('loadingRewards'));
  const failed = FinishedStayContext.useSelector((snapshot) => snapshot.matches({ finished: 'rewardsFailed' }));
  const openRewardId = FinishedStayContext.useSelector((snapshot) => snapshot.context.openRewardId);
  const claim = FinishedStayContext.useSelector((snapshot) => snapshot.children.rewardClaim);
  // The server's hotel-local date: a device with a wrong clock still reads which rewards have expired.
  const today = stay.today;
  const onOpen = (rwId: number) =>
    // E-mail is not offered here: the page does not load the hotel, which says whether it can send one.
    actor.send({ type: 'reward.open', rwId, canShare: browserCanShare(), canEmail: false });
  const onClose = () => actor.send({ type: 'reward.close' });

  return (
    <section className="finished-page__rewards" data-part="rewards" aria-labelledby={titleId}>
      <h2 id={titleId} className="finished-page__rewards-title">
        <Trans>Vos récompenses</Trans>
      </h2>
      {loading && <Spinner label={t`Chargement des récompenses…`} />}
      {failed && (
        <ErrorCard
          message={t`Impossible de récupérer les récompenses.`}
          onRetry={() => actor.send({ type: 'rewards.retry' })}
        />
      )}
      {!loading && !failed && rewards.length === 0 && (
        <p className="finished-page__text">
          <Trans>Aucune récompense réclamée pendant ce séjour.</Trans>
        </p>
      )}
      {rewards.length > 0 && (
        <ul className="finished-page__reward-list">
          {rewards.map((reward) => (
            <ClaimedReward
              key={reward.rwId}
              reward={reward}
              codePrefix={stay.codePrefix}
              today={today}
              timeZone={stay.timeZone}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {openRewardId !== null && claim && (
        <Suspense fallback={null}>
          <RewardDetails
            key={openRewardId}
            claim={claim}
            balance={stay.greenMiles}
            pointsName="GreenMiles"
            codePrefix={stay.codePrefix}
            roomNumber={stay.roomNb}
            language={language}
            today={today}
            timeZone={stay.timeZone}
            onClose={onClose}
          />
        </Suspense>
      )}
    </section>
  );
}

/** docs/behaviour.md#finished-stay: one claimed reward: its status, its code, and the way to show it at the desk. */
function ClaimedReward({
  reward,
  codePrefix,
  today,
  timeZone,
  onOpen,
}: {
  reward: Reward;
  codePrefix: string;
  today: string;
  timeZone: string;
  onOpen(rwId: number): void;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const nameId = useId();
  const validDate = reward.validUntil ? formatValidUntil(reward.validUntil, language) : null;
  const litres = waterVolumeOf(reward);
  const status = claimedStatusOf(reward, today);
  const usedOn = usedOnOf(reward, language, timeZone);
  const statusLabels: Record<ClaimedStatus, string> = {
    toUse: t`À utiliser`,
    used: usedOn ? t`Utilisée le ${usedOn}` : t`Utilisée`,
    expired: t`Expirée`,
    donated: t`Don effectué`,
  };
  return (
    <li className="finished-page__reward" data-part="reward" data-type={reward.rwType} data-state={status}>
      <div className="finished-page__reward-head">
        <p id={nameId} className="finished-page__reward-name" data-part="name">
          {reward.radName}
        </p>
        <span className={`pill finished-page__status finished-page__status--${status}`} data-part="status">
          {statusLabels[status]}
        </span>
      </div>
      {reward.code && <RewardCode codePrefix={codePrefix} code={reward.code} />}
      {validDate && (
        <p className="finished-page__reward-detail">
          <Trans>Valable jusqu'au {validDate}</Trans>
        </p>
      )}
      {reward.rwType === 'EAU' && (
        <p className="finished-page__reward-detail">
          <Trans>{litres} litres d'eau donnés</Trans>
        </p>
      )}
      {status === 'toUse' && reward.rwType === 'SLIDER' && (
        <p className="finished-page__reward-detail" data-part="instruction">
          <Trans>Présentez cet écran à la réception au moment de votre départ.</Trans>
        </p>
      )}
      <button
        type="button"
        className={`${status === 'toUse' ? 'button-primary' : 'button-secondary'} finished-page__reward-button`}
        data-part="trigger"
        aria-describedby={nameId}
        onClick={() => onOpen(reward.rwId)}
      >
        {status === 'toUse' ? t`Présenter à l'accueil` : t`Voir les détails`}
      </button>
    </li>
  );
}

/** Small pictograms drawn inline: emoji fonts are missing on some devices. */
const ICONS = {
  sprout: 'M12 21v-7m0 0C12 9 8.5 6 4 6c0 4.5 3.5 8 8 8zm0 0c0-4.5 3.5-8 8-8 0 4.5-3.5 8-8 8z',
};

function Icon({ name, className }: { name: keyof typeof ICONS; className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ThankYouCard({ points, firstName }: { points: number; firstName: string | null }) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section className="finished-page__card" data-part="card" aria-labelledby={titleId}>
      <Icon name="sprout" className="finished-page__emblem" />
      <h1 id={titleId} className="finished-page__title" data-part="title">
        {firstName ? <Trans>Merci {firstName} !</Trans> : <Trans>Merci pour votre séjour !</Trans>}
      </h1>
      <p className="finished-page__text" data-part="text">
        <Trans>Votre séjour est terminé. Merci pour vos gestes.</Trans>
      </p>
      <ul className="finished-page__badges" data-part="badges" aria-label={t`Vos badges`}>
        <li className="finished-page__badge finished-page__badge--points" data-part="badge">
          <Trans>
            <span className="finished-page__badge-value">{points}</span>{' '}
            <Plural value={points} one="point gagné" other="points gagnés" />
          </Trans>
        </li>
      </ul>
    </section>
  );
}
