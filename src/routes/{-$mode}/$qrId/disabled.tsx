import { createFileRoute } from '@tanstack/react-router';
import { DisabledQrPage } from '../../../views/entry/DisabledQrPage.tsx';

function DisabledQr() {
  const { qrId } = Route.useParams();
  return <DisabledQrPage qrId={qrId} />;
}

export const Route = createFileRoute('/{-$mode}/$qrId/disabled')({ component: DisabledQr });
