import { calendarDateIn } from '../../../contract/calendar-days.ts';
import type { rewardsListMachine } from '../../../machines/rewardsList.machine.ts';
import type { staySessionMachine } from '../../../machines/staySession.machine.ts';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { StayPage } from '../stay/StaySession.tsx';
import { useStaySession } from '../stay/stayActor.ts';
import { RewardsList } from './RewardsList.tsx';
import { rewardsListLogic } from './rewardsList.logic.ts';

/** Replacement logic for the page's flows (tests, demo tooling); the real ones by default. */
export interface RewardsPageLogic {
  staySession?: typeof staySessionMachine;
  rewardsList?: typeof rewardsListMachine;
}

const NO_LOGIC: RewardsPageLogic = {};

/** /rewards/{sUUID}: the rewards list inside the stay frame (header, bottom navigation). */
export function RewardsPage({ sUUID, logic = NO_LOGIC }: { sUUID: string; logic?: RewardsPageLogic }) {
  return (
    <StayPage
      sUUID={sUUID}
      active="rewards"
      logic={logic.staySession}
      flows={{ rewardsList: logic.rewardsList ?? rewardsListLogic }}
    >
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
      today={calendarDateIn(hotel?.hotel.timeZone, new Date())}
      language={language}
      balance={stay.greenMiles}
      pointsName={pointsNameOf(hotel)}
    />
  );
}
