import type { Action, SubmissionReply } from '../../../../contract/schemas.ts';

/** What every action modal receives from the action dialog host (src/views/actions/ActionDialogHost.tsx). */
export interface ActionModalProps {
  action: Action;
  /** The stay's end date once the launch flow knows it (YYYY-MM-DD), else null. */
  endDate: string | null;
  /** Nights count from the launch flow (days until the end date, at least 1), null when the flow did not need it. */
  nights: number | null;
  /**
   * A submission succeeded: the host closes the modal, shows the toast, refetches actions and stay, and opens the
   * celebration (when points were gained).
   */
  onSubmitted(reply: SubmissionReply): void;
  /** The guest closed the modal (or it closed itself after success). */
  onClose(): void;
}

/** The props of a modal driven by a submission machine. */
export interface SubmissionModalProps<Logic> extends ActionModalProps {
  /** Replaces the real submission (tests, demo tooling). */
  logic?: Logic;
}
