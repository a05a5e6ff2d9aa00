import { createFileRoute, useLocation } from '@tanstack/react-router';
import { EntryPage } from '../../../views/entry/EntryPage.tsx';

/** /hotel/{hId}?k={key}: the key is read from the raw query, as printed (the router would turn `?k=0123` into 123). */
function HotelEntry() {
  const { hId } = Route.useParams();
  const key = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('k') });
  return <EntryPage qr={{ kind: 'hotel', hId, key }} />;
}

export const Route = createFileRoute('/{-$mode}/hotel/$hId')({ component: HotelEntry });
