import { fromPromise } from 'xstate';
import {
  contentHistoryMachine,
  type LoadVersionsInput,
  type RestoreVersionInput,
} from '../../../../../../machines/contentHistory.machine.ts';
import type { StaffSectionInput } from '../../../../../../machines/staffConsole.machine.ts';
import { getContentHistory, getContentVersion, restoreContentVersion } from '../../../../../api/staffContent.ts';

/** The content history's machine with its real calls (docs/behaviour.md#content-history). */
export function contentHistoryLogic() {
  return contentHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(({ input }: { input: StaffSectionInput }) => getContentHistory(input.hId, input.token)),
      loadVersions: fromPromise(async ({ input }: { input: LoadVersionsInput }) => {
        const [newer, older] = await Promise.all([
          getContentVersion(input.hId, input.token, input.number),
          input.previous === null ? null : getContentVersion(input.hId, input.token, input.previous),
        ]);
        return { newer, older };
      }),
      restoreVersion: fromPromise(({ input }: { input: RestoreVersionInput }) =>
        restoreContentVersion(input.hId, input.token, input.number, input.baseVersion),
      ),
    },
  });
}
