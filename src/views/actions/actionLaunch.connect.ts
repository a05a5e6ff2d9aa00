import type { MessageDescriptor } from '@lingui/core';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { Action } from '../../../contract/schemas.ts';
import type { ActionLaunchEvent, actionLaunchMachine } from '../../../machines/dialogs/actionLaunch.machine.ts';
import type { endDatePickerMachine } from '../../../machines/dialogs/endDatePicker.machine.ts';
import type { nightsPickerMachine } from '../../../machines/dialogs/nightsPicker.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type LaunchSnapshot = SnapshotFrom<typeof actionLaunchMachine>;

/** The registry key of the read-only summary of completed actions (the other modals are keyed by actType). */
export const COMPLETED_SUMMARY = 'COMPLETED';

/** The one dialog the launch shows. */
export type LaunchDialog =
  | { kind: 'nightsPicker'; picker: ActorRefFrom<typeof nightsPickerMachine> }
  | { kind: 'endDatePicker'; picker: ActorRefFrom<typeof endDatePickerMachine> }
  | { kind: 'savingEndDate' }
  | { kind: 'endDateNotSaved'; error: MessageDescriptor; onRetry(): void }
  /** `today` and `stayEndDate` tell which gestures lack a next day (the dialog names them). */
  | { kind: 'oneNightUnavailable'; today: string; stayEndDate: string | null; onChangeNights(): void }
  /**
   * The action's modal (by `modalKey`: its actType, or the completed summary), with its machine's actor (`flow`, the
   * launch's child `modal`) when it has one.
   */
  | {
      kind: 'modal';
      modalKey: string;
      action: Action;
      endDate: string | null;
      nights: number | null;
      flow: AnyActorRef | undefined;
    }
  | { kind: 'none' };

/**
 * The launch's props: its DOM contract, the dialog to show and how to close it (the launch refuses while the modal's
 * answer is on its way, docs/behaviour.md#sending-an-answer).
 */
export function connectActionLaunch(snapshot: LaunchSnapshot, send: (event: ActionLaunchEvent) => void) {
  return {
    root: { 'data-scope': 'action-launch', 'data-state': dataStateOf(snapshot) },
    dialog: launchDialogOf(snapshot, send),
    onClose: () => send({ type: 'launch.close' }),
  } as const;
}

function launchDialogOf(snapshot: LaunchSnapshot, send: (event: ActionLaunchEvent) => void): LaunchDialog {
  const { action, endDate, nights, error } = snapshot.context;
  const { nightsPicker, endDatePicker, modal } = snapshot.children;
  if (snapshot.matches({ active: 'nightsPicker' }) && nightsPicker) {
    return { kind: 'nightsPicker', picker: nightsPicker as ActorRefFrom<typeof nightsPickerMachine> };
  }
  if (snapshot.matches({ active: 'endDatePicker' }) && endDatePicker) {
    return { kind: 'endDatePicker', picker: endDatePicker as ActorRefFrom<typeof endDatePickerMachine> };
  }
  if (snapshot.matches({ active: 'savingEndDate' })) return { kind: 'savingEndDate' };
  if (snapshot.matches({ active: 'endDateNotSaved' }) && error) {
    return { kind: 'endDateNotSaved', error, onRetry: () => send({ type: 'endDate.retry' }) };
  }
  if (snapshot.matches({ active: 'oneNightUnavailable' })) {
    return {
      kind: 'oneNightUnavailable',
      today: snapshot.context.today,
      stayEndDate: endDate ?? snapshot.context.stayEndDate,
      onChangeNights: () => send({ type: 'nights.change' }),
    };
  }
  if (snapshot.matches({ active: 'summary' })) {
    return { kind: 'modal', modalKey: COMPLETED_SUMMARY, action, endDate, nights, flow: undefined };
  }
  if (snapshot.matches({ active: 'modal' })) {
    return { kind: 'modal', modalKey: action.actType ?? '', action, endDate, nights, flow: modal };
  }
  return { kind: 'none' };
}
