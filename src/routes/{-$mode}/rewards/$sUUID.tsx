import { createFileRoute } from '@tanstack/react-router';
import { RewardsPage } from '../../../views/rewards/RewardsPage.tsx';

function StayRewards() {
  const { sUUID } = Route.useParams();
  return <RewardsPage sUUID={sUUID} />;
}

export const Route = createFileRoute('/{-$mode}/rewards/$sUUID')({ component: StayRewards });
