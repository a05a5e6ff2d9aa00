import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './ActionModalLayout.css';
import './InsufficientPointsNotice.css';

export interface InsufficientPointsNoticeProps {
  pointsName: string;
  /** Replaces the default title 'Nombre de {pointsName} insuffisant'. */
  title?: ReactNode;
  /** Replaces the default hint to earn points through other actions. */
  children?: ReactNode;
}

/** docs/behaviour.md#not-enough-points: the server refused because the guest's points were already spent. */
export function InsufficientPointsNotice({ pointsName, title, children }: InsufficientPointsNoticeProps) {
  const { t } = useLingui();
  return (
    <div className="note note--warning action-modal__warning" role="alert" data-scope="insufficient-points">
      <p className="insufficient-points__title" data-part="title">
        {title ?? t`Nombre de ${pointsName} insuffisant`}
      </p>
      <p className="insufficient-points__hint" data-part="hint">
        {children ?? t`Gagnez des ${pointsName} en réalisant d'autres gestes.`}
      </p>
    </div>
  );
}
