import { createFileRoute } from '@tanstack/react-router';
import { EntryPage } from '../../../views/entry/EntryPage.tsx';

function RoomEntry() {
  const { qrId } = Route.useParams();
  return <EntryPage qr={{ kind: 'room', qrId }} />;
}

export const Route = createFileRoute('/{-$mode}/$qrId/')({ component: RoomEntry });
