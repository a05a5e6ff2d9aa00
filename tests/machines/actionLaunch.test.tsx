import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { addDays } from '../../contract/calendar-days.ts';
import type { Action } from '../../contract/schemas.ts';
import {
  type ActionLaunchInput,
  actionLaunchMachine,
  END_DATE_NOT_SAVED,
  type SaveEndDateInput,
} from '../../machines/dialogs/actionLaunch.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { launchWithModal, STUB_KEYS, STUB_REPLY, stubModalMachine } from '../app/stub-action-modals.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

vi.mock(
  '../../src/views/actions/modals/registry.ts',
  async () => (await import('../app/stub-action-modals.tsx')).stubRegistry,
);

type LaunchSnapshot = SnapshotFrom<typeof actionLaunchMachine>;

/**
 * The hotel's today as the stay answer gives it (the server's clock), days away from the device's: the nights, the
 * end-date window and the stay ending tomorrow all count from it, never from the device's clock.
 */
const TODAY = makeStay().today;
const CHOSEN_END = addDays(TODAY, 6);

const launchable: Action[] = [
  makeAction({ actId: 11, aadName: 'Avis terminé', actType: 'REVIEW', alreadyCompleted: true }),
  makeAction({ actId: 12, aadName: 'Réclamer', actType: 'CLAIM' }),
  makeAction({ actId: 13, aadName: 'Serviettes', actType: 'YESNO', actPeriod: 'NIGHT' }),
  makeAction({ actId: 14, aadName: 'Ménage', actType: 'LUNICLEAN', actPeriod: 'NIGHT' }),
  makeAction({ actId: 15, aadName: 'Chauffage', actType: 'HEATING', actPeriod: 'STAY' }),
  makeAction({ actId: 16, aadName: 'Quiz', actType: 'QUIZ', actScope: 'HOTEL' }),
  makeAction({ actId: 17, aadName: 'Nouveau', actType: 'MYSTERY', actScope: 'HOTEL' }),
  makeAction({ actId: 18, aadName: 'Douche', actType: 'LUNISHOWER', actScope: 'HOTEL', alreadyCompleted: true }),
  // A completed proof opens its own modal (the 'collected' banner), even for a night action, without a question.
  makeAction({ actId: 19, aadName: 'Potager', actType: 'PROOF', actPeriod: 'NIGHT', alreadyCompleted: true }),
  // docs/behaviour.md#retiring: answered, then retired by the hotel: its summary, never its question again.
  makeAction({
    actId: 20,
    aadName: 'Serviettes retirées',
    actType: 'YESNO',
    actPeriod: 'NIGHT',
    alreadyCompleted: true,
    response: 'NO',
    actRetired: true,
  }),
];

const savedStay = makeStay({ endDate: CHOSEN_END, remainingDays: 6 });

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.nightsPicker', output: { choice: 1 } },
  { type: 'xstate.done.actor.nightsPicker', output: { choice: 2 } },
  { type: 'xstate.done.actor.nightsPicker', output: { choice: '4+' } },
  { type: 'xstate.done.actor.endDatePicker', output: { endDate: CHOSEN_END } },
  { type: 'xstate.done.actor.saveEndDate', output: savedStay },
  { type: 'xstate.error.actor.saveEndDate', error: new ApiError(500, 'x', 'y') },
  { type: 'endDate.retry' },
  { type: 'nights.change' },
  { type: 'launch.close' },
  // The modal's answer goes out (its machine tagged `submitting`), then its reply ends the modal and the launch.
  { type: 'xstate.snapshot.modal', snapshot: { hasTag: (tag: string) => tag === 'submitting' } },
  { type: 'xstate.done.actor.modal', output: STUB_REPLY },
];

/** A stay that ends tomorrow: no night left for the per-night actions (issue 15). */
const TOMORROW = addDays(TODAY, 1);

/** The launch the root starts when the guest opens `action` (by default the stay has no end date yet). */
function launchInput(action: Action, stayEndDate: string | null = null): ActionLaunchInput {
  return {
    sUUID: STAY_ID,
    profileUUID: PROFILE_ID,
    language: 'fr',
    action,
    today: TODAY,
    cleaningDate: TODAY,
    stayEndDate,
    stayLastDay: addDays(TODAY, 14),
    roomNumber: '101',
  };
}

function modelOf(action: Action, stayEndDate: string | null) {
  return new TestModel(
    actionLaunchMachine as unknown as ActorLogic<LaunchSnapshot, AnyEventObject, ActionLaunchInput>,
    {
      input: launchInput(action, stayEndDate),
      events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
      stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    },
  );
}

const byType = (type: string, choice?: unknown) =>
  events.find(
    (event) => event.type === type && (choice === undefined || event.output?.choice === choice),
  ) as AnyEventObject;
const retry = { type: 'endDate.retry' };
const twoNights = byType('xstate.done.actor.nightsPicker', 2);
const saveFails = byType('xstate.error.actor.saveEndDate');
const saved = byType('xstate.done.actor.saveEndDate');
const cleaning = launchable.find((action) => action.actType === 'LUNICLEAN') as Action;

/**
 * Per opened action: its shortest paths; for the cleaning, also a retry that fails again, and the cleaning of a stay
 * that ends tomorrow (unavailable until the guest gives more nights).
 */
const launches = [
  ...launchable.map((action) => ({ action, stayEndDate: null })),
  { action: cleaning, stayEndDate: TOMORROW },
].map(({ action, stayEndDate }) => {
  const model = modelOf(action, stayEndDate);
  const input = launchInput(action, stayEndDate);
  const fromState = createActor(actionLaunchMachine, { input }).getSnapshot() as LaunchSnapshot;
  const paths = [
    ...model.getShortestPaths(),
    ...(action === cleaning && stayEndDate === null
      ? model.getPathsFromEvents([twoNights, saveFails, retry, saveFails, retry, saved], { fromState })
      : []),
  ];
  return {
    action,
    stayEndDate,
    paths,
    title: stayEndDate ? `${action.aadName}, stay ending tomorrow` : action.aadName,
  };
});

function expectedModalKey(snapshot: LaunchSnapshot): string {
  const type = snapshot.context.action?.actType ?? '';
  return STUB_KEYS.includes(type) ? type : 'REVIEW';
}

/** The action's card; the cards below a phone's first screen render just after the others (ActionsList). */
function card(name: string) {
  return screen.findByRole('article', { name });
}

function hostState() {
  return document.querySelector('[data-scope="action-launch"]')?.getAttribute('data-state') ?? null;
}

async function openCard(user: UserEvent, name: string) {
  await user.click(within(await card(name)).getByRole('button'));
}

async function chooseNights(user: UserEvent, choice: number | string) {
  const label = choice === '4+' ? '4 nuits ou plus' : choice === 1 ? '1 nuit' : `${choice} nuits`;
  const dialog = await screen.findByRole('dialog', { name: 'Combien de nuits restez-vous ?' });
  await user.click(within(dialog).getByRole('radio', { name: label }));
  await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(launches)('actionLaunch of $title drives the action dialog host', ({ action, stayEndDate, paths }) => {
  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      localStorage.setItem('welcomeShown', 'true');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const saving = controlledActors(['saveEndDate', 'submitAnswer']);
      const { user, actions, session } = await renderLoadedActionsPage({
        stay: makeStay({ endDate: stayEndDate, lastDay: addDays(TODAY, 14) }),
        logic: { actionLaunch: saving.provideTo(launchWithModal(saving.provideTo(stubModalMachine))) },
      });
      /** The stub modal's answer goes out: its submit button, then its call waits for the test. */
      const sendAnswer = async () => {
        if (saving.isPending('submitAnswer')) return;
        await user.click(within(await screen.findByRole('dialog', { name: /^modal / })).getByRole('button'));
        await waitFor(() => expect(saving.isPending('submitAnswer')).toBe(true));
      };
      /** The stay's end date as the page knows it, and the stay loads so far: each new end date saved adds one. */
      let knownEndDate = stayEndDate;
      let stayLoads = 1;
      const expectStayLoads = () =>
        expect(session.calls.filter(({ name }) => name === 'loadStay')).toHaveLength(stayLoads);
      actions.resolve('loadActions', launchable);
      await screen.findByRole('article', { name: 'Avis terminé' });
      // The guest opens the card: the root starts this launch.
      await openCard(user, action.aadName);

      await path.test({
        states: {
          closed: async () => {
            await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
            expect(hostState()).toBeNull();
            // The list no longer marks an action as open.
            expect(document.querySelector('[data-selected]')).toBeNull();
            // Closing refreshes nothing more: a saved end date refreshed the stay when it was saved.
            expectStayLoads();
          },
          'active.summary': async () => {
            const dialog = await screen.findByRole('dialog', { name: 'modal COMPLETED' });
            expect(dialog).toHaveTextContent(`${action.aadName}|none|none`);
            expect(hostState()).toBe('active.summary');
            expect((await card(action.aadName)).closest('li')).toHaveAttribute('data-selected');
          },
          'active.modal': async (snapshot) => {
            const { context } = snapshot as LaunchSnapshot;
            const dialog = await screen.findByRole('dialog', {
              name: `modal ${expectedModalKey(snapshot as LaunchSnapshot)}`,
            });
            expect(within(dialog).getByText(/\|/)).toHaveTextContent(
              `${context.action?.aadName}|${context.endDate ?? 'none'}|${context.nights ?? 'none'}`,
            );
            // The modal kind's machine runs as the launch's child (a static dialog has none).
            expect(hostState()).toMatch(/^active\.modal\.\w+$/);
            expectStayLoads();
            if (context.action?.actType === 'MYSTERY') expect(warn).toHaveBeenCalled();
            if (context.answerOnItsWay) {
              // Closing is refused until the reply: the dialog and the launch stay.
              await user.keyboard('{Escape}');
              expect(dialog).toBeInTheDocument();
              expect(hostState()).toMatch(/^active\.modal\.\w+$/);
            }
          },
          submitted: async () => {
            // The launch ended with the reply: the page closes it, refetches the actions and refreshes the stay.
            await waitFor(() => expect(screen.queryByRole('dialog', { name: /^modal / })).not.toBeInTheDocument());
            expect(hostState()).toBeNull();
            await waitFor(() => expect(actions.isPending('loadActions')).toBe(true));
            await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
          },
          'active.nightsPicker': async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Combien de nuits restez-vous ?' });
            expect(
              within(dialog)
                .getAllByRole('radio')
                .map((radio) => radio.textContent),
            ).toEqual(['1 nuit', '2 nuits', '3 nuits', '4 nuits ou plus']);
            expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled();
          },
          'active.endDatePicker': async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Quand se termine votre séjour ?' });
            const input = within(dialog).getByLabelText('Date de départ');
            expect(input).toHaveAttribute('min', TODAY);
            expect(input).toHaveAttribute('max', addDays(TODAY, 14));
            expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeDisabled();
          },
          'active.savingEndDate': async (snapshot) => {
            const { context } = snapshot as LaunchSnapshot;
            await screen.findByText('Enregistrement de la date de fin…');
            await waitFor(() => expect(saving.isPending('saveEndDate')).toBe(true));
            expect(saving.calls.at(-1)?.input).toEqual({
              sUUID: STAY_ID,
              profileUUID: PROFILE_ID,
              endDate: context.endDate,
            });
          },
          'active.endDateNotSaved': async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent("Impossible d'enregistrer la date de fin de votre séjour.");
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
          },
          'active.oneNightUnavailable': async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Actions indisponibles' });
            expect(dialog).toHaveTextContent("Ces actions ne sont pas disponibles pour un séjour d'une nuit.");
            // Just saved as one night, or already known to end tomorrow: the question is not asked again.
            if (saving.calls.length > 0) expect(saving.calls.at(-1)?.input).toMatchObject({ endDate: TOMORROW });
            else expect(stayEndDate).toBe(TOMORROW);
            expect(within(dialog).getByRole('button', { name: 'Modifier mes nuits' })).toBeVisible();
            expectStayLoads();
            // It names the gestures that need a next day (issue 25): the cleaning, not tonight's gestures.
            const named = within(dialog)
              .getAllByRole('listitem')
              .map((item) => item.textContent);
            expect(named).toContain('Ménage');
            expect(named).not.toContain('Chauffage');
          },
        },
        events: {
          'xstate.done.actor.nightsPicker': async (step) => {
            await chooseNights(user, (step.event as AnyEventObject).output.choice);
          },
          'xstate.done.actor.endDatePicker': async (step) => {
            const dialog = await screen.findByRole('dialog', { name: 'Quand se termine votre séjour ?' });
            fireEvent.change(within(dialog).getByLabelText('Date de départ'), {
              target: { value: (step.event as AnyEventObject).output.endDate },
            });
            await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
          },
          'xstate.done.actor.saveEndDate': async (step) => {
            await waitFor(() => expect(saving.isPending('saveEndDate')).toBe(true));
            const endDate = (saving.calls.at(-1)?.input as SaveEndDateInput | undefined)?.endDate ?? null;
            act(() => saving.resolve('saveEndDate', (step.event as AnyEventObject).output));
            if (endDate === knownEndDate) return;
            // A new end date refreshes the stay at once, while the launch goes on (and once: the states count loads).
            await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
            session.resolve('loadStay', savedStay);
            knownEndDate = endDate;
            stayLoads += 1;
          },
          'xstate.error.actor.saveEndDate': async (step) => {
            await waitFor(() => expect(saving.isPending('saveEndDate')).toBe(true));
            act(() => saving.reject('saveEndDate', (step.event as AnyEventObject).error));
          },
          'nights.change': async () => {
            const dialog = screen.getByRole('dialog', { name: 'Actions indisponibles' });
            await user.click(within(dialog).getByRole('button', { name: 'Modifier mes nuits' }));
          },
          'endDate.retry': async () => {
            await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Réessayer' }));
          },
          'launch.close': async () => {
            await user.keyboard('{Escape}');
          },
          'xstate.snapshot.modal': sendAnswer,
          'xstate.done.actor.modal': async (step) => {
            await sendAnswer();
            act(() => saving.resolve('submitAnswer', (step.event as AnyEventObject).output));
          },
        },
      });
    });
  }
});

describe('launch with the stay end date known', () => {
  it.each([
    ['Ménage', 'LUNICLEAN'],
    ['Chauffage', 'HEATING'],
  ])('%s opens its modal with the stay end date and the nights until it', async (name, key) => {
    localStorage.setItem('welcomeShown', 'true');
    const { user, actions } = await renderLoadedActionsPage({ stay: makeStay({ endDate: addDays(TODAY, 3) }) });
    actions.resolve('loadActions', launchable);
    await user.click(within(await screen.findByRole('article', { name })).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: `modal ${key}` });
    expect(dialog).toHaveTextContent(`${name}|${addDays(TODAY, 3)}|3`);
  });
});

describe("launch near the stay's last possible day", () => {
  /** A stay that may last two more nights: the server refuses any later end date (409 end_date_after_last_day). */
  const LAST_DAY = addDays(TODAY, 2);

  async function openNightAction(saving: ReturnType<typeof controlledActors<'saveEndDate'>>) {
    localStorage.setItem('welcomeShown', 'true');
    const page = await renderLoadedActionsPage({
      stay: makeStay({ endDate: null, lastDay: LAST_DAY }),
      logic: { actionLaunch: saving.provideTo(actionLaunchMachine) },
    });
    page.actions.resolve('loadActions', launchable);
    await openCard(page.user, 'Ménage');
    return page;
  }

  it('3 nights end on the last possible day, the date the server takes', async () => {
    const saving = controlledActors(['saveEndDate']);
    const { user } = await openNightAction(saving);
    await chooseNights(user, 3);
    await waitFor(() => expect(saving.calls.at(-1)?.input).toMatchObject({ endDate: LAST_DAY }));
  });

  it('4+ offers no date after the last possible day', async () => {
    const saving = controlledActors(['saveEndDate']);
    const { user } = await openNightAction(saving);
    await chooseNights(user, '4+');
    const picker = await screen.findByLabelText('Date de départ');
    expect(picker).toHaveAttribute('min', TODAY);
    expect(picker).toHaveAttribute('max', LAST_DAY);
  });
});

describe('an end date of today', () => {
  it('ends the stay at once: the refresh after the save sends the guest to the finished page', async () => {
    localStorage.setItem('welcomeShown', 'true');
    const saving = controlledActors(['saveEndDate']);
    const { user, actions, session } = await renderLoadedActionsPage({
      stay: makeStay({ endDate: null, lastDay: addDays(TODAY, 14) }),
      logic: { actionLaunch: saving.provideTo(actionLaunchMachine) },
    });
    actions.resolve('loadActions', launchable);
    await openCard(user, 'Ménage');
    await chooseNights(user, '4+');
    fireEvent.change(await screen.findByLabelText('Date de départ'), { target: { value: TODAY } });
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(saving.calls.at(-1)?.input).toMatchObject({ endDate: TODAY }));
    act(() => saving.resolve('saveEndDate', makeStay({ endDate: TODAY, remainingDays: 0 })));
    // The launch goes on (no next day to skip the cleaning of), and the root refreshes the stay without waiting for
    // its end.
    expect(await screen.findByRole('dialog', { name: 'Actions indisponibles' })).toBeInTheDocument();
    await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
    session.resolve('loadStay', makeStay({ endDate: TODAY, remainingDays: 0 }));
    expect(await screen.findByText('finished page')).toBeInTheDocument();
  });
});

describe('launch rules', () => {
  it('has a descriptor for a failed end-date save', () => {
    expect(END_DATE_NOT_SAVED.id).toBeTruthy();
  });
});
