import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorCard } from '../../../../components/ErrorCard.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import type { StaffListProps } from './staffList.connect.ts';

export interface StaffListFrameProps<Reply> {
  list: StaffListProps<Reply>;
  loadingLabel: string;
  failureText: string;
  /** The list itself, once loaded. */
  children: (reply: Reply) => ReactNode;
}

/**
 * A day list's states (docs/behaviour.md#today-tab): loading, a failed first load with 'Réessayer', then the list with
 * 'Actualiser'; a failed reload keeps the list and says it may be out of date.
 */
export function StaffListFrame<Reply>({ list, loadingLabel, failureText, children }: StaffListFrameProps<Reply>) {
  const { t } = useLingui();
  if (list.status === 'loading') return <Spinner label={loadingLabel} />;
  if (list.status === 'failed' || list.reply === null)
    return <ErrorCard message={failureText} onRetry={list.onRetry} />;
  return (
    <>
      <div className="staff-today__list-tools" data-part="list-tools">
        <button
          type="button"
          className="button-secondary staff-today__button"
          data-part="refresh"
          disabled={list.refreshing}
          onClick={list.onRefresh}
        >
          {list.refreshing ? t`Actualisation…` : t`Actualiser`}
        </button>
      </div>
      <p className="staff-today__stale" role="status" data-part="stale">
        {list.stale ? t`La mise à jour a échoué : la liste affichée n'est peut-être plus à jour.` : ''}
      </p>
      {children(list.reply)}
    </>
  );
}
