import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { withStaffCatalog } from '../../i18n/activate.ts';

const StaffConsolePage = lazy(
  withStaffCatalog(() =>
    import('../../views/staff/console/StaffConsolePage.tsx').then(({ StaffConsolePage }) => ({
      default: StaffConsolePage,
    })),
  ),
);

function StaffConsole() {
  const { hId } = Route.useParams();
  return (
    <Suspense fallback={<Spinner />}>
      <StaffConsolePage hId={hId} />
    </Suspense>
  );
}

/** The hotel staff's page (docs/behaviour.md#staff-page), outside the guest's phone frame. */
export const Route = createFileRoute('/staff/$hId')({
  params: {
    // Returning false makes the matcher skip this route: a malformed hotel id is a page not found.
    parse: ({ hId }): { hId: number } | false => (/^[1-9]\d{0,9}$/.test(hId) ? { hId: Number(hId) } : false),
    stringify: ({ hId }) => ({ hId: String(hId) }),
  },
  component: StaffConsole,
});
