import { useLingui } from '@lingui/react/macro';
import { Sheet } from '../../components/Sheet.tsx';
import { Spinner } from '../../components/Spinner.tsx';

/** What shows while a dialog's chunk loads: a small sheet with the spinner (never a blank screen). */
export function LoadingSheet({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  return (
    <Sheet title={t`Chargement…`} onClose={onClose} scope="loading-sheet">
      <Spinner />
    </Sheet>
  );
}
