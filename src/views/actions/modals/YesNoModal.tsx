import { useLingui } from '@lingui/react/macro';
import type { yesNoMachine } from '../../../../machines/dialogs/yesNo.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { pointsNameOf } from '../../stay/hotelLanguages.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import { InsufficientPointsNotice } from './InsufficientPointsNotice.tsx';
import type { FlowModalProps } from './types.ts';
import { YesNoSheet } from './YesNoSheet.tsx';
import { connectYesNo } from './yesNo.connect.ts';

/** YESNO, YESNOMAIL, YESNOSTAY (docs/behaviour.md#yes-or-no). */
export default function YesNoModal({ action, flow, onClose }: FlowModalProps<typeof yesNoMachine>) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const pointsName = pointsNameOf(hotel);
  const api = useConnected(flow, connectYesNo);
  return (
    <YesNoSheet
      action={action}
      onClose={onClose}
      scope="yes-no"
      question={action.aadQuestion ?? action.aadName}
      api={api}
      notice={
        <InsufficientPointsNotice pointsName={pointsName} title={t`Oh non !`}>
          {t`Vous n'avez pas assez de ${pointsName} pour annuler cette action.`}
        </InsufficientPointsNotice>
      }
    />
  );
}
