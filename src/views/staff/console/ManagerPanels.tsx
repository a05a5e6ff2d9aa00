import { Trans } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { contentEditorMachine } from '../../../../machines/contentEditor.machine.ts';
import type { contentHistoryMachine } from '../../../../machines/contentHistory.machine.ts';
import type { staffPeopleMachine } from '../../../../machines/staffPeople.machine.ts';
import type { staffTrailMachine } from '../../../../machines/staffTrail.machine.ts';
import { ContentEditor } from './content/ContentEditor.tsx';
import { HistorySection } from './content/history/HistorySection.tsx';
import { PeopleSection } from './people/PeopleSection.tsx';
import { StaffConsoleContext } from './StaffConsolePage.tsx';
import { TrailSection } from './trail/TrailSection.tsx';

/** The managers' 'People' tab: the hotel's staff accounts (docs/behaviour.md#people-tab). */
export function PeoplePanel() {
  const peopleRef = StaffConsoleContext.useSelector(
    (snapshot) => snapshot.children.staffPeople as ActorRefFrom<typeof staffPeopleMachine> | undefined,
  );
  return (
    <>
      <h2 className="staff-console__panel-title">
        <Trans>Personnes</Trans>
      </h2>
      {peopleRef && <PeopleSection actorRef={peopleRef} />}
    </>
  );
}

/** The managers' 'Trail' tab: the audit trail of staff actions (docs/behaviour.md#trail-tab). */
export function TrailPanel() {
  const trailRef = StaffConsoleContext.useSelector(
    (snapshot) => snapshot.children.staffTrail as ActorRefFrom<typeof staffTrailMachine> | undefined,
  );
  return (
    <>
      <h2 className="staff-console__panel-title">
        <Trans>Journal des actions</Trans>
      </h2>
      {trailRef && <TrailSection actorRef={trailRef} />}
    </>
  );
}

/** The managers' 'Programme' tab: the hotel's content, edited in the browser (docs/behaviour.md#content-editor). */
export function ContentPanel() {
  const editorRef = StaffConsoleContext.useSelector(
    (snapshot) => snapshot.children.contentEditor as ActorRefFrom<typeof contentEditorMachine> | undefined,
  );
  return (
    <>
      <h2 className="staff-console__panel-title">
        <Trans>Programme</Trans>
      </h2>
      {editorRef && <ContentEditor actorRef={editorRef} />}
    </>
  );
}

/** The managers' 'History' tab: every saved version of the content, compared and restored (docs/behaviour.md#content-history). */
export function HistoryPanel() {
  const historyRef = StaffConsoleContext.useSelector(
    (snapshot) => snapshot.children.contentHistory as ActorRefFrom<typeof contentHistoryMachine> | undefined,
  );
  return (
    <>
      <h2 className="staff-console__panel-title">
        <Trans>Historique du contenu</Trans>
      </h2>
      {historyRef && <HistorySection actorRef={historyRef} />}
    </>
  );
}
