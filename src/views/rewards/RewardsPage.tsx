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
  const { sUUID, profileUUID, stay, hotel, language } = useStaySession();
  return (
    <RewardsList
      logic={rewardsListLogic}
      sUUID={sUUID}
      profileUUID={profileUUID}
      language={language}
      balance={stay.greenMiles}
      pointsName={pointsNameOf(hotel)}
    />
  );
}
