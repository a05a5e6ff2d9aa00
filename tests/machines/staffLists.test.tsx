import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import type { HousekeepingReply, RedemptionsReply } from '../../contract/schemas.ts';
import { HOUSEKEEPING_REFRESH_MS, staffHousekeepingMachine } from '../../machines/staffHousekeeping.machine.ts';
import type { StaffListContext } from '../../machines/staffList.ts';
import { staffRedemptionsMachine } from '../../machines/staffRedemptions.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import {
  renderSignedInToday,
  STAFF_HOTEL_ID,
  STAFF_SESSION,
  type StaffConsoleHarness,
} from '../app/staff-console-harness.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

/**
 * The two lists of the 'Aujourd'hui' tab (machines/staffList.ts): the skip-cleaning list (reloads every minute) and
 * the day's uses (reloads on demand). Model paths drive the real staff page, signed in.
 */

const HOUSEKEEPING: HousekeepingReply = {
  date: '2026-11-24',
  rooms: [
    { roomNumber: '101', since: '2026-11-23T18:05:00.000Z', skipping: true, changedBackAt: null, check: null },
    {
      roomNumber: '201',
      since: '2026-11-24T07:00:00.000Z',
      skipping: false,
      changedBackAt: '2026-11-24T08:30:00.000Z',
      check: null,
    },
    {
      roomNumber: '305',
      since: '2026-11-23T19:00:00.000Z',
      skipping: true,
      changedBackAt: null,
      check: { outcome: 'honoured', checkedBy: 'Inès', checkedAt: '2026-11-24T09:40:00.000Z' },
    },
  ],
};
const NO_ROOMS: HousekeepingReply = { date: '2026-11-24', rooms: [] };

const USES: RedemptionsReply = {
  date: '2026-11-24',
  redemptions: [
    {
      rwId: 1,
      rwType: 'CODE',
      rewardName: 'Un café offert au bar',
      roomNumber: '101',
      code: 'TIL-K7M2QX9P',
      claimedAt: '2026-11-24T07:00:00.000Z',
      usedAt: '2026-11-24T09:00:00.000Z',
      usedBy: 'staff',
      staffName: 'Amina',
    },
    {
      rwId: 3,
      rwType: 'SLIDER',
      rewardName: '10 % sur votre note',
      roomNumber: null,
      code: null,
      claimedAt: '2026-11-24T06:00:00.000Z',
      usedAt: '2026-11-24T08:00:00.000Z',
      usedBy: 'guest',
      staffName: null,
    },
  ],
};
const NO_USES: RedemptionsReply = { date: '2026-11-24', redemptions: [] };

const SECTION_INPUT = { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, timeZone: 'Europe/Paris' };

const failures = [
  new ApiError(0, 'network_error', 'Failed to fetch'),
  new ApiError(401, 'staff_session_invalid', 'The staff session is unknown or has expired'),
  new ApiError(403, 'staff_role_forbidden', 'This staff role may not do this'),
];

interface ListCase<Reply> {
  name: string;
  machine: typeof staffHousekeepingMachine | typeof staffRedemptionsMachine;
  replies: Reply[];
  region: RegExp;
  loadingText: string;
  failureText: string;
  harnessOf: (harness: StaffConsoleHarness) => StaffConsoleHarness['housekeeping'];
  expectShown: (region: HTMLElement, reply: Reply) => void;
}

function rowsOf(region: HTMLElement): string[] {
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

const housekeepingCase: ListCase<HousekeepingReply> = {
  name: 'skip-cleaning list',
  machine: staffHousekeepingMachine,
  replies: [HOUSEKEEPING, NO_ROOMS],
  region: /^Chambres sans ménage/,
  loadingText: 'Chargement de la liste…',
  failureText: 'Impossible de charger la liste des chambres.',
  harnessOf: (harness) => harness.housekeeping,
  expectShown: (region, reply) => {
    expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Chambres sans ménage — 24 novembre 2026',
    );
    expect(within(region).getByRole('button', { name: 'Imprimer la liste' })).toBeEnabled();
    if (reply.rooms.length === 0) {
      expect(region).toHaveTextContent('Aucune chambre ne renonce au ménage ce jour-là.');
      return;
    }
    const rows = rowsOf(region);
    // Under a room still skipping, a row with its report's two buttons (tests/machines/staffCleaningCheck.test.tsx);
    // once reported, what, who and when; none under a room whose guest asked for the cleaning again.
    expect(rows).toEqual([
      expect.stringMatching(/^101.*Pas de ménage$/),
      'Non nettoyée, comme demandéNettoyée quand même',
      expect.stringMatching(/^201.*Ménage demandé à nouveau le /),
      expect.stringMatching(/^305.*Pas de ménage$/),
      'Non nettoyée, comme demandépar Inès le 24 nov. 2026, 10:40',
    ]);
    expect(within(region).getByRole('rowheader', { name: '101' })).toBeInTheDocument();
  },
};

const usesCase: ListCase<RedemptionsReply> = {
  name: 'uses of the day',
  machine: staffRedemptionsMachine,
  replies: [USES, NO_USES],
  region: /^Récompenses utilisées aujourd'hui$/,
  loadingText: 'Chargement des récompenses utilisées…',
  failureText: 'Impossible de charger les récompenses utilisées.',
  harnessOf: (harness) => harness.uses,
  expectShown: (region, reply) => {
    if (reply.redemptions.length === 0) {
      expect(region).toHaveTextContent("Aucune récompense utilisée aujourd'hui.");
      return;
    }
    const rows = rowsOf(region);
    // Who handed it over: the staff account's name, none for the guest's own screen.
    expect(rows[0]).toMatch(/Un café offert au bar.*101.*TIL-K7M2QX9P.*Code vérifiéAmina$/);
    expect(rows[1]).toMatch(/10 % sur votre note.*Sans chambre.*Sans code.*Écran du client—$/);
  },
};

function modelFor<Reply>(list: ListCase<Reply>) {
  const timer = list.machine.states.shown?.after?.[0]?.eventType;
  const events: AnyEventObject[] = [
    ...list.replies.map((output) => ({ type: 'xstate.done.actor.loadList', output })),
    ...failures.map((error) => ({ type: 'xstate.error.actor.loadList', error })),
    { type: 'list.retry' },
    { type: 'list.refresh' },
    ...(timer ? [{ type: timer }] : []),
  ];
  // The model has no staff page above it: telling the page of a refusal is the view's part.
  const logic = list.machine.provide({ actions: { reportRefusal: () => {} } });
  return new TestModel(logic as unknown as ActorLogic<SnapshotFrom<typeof list.machine>, AnyEventObject, unknown>, {
    input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token },
    // From `failed` only a code check reloads the list (tests/machines/staffCodeCheck.test.tsx); staff press 'Réessayer'.
    events: (snapshot) =>
      events.filter(
        (event) => canTake(snapshot, event) && !(event.type === 'list.refresh' && snapshot.matches('failed')),
      ),
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${eventKey(event)}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

beforeEach(() => {
  // The automatic reload is a timeout: faked, while promises and user-event keep real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

function describeList<Reply>(list: ListCase<Reply>) {
  describe(`staff ${list.name}: model paths drive the 'Aujourd'hui' tab`, () => {
    const paths = modelFor(list).getShortestPaths({ allowDuplicatePaths: true });

    it('reaches every state', () => {
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of ['loading', 'failed', 'shown', 'refreshing', 'refused'])
        expect(reached).toContain(JSON.stringify(state));
    });

    for (const path of paths) {
      it(modelPathTitle(path), async () => {
        const harness = await renderSignedInToday({ advanceTimers: vi.advanceTimersByTime });
        const controlled = list.harnessOf(harness);
        const region = () => screen.getByRole('region', { name: list.region });
        let lastError: unknown = null;
        await path.test({
          states: {
            loading: async () => {
              expect(await within(region()).findByRole('status')).toHaveTextContent(list.loadingText);
              expect(controlled.calls.at(-1)).toEqual({
                name: 'loadList',
                input: SECTION_INPUT,
              });
            },
            failed: async () => {
              const alert = await within(region()).findByRole('alert');
              expect(alert).toHaveTextContent(list.failureText);
              expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
            },
            shown: async (snapshot) => {
              const { reply, stale } = snapshot.context as StaffListContext<Reply>;
              await waitFor(() => expect(within(region()).getByRole('button', { name: 'Actualiser' })).toBeEnabled());
              if (reply) list.expectShown(region(), reply);
              const notice = within(region()).getByRole('status');
              if (stale) expect(notice).toHaveTextContent('La mise à jour a échoué : la liste affichée');
              else expect(notice).toBeEmptyDOMElement();
            },
            refreshing: async (snapshot) => {
              const { reply } = snapshot.context as StaffListContext<Reply>;
              await waitFor(() =>
                expect(within(region()).getByRole('button', { name: 'Actualisation…' })).toBeDisabled(),
              );
              // The last list stays on screen while it reloads.
              if (reply) list.expectShown(region(), reply);
              expect(controlled.isPending('loadList')).toBe(true);
            },
            // The page takes over: a session the server no longer knows asks for the PIN again; a role that may
            // not any more makes the page ask who the session is now.
            refused: async () => {
              const refusal = errorCodeOf(lastError);
              if (refusal === 'staff_role_forbidden') {
                expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
                expect(harness.root.calls.at(-1)).toEqual({ name: 'loadCurrentSession', input: STAFF_SESSION });
                expect(screen.queryByRole('tablist')).toBeNull();
                return;
              }
              expect(refusal).toBe('staff_session_invalid');
              expect(await screen.findByRole('alert')).toHaveTextContent(
                'Votre session a expiré. Saisissez à nouveau le mot de passe.',
              );
              expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
              expect(screen.queryByRole('tablist')).toBeNull();
            },
          },
          events: {
            'xstate.done.actor.loadList': async (step) => {
              await act(async () => controlled.resolve('loadList', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.loadList': async (step) => {
              lastError = eventOf<{ error: unknown }>(step).error;
              await act(async () => controlled.reject('loadList', lastError));
            },
            'list.retry': async () => {
              await harness.user.click(within(region()).getByRole('button', { name: 'Réessayer' }));
            },
            'list.refresh': async () => {
              await harness.user.click(within(region()).getByRole('button', { name: 'Actualiser' }));
            },
            [`xstate.after.listRefresh.${list.machine.id}.shown`]: async () => {
              await act(async () => vi.advanceTimersByTime(HOUSEKEEPING_REFRESH_MS));
            },
          },
        });
      });
    }
  });
}

describeList(housekeepingCase);
describeList(usesCase);
