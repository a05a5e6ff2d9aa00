import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayPage, useStaySession } from '../stay/StaySession.tsx';
import { RewardsList } from './RewardsList.tsx';
import { rewardsListLogic } from './rewardsList.logic.ts';

/** /rewards/{sUUID}: the rewards list inside the stay frame (header, bottom navigation). */
export function RewardsPage({ sUUID }: { sUUID: string }) {
  return (
    <StayPage sUUID={sUUID} active="rewards">
      <RewardsFromSession />
    </StayPage>
  );
}

function RewardsFromSession() {
  const { sUUID, profileUUID, stay, hotel, language, refreshStay } = useStaySession();
  const navigate = useNavigate();
  // refreshStay changes with every stay update; the list's machine must not be replaced for that.
  const latest = useRef({ refreshStay, navigate, sUUID });
  latest.current = { refreshStay, navigate, sUUID };
  const logic = useMemo(
    () =>
      rewardsListLogic.provide({
        actions: {
          refreshStay: () => latest.current.refreshStay(),
          // The current /demo prefix is kept.
          goToStayPage: () =>
            latest.current.navigate({ to: '/{-$mode}/stay/$sUUID', params: { sUUID: latest.current.sUUID } }),
        },
      }),
    [],
  );
  return (
    <RewardsList
      logic={logic}
      hotelName={stay.hotelName}
      sUUID={sUUID}
      profileUUID={profileUUID}
      language={language}
      balance={stay.greenMiles}
      pointsName={pointsNameOf(hotel)}
    />
  );
}
