import type { SnapshotFrom } from 'xstate';
import type { StaffRole } from '../../../../../contract/staff-roles.ts';
import type { StaffPeopleEvent, staffPeopleMachine } from '../../../../../machines/staffPeople.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type StaffPeopleSnapshot = SnapshotFrom<typeof staffPeopleMachine>;

/** What the dialog of the person being managed shows: the form, one of the two questions, or a call on its way. */
export type ManageStep = 'editing' | 'confirmingDisable' | 'confirmingPinReset' | 'saving' | 'resettingPin';

/** What the PIN dialog says about the copy. */
export type PinCopy = 'ready' | 'copying' | 'copied' | 'copyFailed';

/** The 'People' tab's props: the list, the add form, the person being managed and the PIN shown once. */
export function connectStaffPeople(snapshot: StaffPeopleSnapshot, send: (event: StaffPeopleEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('refused')
        ? ('refused' as const)
        : ('shown' as const);
  const managing = snapshot.matches({ shown: 'managing' });
  const step = (['editing', 'confirmingDisable', 'confirmingPinReset', 'saving', 'resettingPin'] as const).find(
    (name) => snapshot.matches({ shown: { managing: name } }),
  );
  const copy = (['ready', 'copying', 'copied', 'copyFailed'] as const).find((name) =>
    snapshot.matches({ shown: { pinShown: name } }),
  );
  const change = context.change;
  // The question stays on screen while its answer is recorded.
  const panel =
    step === 'confirmingDisable' || (step === 'saving' && change?.enabled === false)
      ? ('disable' as const)
      : step === 'confirmingPinReset' || step === 'resettingPin'
        ? ('pinReset' as const)
        : ('form' as const);
  const pending =
    step === 'saving'
      ? change?.enabled !== undefined
        ? ('access' as const)
        : ('edit' as const)
      : step === 'resettingPin'
        ? ('pin' as const)
        : null;
  const selected = managing ? (context.accounts.find((account) => account.id === context.selectedId) ?? null) : null;
  return {
    root: { 'data-scope': 'staff-people', 'data-state': dataStateOf(snapshot) },
    screen,
    accounts: context.accounts,
    /** The add form's call is on its way. */
    adding: snapshot.matches({ shown: 'adding' }),
    /** Why the add form's last person was refused. */
    addRefusal: snapshot.matches({ shown: 'idle' }) ? context.refusal : null,
    /** The person being managed and the dialog's step, or null. */
    manage:
      selected && step
        ? { account: selected, step, panel, pending, busy: pending !== null, refusal: context.refusal }
        : null,
    /** The PIN shown once, whose it is, and where its copy stands; null once dismissed. */
    pin: context.pin && copy ? { name: context.pin.account.name, pin: context.pin.pin, copy } : null,
    onRetry: () => send({ type: 'people.retry' }),
    onAdd: (name: string, role: StaffRole) => send({ type: 'person.add', name, role }),
    onOpen: (accountId: number) => send({ type: 'person.open', accountId }),
    onClose: () => send({ type: 'person.close' }),
    onSave: (name: string, role: StaffRole) => send({ type: 'person.save', name, role }),
    onAskDisable: () => send({ type: 'person.askDisable' }),
    onEnable: () => send({ type: 'person.enable' }),
    onAskPinReset: () => send({ type: 'person.askPinReset' }),
    onConfirm: () => send({ type: 'person.confirm' }),
    onBack: () => send({ type: 'person.back' }),
    onCopyPin: () => send({ type: 'pin.copy' }),
    onDismissPin: () => send({ type: 'pin.dismiss' }),
  } as const;
}

export type StaffPeopleProps = ReturnType<typeof connectStaffPeople>;
