import { fromPromise } from 'xstate';

/** Writes text to the browser's clipboard; a missing clipboard (http, old browsers) is a failure. */
export const writeClipboard = fromPromise<void, { text: string }>(async ({ input }) => {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(input.text);
});
