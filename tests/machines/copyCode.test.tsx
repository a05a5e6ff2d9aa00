import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { copyCodeMachine } from '../../machines/copyCode.machine.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { copyCodeLogic } from '../../src/views/entry/copyCode.logic.ts';
import { DisabledQrPage } from '../../src/views/entry/DisabledQrPage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const CODE = 'unassigned-1';
const COPY_CONFIRMATION_MS = 2000;

type CopyCodeSnapshot = SnapshotFrom<typeof copyCodeMachine>;

/** The event XState sends itself when the `copyConfirmation` delay of `copied` ends. */
const confirmationEnded = copyCodeMachine.states.copied?.after[0]?.eventType ?? '';

const events: AnyEventObject[] = [
  { type: 'code.copy' },
  { type: 'xstate.done.actor.writeClipboard' },
  { type: 'xstate.error.actor.writeClipboard', error: new DOMException('Denied', 'NotAllowedError') },
  { type: confirmationEnded },
];

// Done and error events of invoked actors (and delayed events) are real inputs of the machine, not in its event type.
const logic = copyCodeMachine as unknown as ActorLogic<CopyCodeSnapshot, AnyEventObject, { code: string }>;

/** Reaching a state again through another transition counts as new, so every edge (re-copy, retry) is walked. */
const model = new TestModel(logic, {
  input: { code: CODE },
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  serializeState: (snapshot, event, previous) =>
    serializeSnapshot(snapshot) +
    (event && previous && previous.value !== snapshot.value ? ` via ${event.type} from ${String(previous.value)}` : ''),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

function copyButton(): HTMLElement {
  return screen.getByRole('button', { name: /^(Copier le code|Copié !)$/ });
}

function pageRoot(): HTMLElement {
  return screen.getByRole('main');
}

beforeEach(() => {
  // Only timeouts are faked (the copyConfirmation delay); time still flows for promises and user-event.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The page as the app renders it, under the language provider (its language menu); waits for the catalog. */
async function renderPage(logic?: typeof copyCodeLogic) {
  render(
    <LanguageProvider>
      <DisabledQrPage qrId={CODE} logic={logic} />
    </LanguageProvider>,
  );
  await screen.findByRole('main');
}

describe('copyCode machine: model paths drive DisabledQrPage', () => {
  const paths = model.getShortestPaths();

  it('covers copying, confirmation, failure and copying again', () => {
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(confirmationEnded).toBe('xstate.after.copyConfirmation.copyCode.copied');
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['writeClipboard']);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderPage(controlled.provideTo(copyCodeLogic));

      await path.test({
        states: {
          idle: async () => {
            expect(pageRoot()).toHaveAttribute('data-state', 'idle');
            expect(screen.getByRole('heading', { level: 1, name: 'QR code non activé' })).toBeVisible();
            // The language menu is on every entry page (issue 15).
            expect(screen.getByRole('button', { name: /Langue/ })).toBeVisible();
            expect(screen.getByText(CODE)).toBeVisible();
            expect(copyButton()).toHaveAccessibleName('Copier le code');
            expect(copyButton()).toBeEnabled();
            expect(screen.getByRole('status')).toBeEmptyDOMElement();
          },
          copying: async () => {
            expect(pageRoot()).toHaveAttribute('data-state', 'copying');
            expect(copyButton()).toBeDisabled();
            expect(controlled.isPending('writeClipboard')).toBe(true);
            expect(controlled.calls.at(-1)?.input).toEqual({ text: CODE });
          },
          copied: async () => {
            expect(pageRoot()).toHaveAttribute('data-state', 'copied');
            expect(copyButton()).toHaveAccessibleName('Copié !');
            expect(screen.getByRole('status')).toHaveTextContent('Code copié dans le presse-papiers.');
          },
          failed: async () => {
            expect(pageRoot()).toHaveAttribute('data-state', 'failed');
            expect(copyButton()).toHaveAccessibleName('Copier le code');
            expect(screen.getByRole('status')).toHaveTextContent('Impossible de copier le code. Notez-le à la main.');
          },
        },
        events: {
          'code.copy': async () => {
            await user.click(copyButton());
          },
          'xstate.done.actor.writeClipboard': async () => {
            await act(async () => controlled.resolve('writeClipboard', undefined));
          },
          'xstate.error.actor.writeClipboard': async (step: { event: AnyEventObject }) => {
            await act(async () => controlled.reject('writeClipboard', step.event.error));
          },
          [confirmationEnded]: async () => {
            // 'Copié !' stays for the whole copyConfirmation delay (docs/behaviour.md#timings: 2 s), then goes.
            await act(async () => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 100));
            expect(copyButton()).toHaveAccessibleName('Copié !');
            await act(async () => vi.advanceTimersByTime(100));
          },
        },
      });
    });
  }
});

describe('disabled QR page', () => {
  it('reloads the page on Réessayer', async () => {
    const reloadPage = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderPage(copyCodeLogic.provide({ actions: { reloadPage } }));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('writes the code to the real clipboard', async () => {
    // user-event installs a clipboard stub on navigator.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderPage();
    await user.click(copyButton());
    expect(await screen.findByRole('button', { name: 'Copié !' })).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(CODE);
  });
});
