import { fromPromise } from 'xstate';
import {
  type CheckContentInput,
  contentEditorMachine,
  type ImportYamlInput,
  type SaveContentInput,
} from '../../../../../machines/contentEditor.machine.ts';
import type { StaffSectionInput } from '../../../../../machines/staffConsole.machine.ts';
import {
  checkContent,
  getContent,
  getContentYaml,
  importContentYaml,
  saveContent,
} from '../../../../api/staffContent.ts';
import { saveFile } from '../impact/saveFile.ts';

/** The downloaded file's name: the hotel's, as the server names it. */
export const contentYamlFileName = (hId: number) => `hotel-${hId}.yaml`;

/** The 'Programme' tab's machine with its real calls (docs/behaviour.md#content-editor). */
export function contentEditorLogic() {
  return contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise(({ input }: { input: StaffSectionInput }) => getContent(input.hId, input.token)),
      checkContent: fromPromise(({ input }: { input: CheckContentInput }) =>
        checkContent(input.hId, input.token, input.document),
      ),
      saveContent: fromPromise(({ input }: { input: SaveContentInput }) =>
        saveContent(input.hId, input.token, input.baseVersion, input.document),
      ),
      importYaml: fromPromise(({ input }: { input: ImportYamlInput }) =>
        importContentYaml(input.hId, input.token, input.baseVersion, input.text),
      ),
      exportYaml: fromPromise(async ({ input }: { input: StaffSectionInput }) => {
        const file = await getContentYaml(input.hId, input.token);
        saveFile(contentYamlFileName(input.hId), file, 'application/yaml');
      }),
    },
  });
}
