import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { addDays } from '../../contract/calendar-days.ts';
import {
  END_DATE_WINDOW_DAYS,
  type EndDatePickerInput,
  endDatePickerMachine,
} from '../../machines/dialogs/endDatePicker.machine.ts';
import { EndDatePicker, longDate } from '../../src/views/actions/pickers/EndDatePicker.tsx';
import { I18nWrapper } from '../app/i18n-wrapper.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type PickerSnapshot = SnapshotFrom<typeof endDatePickerMachine>;

const TODAY = '2026-11-21';
/** A stay whose last possible day is after the window: the window decides. */
const input: EndDatePickerInput = { today: TODAY, lastDay: addDays(TODAY, 30) };

const events: AnyEventObject[] = [
  { type: 'date.choose', date: TODAY },
  { type: 'date.choose', date: addDays(TODAY, END_DATE_WINDOW_DAYS) },
  // Outside the window, and a cleared field: nothing to confirm.
  { type: 'date.choose', date: addDays(TODAY, END_DATE_WINDOW_DAYS + 1) },
  { type: 'date.choose', date: '' },
  { type: 'date.confirm' },
];

const model = new TestModel(
  endDatePickerMachine as unknown as ActorLogic<PickerSnapshot, AnyEventObject, EndDatePickerInput>,
  {
    input,
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  },
);

const fromState = createActor(endDatePickerMachine, { input }).getSnapshot() as PickerSnapshot;
const [first, last, outside] = events as [AnyEventObject, AnyEventObject, AnyEventObject];

const paths = [
  ...model.getShortestPaths({ fromState }),
  ...model.getPathsFromEvents([last, outside, first, { type: 'date.confirm' }], { fromState }),
];

function renderPicker() {
  const actor = createActor(endDatePickerMachine, { input }).start();
  render(
    <I18nWrapper>
      <EndDatePicker actorRef={actor} onClose={vi.fn()} />
    </I18nWrapper>,
  );
  return { actor, user: userEvent.setup() };
}

describe('endDatePicker drives the end-date sheet', () => {
  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const { actor, user } = renderPicker();
      const dialog = () => screen.getByRole('dialog', { name: 'Quand se termine votre séjour ?' });
      const field = () => within(dialog()).getByLabelText('Date de départ');

      await path.test({
        states: {
          choosing: async (snapshot) => {
            const { date } = (snapshot as PickerSnapshot).context;
            expect(dialog()).toHaveAttribute('data-state', 'choosing');
            expect(field()).toHaveAttribute('min', TODAY);
            expect(field()).toHaveAttribute('max', '2026-12-05');
            expect(field()).toHaveValue(date ?? '');
            const confirm = within(dialog()).getByRole('button', { name: 'Confirmer' });
            const shown = dialog().querySelector('[data-part="chosen-date"]');
            if (date === null) {
              expect(confirm).toBeDisabled();
              expect(shown).toBeNull();
            } else {
              expect(confirm).toBeEnabled();
              expect(shown).toHaveTextContent(longDate(date, 'fr'));
            }
          },
          confirmed: async (snapshot) => {
            expect(actor.getSnapshot().status).toBe('done');
            expect(actor.getSnapshot().output).toEqual({ endDate: (snapshot as PickerSnapshot).context.date });
          },
        },
        events: {
          'date.choose': async (step) => {
            fireEvent.change(field(), { target: { value: (step.event as AnyEventObject).date } });
          },
          'date.confirm': async () => {
            await user.click(within(dialog()).getByRole('button', { name: 'Confirmer' }));
          },
        },
      });
    });
  }

  it("never offers a date after the stay's last possible day, which the server would refuse", () => {
    const lastDay = addDays(TODAY, 5);
    const actor = createActor(endDatePickerMachine, { input: { today: TODAY, lastDay } }).start();
    render(
      <I18nWrapper>
        <EndDatePicker actorRef={actor} onClose={vi.fn()} />
      </I18nWrapper>,
    );
    const field = screen.getByLabelText('Date de départ');
    expect(field).toHaveAttribute('max', lastDay);
    fireEvent.change(field, { target: { value: addDays(lastDay, 1) } });
    expect(actor.getSnapshot().context.date).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeDisabled();
    fireEvent.change(field, { target: { value: lastDay } });
    expect(actor.getSnapshot().context.date).toBe(lastDay);
  });

  it('writes the date out in the interface language', () => {
    expect(longDate('2026-11-21', 'fr')).toBe('samedi 21 novembre 2026');
    expect(longDate('2026-11-21', 'en')).toBe('Saturday, November 21, 2026');
  });
});
