import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../../components/Spinner.tsx';
import { withDialogsCatalog } from '../../../../i18n/activate.ts';
import { validateCameraSearch } from '../../../-params.ts';

// The camera page's texts live in the dialogs catalog, loaded with its chunk (not on the first visit).
const MealPhotoPage = lazy(
  withDialogsCatalog(() =>
    import('../../../../views/meal-photo/MealPhotoPage.tsx').then(({ MealPhotoPage }) => ({ default: MealPhotoPage })),
  ),
);

function Camera() {
  const { sUUID, actId } = Route.useParams();
  const { endDate } = Route.useSearch();
  const id = Number(actId);
  return (
    <Suspense fallback={<Spinner />}>
      <MealPhotoPage sUUID={sUUID} actId={Number.isInteger(id) && id > 0 ? id : null} endDate={endDate ?? null} />
    </Suspense>
  );
}

export const Route = createFileRoute('/{-$mode}/camera/$sUUID/$actId')({
  validateSearch: validateCameraSearch,
  component: Camera,
});
