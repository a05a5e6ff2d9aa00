import { createFileRoute } from '@tanstack/react-router';
import { EntryPage } from '../../../views/entry/EntryPage.tsx';

function HotelEntry() {
  const { hId } = Route.useParams();
  return <EntryPage qr={{ kind: 'hotel', hId }} />;
}

export const Route = createFileRoute('/{-$mode}/hotel/$hId')({ component: HotelEntry });
