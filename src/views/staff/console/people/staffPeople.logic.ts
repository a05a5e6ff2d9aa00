import { fromPromise } from 'xstate';
import type { StaffSectionInput } from '../../../../../machines/staffConsole.machine.ts';
import {
  type AddPersonInput,
  type ChangePersonInput,
  type ResetPinInput,
  staffPeopleMachine,
} from '../../../../../machines/staffPeople.machine.ts';
import {
  addStaffAccount,
  changeStaffAccount,
  getStaffAccounts,
  resetStaffAccountPin,
} from '../../../../api/staffAccounts.ts';
import { writeClipboard } from '../../../binding/clipboard.ts';

/** The 'People' tab's machine with its real calls and the clipboard (docs/behaviour.md#people-tab). */
export function staffPeopleLogic() {
  return staffPeopleMachine.provide({
    actors: {
      loadPeople: fromPromise(({ input }: { input: StaffSectionInput }) => getStaffAccounts(input.hId, input.token)),
      addPerson: fromPromise(({ input }: { input: AddPersonInput }) =>
        addStaffAccount(input.hId, input.token, input.person),
      ),
      changePerson: fromPromise(({ input }: { input: ChangePersonInput }) =>
        changeStaffAccount(input.hId, input.token, input.accountId, input.change),
      ),
      resetPin: fromPromise(({ input }: { input: ResetPinInput }) =>
        resetStaffAccountPin(input.hId, input.token, input.accountId),
      ),
      writeClipboard,
    },
  });
}
