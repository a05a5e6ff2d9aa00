import { copyCodeMachine } from '../../../machines/copyCode.machine.ts';
import { writeClipboard } from '../binding/clipboard.ts';

/** The copy machine wired to the browser's clipboard and reload. */
export const copyCodeLogic = copyCodeMachine.provide({
  actors: { writeClipboard },
  actions: {
    reloadPage: () => window.location.reload(),
  },
});
