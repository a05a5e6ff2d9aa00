import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type {
  StaffAccount,
  StaffAccountBody,
  StaffAccountChangeBody,
  StaffAccountPinReply,
  StaffAccountsReply,
} from '../contract/schemas.ts';
import type { StaffRole } from '../contract/staff-roles.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The staff page's 'People' tab, for managers (docs/behaviour.md#people-tab): the hotel's staff accounts.
 * loading ▶ shown | failed (⇄ retry). In `shown`:
 * - idle: 'person.add' {name, role} ▶ adding (POST …/accounts) ▶ pinShown;
 * - 'person.open' ▶ managing one person (its dialog; 'person.close' ▶ idle, except while a call is on its way): editing ('person.save' {name, role} ▶ saving, PATCH), 'person.enable' ▶
 *   saving; disabling and a PIN reset end the person's sessions, so each asks first (confirmingDisable,
 *   confirmingPinReset: 'person.confirm' ▶ saving | resettingPin, 'person.back' ▶ editing);
 * - pinShown: a new account's or a reset's PIN, shown once ('pin.copy' ▶ copying ▶ copied | copyFailed;
 *   'pin.dismiss' ▶ idle, the PIN forgotten).
 * A refusal (name taken, last manager, any failure) comes back to where it was asked, saying why. A call refused for
 * the session (401) sends `staffSession.expired` to the staff page, which asks for the PIN again.
 */

/** Why the last change was refused: the name is another person's, the last manager would go, or anything else. */
export type StaffPeopleRefusal = 'nameTaken' | 'lastManager' | 'failed';

export interface AddPersonInput extends StaffSectionInput {
  person: StaffAccountBody;
}

export interface ChangePersonInput extends StaffSectionInput {
  accountId: number;
  change: StaffAccountChangeBody;
}

export interface ResetPinInput extends StaffSectionInput {
  accountId: number;
}

export interface StaffPeopleContext extends StaffSectionInput {
  accounts: StaffAccount[];
  /** The person being managed (`shown.managing`). */
  selectedId: number | null;
  /** The account on its way (`adding`). */
  newPerson: StaffAccountBody | null;
  /** The change on its way (`saving`). */
  change: StaffAccountChangeBody | null;
  /** The PIN shown once (`shown.pinShown`), with its account; dropped when dismissed. */
  pin: StaffAccountPinReply | null;
  refusal: StaffPeopleRefusal | null;
}

export type StaffPeopleEvent =
  | { type: 'people.retry' }
  | { type: 'person.add'; name: string; role: StaffRole }
  | { type: 'person.open'; accountId: number }
  | { type: 'person.close' }
  | { type: 'person.save'; name: string; role: StaffRole }
  | { type: 'person.askDisable' }
  | { type: 'person.enable' }
  | { type: 'person.askPinReset' }
  | { type: 'person.confirm' }
  | { type: 'person.back' }
  | { type: 'pin.copy' }
  | { type: 'pin.dismiss' };

/** The fields of a rename or a role change that differ from the account (a name compared trimmed). */
export function changeOf(account: StaffAccount, name: string, role: StaffRole): StaffAccountChangeBody {
  const trimmed = name.trim();
  return {
    ...(trimmed !== account.name ? { name: trimmed } : {}),
    ...(role !== account.role ? { role } : {}),
  };
}

function refusalOf(error: unknown): StaffPeopleRefusal {
  const code = errorCodeOf(error);
  return code === 'staff_account_name_taken' ? 'nameTaken' : code === 'last_manager' ? 'lastManager' : 'failed';
}

/** The session's section input, as every call of the tab needs it. */
const sectionOf = (context: StaffPeopleContext): StaffSectionInput => ({
  hId: context.hId,
  token: context.token,
  timeZone: context.timeZone,
});

function selectedOf(context: StaffPeopleContext): number {
  if (context.selectedId === null) throw new Error('Managing a person needs the person');
  return context.selectedId;
}

const isRefusedForWhoIsSignedIn = {
  type: 'isRefusedForWhoIsSignedIn' as const,
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
};
const holdRefusal = { type: 'holdRefusal' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error };

export const staffPeopleMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as StaffPeopleContext,
    events: {} as StaffPeopleEvent,
  },
  actors: {
    loadPeople: viewProvidedActor<StaffAccountsReply, StaffSectionInput>('loadPeople'),
    addPerson: viewProvidedActor<StaffAccountPinReply, AddPersonInput>('addPerson'),
    changePerson: viewProvidedActor<StaffAccount, ChangePersonInput>('changePerson'),
    resetPin: viewProvidedActor<StaffAccountPinReply, ResetPinInput>('resetPin'),
    /** Copies the PIN shown to the clipboard. */
    writeClipboard: viewProvidedActor<void, { text: string }>('writeClipboard'),
  },
  actions: {
    holdAccounts: assign({ accounts: (_, reply: StaffAccountsReply) => reply.accounts }),
    /** A new account or a changed one replaces its row, or joins the list. */
    holdAccount: assign({
      accounts: ({ context }, account: StaffAccount) =>
        context.accounts.some((known) => known.id === account.id)
          ? context.accounts.map((known) => (known.id === account.id ? account : known))
          : [...context.accounts, account],
    }),
    holdNewPerson: assign({
      newPerson: (_, person: StaffAccountBody) => ({ name: person.name.trim(), role: person.role }),
      refusal: null,
    }),
    holdPin: assign({ pin: (_, reply: StaffAccountPinReply) => reply }),
    forgetPin: assign({ pin: null }),
    select: assign({ selectedId: (_, accountId: number) => accountId, refusal: null }),
    unselect: assign({ selectedId: null, change: null, refusal: null }),
    holdChange: assign({ change: (_, change: StaffAccountChangeBody) => change, refusal: null }),
    holdRefusal: assign({ refusal: (_, error: unknown) => refusalOf(error) }),
    /** A question asked: the last change and its refusal are over. */
    dropChange: assign({ change: null, refusal: null }),
    // Entered by the refused call's error event.
    reportRefusal: sendParent(({ event }) => staffRefusalEventOf('error' in event ? event.error : null)),
  },
  guards: {
    isRefusedForWhoIsSignedIn: (_, error: unknown) => isStaffRefusal(error),
    hasName: (_, name: string) => name.trim().length > 0,
    /** A save with a name and something to change (an unchanged form just closes). */
    changesSomething: (_, change: StaffAccountChangeBody) =>
      Object.keys(change).length > 0 && (change.name === undefined || change.name.length > 0),
    /** Only a person with access can lose it, only one without can get it back. */
    isEnabled: (_, { account, enabled }: { account: StaffAccount; enabled: boolean }) => account.enabled === enabled,
    isUnchanged: (_, change: StaffAccountChangeBody) => Object.keys(change).length === 0,
  },
}).createMachine({
  id: 'staffPeople',
  context: ({ input }) => ({
    ...input,
    accounts: [],
    selectedId: null,
    newPerson: null,
    change: null,
    pin: null,
    refusal: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPeople',
        src: 'loadPeople',
        input: ({ context }) => sectionOf(context),
        onDone: {
          target: 'shown',
          actions: {
            type: 'holdAccounts',
            params: ({ event }: { event: DoneActorEvent<StaffAccountsReply> }) => event.output,
          },
        },
        onError: [{ guard: isRefusedForWhoIsSignedIn, target: 'refused' }, { target: 'failed' }],
      },
    },
    failed: {
      on: { 'people.retry': 'loading' },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'person.add': {
              guard: { type: 'hasName', params: ({ event }) => event.name },
              target: 'adding',
              actions: { type: 'holdNewPerson', params: ({ event }) => ({ name: event.name, role: event.role }) },
            },
            'person.open': { target: 'managing', actions: { type: 'select', params: ({ event }) => event.accountId } },
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'addPerson',
            src: 'addPerson',
            input: ({ context }) => {
              if (!context.newPerson) throw new Error('Adding a person needs the person');
              return { ...sectionOf(context), person: context.newPerson };
            },
            onDone: {
              target: 'pinShown',
              actions: [
                {
                  type: 'holdAccount',
                  params: ({ event }: { event: DoneActorEvent<StaffAccountPinReply> }) => event.output.account,
                },
                { type: 'holdPin', params: ({ event }) => event.output },
              ],
            },
            onError: [
              { guard: isRefusedForWhoIsSignedIn, target: '#staffPeople.refused' },
              { target: 'idle', actions: holdRefusal },
            ],
          },
        },
        managing: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'person.save': [
                  {
                    guard: {
                      type: 'isUnchanged',
                      params: ({ context, event }) => changeOf(accountOf(context), event.name, event.role),
                    },
                    target: '#staffPeople.shown.idle',
                    actions: 'unselect',
                  },
                  {
                    guard: {
                      type: 'changesSomething',
                      params: ({ context, event }) => changeOf(accountOf(context), event.name, event.role),
                    },
                    target: 'saving',
                    actions: {
                      type: 'holdChange',
                      params: ({ context, event }) => changeOf(accountOf(context), event.name, event.role),
                    },
                  },
                ],
                'person.enable': {
                  guard: {
                    type: 'isEnabled',
                    params: ({ context }) => ({ account: accountOf(context), enabled: false }),
                  },
                  target: 'saving',
                  actions: { type: 'holdChange', params: { enabled: true } },
                },
                'person.askDisable': {
                  guard: {
                    type: 'isEnabled',
                    params: ({ context }) => ({ account: accountOf(context), enabled: true }),
                  },
                  target: 'confirmingDisable',
                  actions: 'dropChange',
                },
                'person.askPinReset': { target: 'confirmingPinReset', actions: 'dropChange' },
                'person.close': { target: '#staffPeople.shown.idle', actions: 'unselect' },
              },
            },
            /** Disabling ends the person's open sessions at once: asked first. */
            confirmingDisable: {
              on: {
                'person.confirm': {
                  target: 'saving',
                  actions: { type: 'holdChange', params: { enabled: false } },
                },
                'person.back': 'editing',
                'person.close': { target: '#staffPeople.shown.idle', actions: 'unselect' },
              },
            },
            /** A new PIN ends the person's open sessions and the old PIN: asked first. */
            confirmingPinReset: {
              on: {
                'person.confirm': 'resettingPin',
                'person.back': 'editing',
                'person.close': { target: '#staffPeople.shown.idle', actions: 'unselect' },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'changePerson',
                src: 'changePerson',
                input: ({ context }) => ({
                  ...sectionOf(context),
                  accountId: selectedOf(context),
                  change: context.change ?? {},
                }),
                onDone: {
                  target: '#staffPeople.shown.idle',
                  actions: [
                    {
                      type: 'holdAccount',
                      params: ({ event }: { event: DoneActorEvent<StaffAccount> }) => event.output,
                    },
                    'unselect',
                  ],
                },
                onError: [
                  { guard: isRefusedForWhoIsSignedIn, target: '#staffPeople.refused' },
                  { target: 'editing', actions: holdRefusal },
                ],
              },
            },
            resettingPin: {
              tags: ['busy'],
              invoke: {
                id: 'resetPin',
                src: 'resetPin',
                input: ({ context }) => ({ ...sectionOf(context), accountId: selectedOf(context) }),
                onDone: {
                  target: '#staffPeople.shown.pinShown',
                  actions: [
                    {
                      type: 'holdAccount',
                      params: ({ event }: { event: DoneActorEvent<StaffAccountPinReply> }) => event.output.account,
                    },
                    { type: 'holdPin', params: ({ event }) => event.output },
                    'unselect',
                  ],
                },
                onError: [
                  { guard: isRefusedForWhoIsSignedIn, target: '#staffPeople.refused' },
                  { target: 'editing', actions: holdRefusal },
                ],
              },
            },
          },
        },
        pinShown: {
          initial: 'ready',
          on: { 'pin.dismiss': { target: 'idle', actions: 'forgetPin' } },
          states: {
            ready: { on: { 'pin.copy': 'copying' } },
            copying: {
              invoke: {
                id: 'writeClipboard',
                src: 'writeClipboard',
                input: ({ context }) => ({ text: context.pin?.pin ?? '' }),
                onDone: 'copied',
                onError: 'copyFailed',
              },
            },
            copied: { on: { 'pin.copy': 'copying' } },
            copyFailed: { on: { 'pin.copy': 'copying' } },
          },
        },
      },
    },
    /** The page takes over (machines/staffRefusal.ts): the PIN form again, or the tabs of the role as it is now. */
    refused: {
      entry: 'reportRefusal',
      type: 'final',
    },
  },
});

/** The account being managed, as the list holds it now. */
export function accountOf(context: StaffPeopleContext): StaffAccount {
  const account = context.accounts.find((known) => known.id === context.selectedId);
  if (!account) throw new Error('Managing a person needs the person in the list');
  return account;
}
