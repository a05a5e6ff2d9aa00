import { Trans } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { staffImpactMachine } from '../../../../machines/staffImpact.machine.ts';
import { ImpactSection } from './impact/ImpactSection.tsx';
import { StaffConsoleContext } from './StaffConsolePage.tsx';

/** The staff page's impact dashboard over a chosen period (docs/behaviour.md#impact-tab). */
export function ImpactPanel() {
  const impactRef = StaffConsoleContext.useSelector(
    (snapshot) => snapshot.children.staffImpact as ActorRefFrom<typeof staffImpactMachine> | undefined,
  );
  return (
    <>
      <h2 className="staff-console__panel-title">
        <Trans>Impact du programme</Trans>
      </h2>
      {impactRef && <ImpactSection actorRef={impactRef} />}
    </>
  );
}
