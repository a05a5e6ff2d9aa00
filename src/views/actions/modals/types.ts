import type { ActorRefFrom, AnyActorRef, AnyStateMachine } from 'xstate';
import type { Action } from '../../../../contract/schemas.ts';

/** What every action modal receives from the action dialog host (src/views/actions/ActionDialogHost.tsx). */
export interface ActionModalProps {
  action: Action;
  /** The stay's end date once the launch flow knows it (YYYY-MM-DD), else null. */
  endDate: string | null;
  /** Nights count from the launch flow (days until the end date, at least 1), null when the flow did not need it. */
  nights: number | null;
  /**
   * The modal's machine (machines/actionModals.ts), which the launch runs as its child `modal`; none for the static
   * dialogs. Its reply goes to the stay page's root through the launch, never through the view.
   */
  flow: AnyActorRef | undefined;
  /** The guest closed the modal. */
  onClose(): void;
}

/** The props of a modal drawn from its machine's actor. */
export interface FlowModalProps<Machine extends AnyStateMachine> {
  action: Action;
  flow: ActorRefFrom<Machine>;
  onClose(): void;
}
