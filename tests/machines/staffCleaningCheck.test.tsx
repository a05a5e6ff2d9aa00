import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import type { HousekeepingReply, HousekeepingRoom } from '../../contract/schemas.ts';
import { staffCleaningCheckMachine } from '../../machines/staffCleaningCheck.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderSignedInToday, STAFF_HOTEL_ID, STAFF_SESSION } from '../app/staff-console-harness.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

/**
 * Housekeeping's reports on skipped cleanings (machines/staffCleaningCheck.machine.ts), from the skip-cleaning list of
 * the 'Aujourd'hui' tab: model paths drive the real staff page, signed in, its list loaded.
 */

type ReportsSnapshot = SnapshotFrom<typeof staffCleaningCheckMachine>;

const SKIPPING: HousekeepingRoom = {
  roomNumber: '101',
  since: '2026-11-23T18:05:00.000Z',
  skipping: true,
  changedBackAt: null,
  check: null,
};
const LIST: HousekeepingReply = { date: '2026-11-24', rooms: [SKIPPING] };
const HONOURED: HousekeepingRoom = {
  ...SKIPPING,
  check: { outcome: 'honoured', checkedBy: 'Manager', checkedAt: '2026-11-24T09:40:00.000Z' },
};
const CLEANED: HousekeepingRoom = {
  ...SKIPPING,
  check: { outcome: 'cleanedAnyway', checkedBy: null, checkedAt: '2026-11-24T09:45:00.000Z' },
};

const events: AnyEventObject[] = [
  { type: 'cleaning.report', date: LIST.date, roomNumber: '101', outcome: 'honoured' },
  { type: 'cleaning.report', date: LIST.date, roomNumber: '101', outcome: 'cleanedAnyway' },
  { type: 'xstate.done.actor.reportCleaning', output: HONOURED },
  { type: 'xstate.done.actor.reportCleaning', output: CLEANED },
  {
    type: 'xstate.error.actor.reportCleaning',
    error: new ApiError(409, 'cleaning_already_checked', 'Another report stands'),
  },
  { type: 'xstate.error.actor.reportCleaning', error: new ApiError(409, 'cleaning_changed_back', 'Asked again') },
  { type: 'xstate.error.actor.reportCleaning', error: new ApiError(404, 'room_not_skipping', 'Not on the list') },
  { type: 'xstate.error.actor.reportCleaning', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.reportCleaning', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
  {
    type: 'xstate.error.actor.reportCleaning',
    error: new ApiError(403, 'staff_role_forbidden', 'This staff role may not do this'),
  },
];

const OUTCOME_LABELS = { honoured: 'Non nettoyée, comme demandé', cleanedAnyway: 'Nettoyée quand même' } as const;

// The model has no staff page above it: telling the page of a refusal, and the list to reload, is what the page's
// test sees.
const logic = staffCleaningCheckMachine.provide({ actions: { reportRefusal: () => {}, announceReport: () => {} } });

const model = new TestModel(logic as unknown as ActorLogic<ReportsSnapshot, AnyEventObject, unknown>, {
  input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, timeZone: 'Europe/Paris' },
  // A report on a room whose report is recorded is not offered: its buttons are gone (the list's test shows that).
  events: (snapshot) =>
    events.filter(
      (event) => canTake(snapshot, event) && !(event.type === 'cleaning.report' && snapshot.matches('reported')),
    ),
  serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${eventKey(event)}` : ''),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

const region = () => screen.getByRole('region', { name: /^Chambres sans ménage/ });
/** The row under room 101's: its report. */
const roomRow = () => {
  const row = region().querySelector<HTMLElement>('tr[data-part="room-report"][data-room="101"]');
  if (!row) throw new Error('No report row under room 101');
  return row;
};
const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

describe("staff cleaning reports machine: model paths drive the 'Aujourd'hui' tab", () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every state', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['idle', 'reporting', 'reported', 'alreadyReported', 'outdated', 'failed', 'refused'])
      expect(reached).toContain(JSON.stringify(state));
  });

  it('offers no report on a day to come (the list from 11:00 is the next day’s), while a report made shows', async () => {
    const harness = await renderSignedInToday();
    const later = { ...LIST, date: '2099-01-01' };
    await act(async () =>
      harness.housekeeping.resolve('loadList', { ...later, rooms: [SKIPPING, { ...HONOURED, roomNumber: '102' }] }),
    );
    expect(await within(region()).findByRole('rowheader', { name: '101' })).toBeVisible();
    expect(region().querySelector('tr[data-part="room-report"][data-room="101"]')).toBeNull();
    expect(region().querySelector('tr[data-part="room-report"][data-room="102"]')).toHaveTextContent(
      'Non nettoyée, comme demandé',
    );
    expect(within(region()).queryByRole('button', { name: OUTCOME_LABELS.honoured })).toBeNull();
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const harness = await renderSignedInToday();
      await act(async () => harness.housekeeping.resolve('loadList', LIST));
      let listLoads = harness.housekeeping.calls.length;
      /** An answer from the server about the room reloads the list; a failure to reach it does not. */
      const expectListReloaded = (reloaded: boolean) => {
        expect(harness.housekeeping.calls.length).toBe(listLoads + (reloaded ? 1 : 0));
        listLoads = harness.housekeeping.calls.length;
      };
      let lastError: unknown = null;
      const buttons = () => ({
        honoured: within(roomRow()).queryByRole('button', { name: OUTCOME_LABELS.honoured }),
        cleanedAnyway: within(roomRow()).queryByRole('button', { name: OUTCOME_LABELS.cleanedAnyway }),
      });
      await path.test({
        states: {
          idle: async () => {
            expect(buttons().honoured).toBeEnabled();
            // Each button names the room it reports on.
            expect(buttons().honoured).toHaveAccessibleDescription('101');
            expect(buttons().cleanedAnyway).toBeEnabled();
            expect(within(roomRow()).queryByRole('alert')).toBeNull();
          },
          reporting: async (snapshot) => {
            await waitFor(() => expect(buttons().honoured).toBeDisabled());
            expect(buttons().cleanedAnyway).toBeDisabled();
            expect(roomRow()).toHaveTextContent('Enregistrement…');
            expect(harness.cleaningReports.calls.at(-1)).toEqual({
              name: 'reportCleaning',
              input: {
                hId: STAFF_HOTEL_ID,
                token: STAFF_SESSION.token,
                date: LIST.date,
                roomNumber: '101',
                outcome: snapshot.context.report?.outcome,
              },
            });
          },
          reported: async (snapshot) => {
            const check = snapshot.context.reported?.check;
            if (!check) throw new Error('A reported room has its check');
            // Shown at once, while the list reloads: the outcome, who and when.
            expect(await within(roomRow()).findByText(OUTCOME_LABELS[check.outcome])).toBeVisible();
            expect(roomRow()).toHaveTextContent(
              check.checkedBy ? /par Manager le 24 nov\. 2026, 10:40$/ : /le 24 nov\. 2026, 10:45$/,
            );
            expect(buttons().honoured).toBeNull();
            expect(buttons().cleanedAnyway).toBeNull();
            expectListReloaded(true);
          },
          alreadyReported: async () => {
            expect(await within(roomRow()).findByRole('alert')).toHaveTextContent(
              /^Quelqu'un a déjà répondu pour cette chambre\s: la liste se met à jour\.$/,
            );
            expectListReloaded(true);
          },
          outdated: async () => {
            expect(await within(roomRow()).findByRole('alert')).toHaveTextContent(
              /^Le client a changé d'avis\s: la liste se met à jour\.$/,
            );
            expectListReloaded(true);
          },
          failed: async () => {
            expect(await within(roomRow()).findByRole('alert')).toHaveTextContent(
              "La réponse n'a pas été enregistrée. Réessayez.",
            );
            expect(buttons().honoured).toBeEnabled();
            expect(buttons().cleanedAnyway).toBeEnabled();
            expectListReloaded(false);
          },
          refused: async () => {
            if (errorCodeOf(lastError) === 'staff_role_forbidden') {
              expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
              expect(harness.root.calls.at(-1)).toEqual({ name: 'loadCurrentSession', input: STAFF_SESSION });
              return;
            }
            expect(await screen.findByRole('alert')).toHaveTextContent(
              'Votre session a expiré. Saisissez à nouveau le mot de passe.',
            );
          },
        },
        events: {
          'cleaning.report': async (step) => {
            const { outcome } = eventOf<{ outcome: 'honoured' | 'cleanedAnyway' }>(step);
            const button = buttons()[outcome];
            if (!button) throw new Error(`No '${OUTCOME_LABELS[outcome]}' button`);
            await harness.user.click(button);
          },
          'xstate.done.actor.reportCleaning': async (step) => {
            await act(async () =>
              harness.cleaningReports.resolve('reportCleaning', eventOf<{ output: unknown }>(step).output),
            );
          },
          'xstate.error.actor.reportCleaning': async (step) => {
            lastError = eventOf<{ error: unknown }>(step).error;
            await act(async () => harness.cleaningReports.reject('reportCleaning', lastError));
          },
        },
      });
    });
  }
});
