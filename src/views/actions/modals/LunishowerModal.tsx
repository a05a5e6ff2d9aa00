import { useLingui } from '@lingui/react/macro';
import type { yesNoMachine } from '../../../../machines/dialogs/yesNo.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import type { FlowModalProps } from './types.ts';
import { YesNoSheet } from './YesNoSheet.tsx';
import { connectYesNo } from './yesNo.connect.ts';

/**
 * LUNISHOWER (docs/behaviour.md#short-shower): did the guest keep to the short-shower objective? A no earns nothing
 * and keeps the points on offer; the answer may change either way: the yes/no types' machine and sheet, with its
 * own question and the default insufficient-points notice.
 */
export default function LunishowerModal({ action, flow, onClose }: FlowModalProps<typeof yesNoMachine>) {
  const { t } = useLingui();
  const api = useConnected(flow, connectYesNo);
  return (
    <YesNoSheet
      action={action}
      onClose={onClose}
      scope="lunishower"
      question={action.aadQuestion ?? t`Avez-vous respecté l'objectif de douche courte ?`}
      api={api}
    />
  );
}
