import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayPage } from '../stay/StaySession.tsx';
import { stayLogic } from '../stay/stay.logic.ts';
import { useStaySession } from '../stay/stayActor.ts';
import { RewardsList } from './RewardsList.tsx';
import { rewardsListLogic } from './rewardsList.logic.ts';

/** The stay root with the rewards list's real calls, which load with this page. */
export const rewardsPageLogic = stayLogic.provide({ actors: { rewardsList: rewardsListLogic } });

/** /rewards/{sUUID}: the rewards list inside the stay frame (header, bottom navigation). */
export function RewardsPage({ sUUID, logic = rewardsPageLogic }: { sUUID: string; logic?: typeof stayLogic }) {
  return (
    <StayPage sUUID={sUUID} active="rewards" logic={logic}>
      <RewardsFromSession />
    </StayPage>
  );
}

function RewardsFromSession() {
  const { stay, hotel, language } = useStaySession();
  return (
    <RewardsList
      codePrefix={stay.codePrefix}
      roomNumber={stay.roomNb}
      // The server's date, not the device's: a wrong device clock must not expire or revive a reward.
      today={stay.today}
      timeZone={stay.timeZone}
      language={language}
      balance={stay.greenMiles}
      pointsName={pointsNameOf(hotel)}
    />
  );
}
