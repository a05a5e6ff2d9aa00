import { createFileRoute } from '@tanstack/react-router';
import { FinishedPage } from '../../../../views/finished/FinishedPage.tsx';

function StayFinished() {
  const { sUUID } = Route.useParams();
  return <FinishedPage sUUID={sUUID} />;
}

export const Route = createFileRoute('/{-$mode}/stay/$sUUID/finished')({ component: StayFinished });
