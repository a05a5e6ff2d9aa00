import { useLingui } from '@lingui/react/macro';
import './Spinner.css';

/** A loading indicator announced to assistive technology; `label` replaces the default 'Chargement…'. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="spinner" role="status" data-scope="spinner">
      <span className="spinner__ring" data-part="ring" aria-hidden="true" />
      <span className="spinner__label" data-part="label">
        {label ?? t`Chargement…`}
      </span>
    </div>
  );
}
