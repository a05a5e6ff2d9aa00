import { setup } from 'xstate';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The disabled-QR page's code copy (docs/behaviour.md#disabled-qr):
 * idle ─code.copy▶ copying ─▶ copied ─(copyConfirmation)▶ idle; a clipboard refusal ▶ failed, where copying may be tried again.
 * `qr.retry` reloads the page (the reception may have assigned the code meanwhile); the reload is an action the view
 * provides.
 */

export interface CopyCodeContext {
  code: string;
}

function copyInput({ context }: { context: CopyCodeContext }) {
  return { text: context.code };
}

export const copyCodeMachine = setup({
  types: {
    input: {} as { code: string },
    context: {} as CopyCodeContext,
    events: {} as { type: 'code.copy' } | { type: 'qr.retry' },
  },
  actors: {
    writeClipboard: viewProvidedActor<void, { text: string }>('writeClipboard'),
  },
  actions: {
    // Reloading is a browser side effect.
    reloadPage: viewProvidedAction('reloadPage'),
  },
  delays: {
    copyConfirmation: 2000,
  },
}).createMachine({
  id: 'copyCode',
  context: ({ input }) => ({ code: input.code }),
  initial: 'idle',
  on: { 'qr.retry': { actions: 'reloadPage' } },
  states: {
    idle: {
      on: { 'code.copy': 'copying' },
    },
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: copyInput,
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {
      after: { copyConfirmation: 'idle' },
      on: { 'code.copy': 'copying' },
    },
    failed: {
      on: { 'code.copy': 'copying' },
    },
  },
});
