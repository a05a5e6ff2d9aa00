import { fromPromise } from 'xstate';
import { copyCodeMachine } from '../../../machines/copyCode.machine.ts';

/** The copy machine wired to the browser: the clipboard may be missing (http, old browsers), which is a failure. */
export const copyCodeLogic = copyCodeMachine.provide({
  actors: {
    writeClipboard: fromPromise(async ({ input }) => {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(input.text);
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
  },
});
