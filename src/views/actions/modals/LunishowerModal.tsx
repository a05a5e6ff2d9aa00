import { useLingui } from '@lingui/react/macro';
import type { lunishowerMachine } from '../../../../machines/lunishower.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import type { FlowModalProps } from './types.ts';
import { YesNoSheet } from './YesNoSheet.tsx';
import { connectYesNo } from './yesNo.connect.ts';

/**
 * LUNISHOWER (docs/behaviour.md#short-shower): did the guest keep to the short-shower objective? A no earns nothing
 * and keeps the points on offer; the answer may change either way, like a yes/no.
 */
export default function LunishowerModal({ action, flow, onClose }: FlowModalProps<typeof lunishowerMachine>) {
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
