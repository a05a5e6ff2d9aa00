import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { NIGHTS_CHOICES } from '../../contract/answer-rules.ts';
import { nightsPickerMachine } from '../../machines/dialogs/nightsPicker.machine.ts';
import { NightsPicker } from '../../src/views/actions/pickers/NightsPicker.tsx';
import { I18nWrapper } from '../app/i18n-wrapper.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type PickerSnapshot = SnapshotFrom<typeof nightsPickerMachine>;

const LABELS: Record<string, string> = { '1': '1 nuit', '2': '2 nuits', '3': '3 nuits', '4+': '4 nuits ou plus' };

const events: AnyEventObject[] = [
  ...NIGHTS_CHOICES.map((choice) => ({ type: 'nights.choose', choice })),
  { type: 'nights.confirm' },
];

const model = new TestModel(nightsPickerMachine as unknown as ActorLogic<PickerSnapshot, AnyEventObject, undefined>, {
  events: (snapshot) =>
    events.filter(
      (event) =>
        canTake(snapshot, event) &&
        // Choosing the option already chosen changes nothing on screen.
        !(event.type === 'nights.choose' && event.choice === snapshot.context.choice),
    ),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

function renderPicker() {
  const actor = createActor(nightsPickerMachine).start();
  const onClose = vi.fn();
  render(
    <I18nWrapper>
      <NightsPicker actorRef={actor} onClose={onClose} />
    </I18nWrapper>,
  );
  return { actor, onClose, user: userEvent.setup() };
}

describe('nightsPicker drives the nights-of-stay sheet', () => {
  for (const path of model.getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const { actor, user } = renderPicker();
      const dialog = () => screen.getByRole('dialog', { name: 'Combien de nuits restez-vous ?' });

      await path.test({
        states: {
          choosing: async (snapshot) => {
            const { choice } = (snapshot as PickerSnapshot).context;
            expect(dialog()).toHaveAttribute('data-state', 'choosing');
            const checked = within(dialog())
              .getAllByRole('radio')
              .filter((radio) => radio.getAttribute('aria-checked') === 'true')
              .map((radio) => radio.textContent);
            expect(checked).toEqual(choice === null ? [] : [LABELS[String(choice)]]);
            // One Tab stop for the group: the chosen option, else the first.
            const tabStops = within(dialog())
              .getAllByRole('radio')
              .filter((radio) => radio.tabIndex === 0)
              .map((radio) => radio.textContent);
            expect(tabStops).toEqual([LABELS[String(choice ?? 1)]]);
            const validate = within(dialog()).getByRole('button', { name: 'Valider' });
            if (choice === null) expect(validate).toBeDisabled();
            else expect(validate).toBeEnabled();
          },
          confirmed: async (snapshot) => {
            expect(dialog()).toHaveAttribute('data-state', 'confirmed');
            expect(actor.getSnapshot().status).toBe('done');
            expect(actor.getSnapshot().output).toEqual({ choice: (snapshot as PickerSnapshot).context.choice });
          },
        },
        events: {
          'nights.choose': async (step) => {
            const label = LABELS[String((step.event as AnyEventObject).choice)] ?? '';
            if (path.steps.length % 2) {
              await user.click(within(dialog()).getByRole('radio', { name: label }));
              return;
            }
            // By keyboard: Tab reaches the group's one stop, the arrows move and choose.
            const radios = within(dialog()).getAllByRole('radio');
            const from = radios.findIndex((radio) => radio.tabIndex === 0);
            const to = radios.findIndex((radio) => radio.textContent === label);
            act(() => radios[from]?.focus());
            await user.keyboard('{ArrowDown}'.repeat((to - from + radios.length) % radios.length));
            expect(within(dialog()).getByRole('radio', { name: label })).toHaveFocus();
          },
          'nights.confirm': async () => {
            await user.click(within(dialog()).getByRole('button', { name: 'Valider' }));
          },
        },
      });
    });
  }

  it('ignores Valider until an option is chosen, and Escape closes', async () => {
    const { actor, onClose, user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(actor.getSnapshot().value).toBe('choosing');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
