import { act, fireEvent, screen, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { StaffAccount, StaffAuditEntry, StaffAuditReply } from '../../contract/schemas.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import {
  auditQueryOf,
  isValidTrailRange,
  NO_TRAIL_FILTERS,
  staffTrailMachine,
  TRAIL_PAGE_SIZE,
  type TrailFilters,
  trailPageQuery,
} from '../../machines/staffTrail.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { trailCsvFileName } from '../../src/views/staff/console/trail/staffTrail.logic.ts';
import { TrailSection } from '../../src/views/staff/console/trail/TrailSection.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { renderStaffSection, SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type StaffTrailSnapshot = SnapshotFrom<typeof staffTrailMachine>;

const person = (id: number, name: string, role: StaffAccount['role']): StaffAccount => ({
  id,
  name,
  role,
  enabled: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});
const PEOPLE = [person(1, 'Alice Martin', 'manager'), person(2, 'Bruno', 'frontDesk')];

const entry = (id: number, fields: Partial<StaffAuditEntry>): StaffAuditEntry => ({
  id,
  at: '2026-11-24T09:30:00.000Z',
  kind: 'signIn',
  accountId: 2,
  actorName: 'Bruno',
  role: 'frontDesk',
  roomNumber: null,
  sUUID: null,
  rwId: null,
  code: null,
  targetAccountId: null,
  detail: null,
  ...fields,
});

const FIRST_PAGE: StaffAuditReply = {
  entries: [
    entry(12, { kind: 'codeRedeemed', roomNumber: '101', code: 'TIL-K7M2QX9P', rwId: 4 }),
    entry(11, {
      at: '2026-11-24T08:00:00.000Z',
      kind: 'accountRoleChanged',
      accountId: 1,
      actorName: 'Alice Martin',
      role: 'manager',
      targetAccountId: 2,
      detail: 'housekeeping → frontDesk',
    }),
    entry(10, { kind: 'signInFailed', accountId: null, actorName: null, role: null, detail: '203.0.113.9' }),
  ],
  nextBefore: 10,
};
const LAST_PAGE: StaffAuditReply = {
  entries: [entry(9, { kind: 'stayReset', roomNumber: '204', sUUID: 's-9' })],
  nextBefore: null,
};
const NOTHING: StaffAuditReply = { entries: [], nextBefore: null };

const BRUNOS_REDEMPTIONS: TrailFilters = { from: '2026-11-20', to: '2026-11-24', accountId: 2, kind: 'codeRedeemed' };
const INVERTED: TrailFilters = { ...NO_TRAIL_FILTERS, from: '2026-11-24', to: '2026-11-20' };

const failure = (status: number, code: string) => new ApiError(status, code, code);

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPeople', output: { accounts: PEOPLE } },
  { type: 'xstate.error.actor.loadPeople', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.loadPeople', error: failure(401, 'staff_session_invalid') },
  { type: 'xstate.done.actor.loadTrail', output: FIRST_PAGE },
  { type: 'xstate.done.actor.loadTrail', output: NOTHING },
  { type: 'xstate.error.actor.loadTrail', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.loadTrail', error: failure(401, 'staff_session_invalid') },
  { type: 'xstate.error.actor.loadTrail', error: failure(403, 'staff_role_forbidden') },
  { type: 'xstate.done.actor.exportTrail' },
  { type: 'xstate.error.actor.exportTrail', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.exportTrail', error: failure(401, 'staff_session_invalid') },
  { type: 'trail.filter', filters: BRUNOS_REDEMPTIONS },
  { type: 'trail.filter', filters: INVERTED },
  { type: 'trail.loadMore' },
  { type: 'trail.export' },
  { type: 'trail.retry' },
];

/** The next page's answer follows the first one (the graph would otherwise answer the first page twice). */
function eventsOf(snapshot: StaffTrailSnapshot): AnyEventObject[] {
  if (snapshot.status === 'done') return [];
  const more = snapshot.matches({ ready: 'loadingMore' });
  return events
    .map((event) => (more && event.type === 'xstate.done.actor.loadTrail' ? { ...event, output: LAST_PAGE } : event))
    .filter((event) => canTake(snapshot, event));
}

function eventKey(event: AnyEventObject): string {
  if (event.type === 'trail.filter') return `${event.type}:${isValidTrailRange(event.filters) ? 'valid' : 'inverted'}`;
  if ('output' in event && event.output && 'entries' in event.output)
    return `${event.type}:${event.output.entries.length}`;
  if ('error' in event && event.error instanceof ApiError) return `${event.type}:${event.error.code}`;
  return event.type;
}

function model() {
  // The graph is walked without a parent: the report to the page is checked on the rendered page instead.
  const walked = staffTrailMachine.provide({ actions: { reportRefusal: () => {} } });
  return new TestModel(walked as unknown as ActorLogic<StaffTrailSnapshot, AnyEventObject, StaffSectionInput>, {
    input: SECTION_INPUT,
    events: eventsOf,
    serializeState: (snapshot, event) => {
      const { context } = snapshot;
      return `${JSON.stringify(snapshot.value)} entries=${context.entries.length} more=${context.nextBefore} failure=${context.failure} filtered=${context.filters.accountId !== null}${event ? ` via ${eventKey(event)}` : ''}`;
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }): Event => {
  const event: unknown = step.event;
  return event as Event;
};

describe('staff trail machine: model paths drive the Trail tab', () => {
  for (const path of model().getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['loadPeople', 'loadTrail', 'exportTrail']);
      const { user, toldPage } = renderStaffSection(controlled.provideTo(staffTrailMachine), (actorRef) => (
        <TrailSection actorRef={actorRef} />
      ));
      await path.test({
        states: {
          loadingPeople: async () => {
            expect(await screen.findByRole('status')).toHaveTextContent('Chargement du journal…');
            expect(controlled.calls.at(-1)).toEqual({ name: 'loadPeople', input: SECTION_INPUT });
          },
          peopleFailed: async () => {
            expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger le journal.');
            expect(screen.queryByRole('group', { name: 'Filtrer' })).toBeNull();
          },
          'ready.loading': async (snapshot) => {
            expect(await screen.findByRole('status')).toHaveTextContent('Chargement du journal…');
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadTrail',
              input: { ...SECTION_INPUT, query: trailPageQuery(snapshot.context.filters, null) },
            });
            // The person filter lists everyone.
            const people = within(screen.getByLabelText('Personne')).getAllByRole('option');
            expect(people.map((option) => option.textContent)).toEqual(['Tout le monde', 'Alice Martin', 'Bruno']);
          },
          'ready.failed': async () => {
            const alert = (await screen.findAllByRole('alert')).find((element) =>
              element.textContent?.includes('Impossible de charger le journal.'),
            ) as HTMLElement;
            expect(alert).toHaveTextContent('Impossible de charger le journal.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
          },
          'ready.shown': async (snapshot) => {
            const { context } = snapshot;
            if (context.entries.length === 0) {
              expect(await screen.findByText('Aucune action ne correspond à ces filtres.')).toBeVisible();
              expect(screen.queryByRole('button', { name: 'Exporter en CSV' })).toBeNull();
            } else {
              const rows = within(await screen.findByRole('table', { name: 'Dernières actions' })).getAllByRole('row');
              expect(rows).toHaveLength(context.entries.length + 1);
              // Who, in which role, when (the hotel's clock: Paris), what, on what.
              expect(rows[1]).toHaveTextContent(
                '24 nov. 2026, 10:30BrunoRéceptionRécompense remiseChambre 101TIL-K7M2QX9P',
              );
              expect(rows[2]).toHaveTextContent(
                '24 nov. 2026, 09:00Alice MartinResponsableRôle changéhousekeeping → frontDeskBruno',
              );
              expect(rows[3]).toHaveTextContent('InconnuConnexion refusée203.0.113.9');
              if (context.entries.length > FIRST_PAGE.entries.length)
                expect(rows[4]).toHaveTextContent('BrunoRéceptionSéjour réinitialiséChambre 204');
              expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeEnabled();
            }
            expect(screen.queryByRole('button', { name: 'Charger plus' }) !== null).toBe(context.nextBefore !== null);
            const failures = {
              moreFailed: 'Impossible de charger la suite. Réessayez.',
              exportFailed: "L'export a échoué. Réessayez.",
              invalidRange: 'Période invalide : la date de fin ne peut pas précéder la date de début.',
            };
            const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent?.replace(/\s/g, ' '));
            expect(alerts).toEqual(context.failure ? [failures[context.failure]] : []);
          },
          'ready.loadingMore': async (snapshot) => {
            expect(screen.getByRole('button', { name: 'Chargement…' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadTrail',
              input: { ...SECTION_INPUT, query: trailPageQuery(snapshot.context.filters, FIRST_PAGE.nextBefore) },
            });
          },
          'ready.exporting': async (snapshot) => {
            expect(screen.getByRole('button', { name: 'Export…' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'exportTrail',
              input: { ...SECTION_INPUT, query: auditQueryOf(snapshot.context.filters) },
            });
          },
          refused: async () => {
            expect(toldPage()).not.toBeNull();
            expect(screen.queryByRole('table')).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.loadPeople': async (step) => {
            await act(async () => controlled.resolve('loadPeople', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadPeople': async (step) => {
            await act(async () => controlled.reject('loadPeople', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.loadTrail': async (step) => {
            await act(async () => controlled.resolve('loadTrail', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadTrail': async (step) => {
            await act(async () => controlled.reject('loadTrail', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.exportTrail': async () => {
            await act(async () => controlled.resolve('exportTrail', undefined));
          },
          'xstate.error.actor.exportTrail': async (step) => {
            await act(async () => controlled.reject('exportTrail', eventOf<{ error: unknown }>(step).error));
          },
          'trail.filter': async (step) => {
            const { filters } = eventOf<{ filters: TrailFilters }>(step);
            await user.selectOptions(
              screen.getByLabelText('Personne'),
              filters.accountId === null ? 'Tout le monde' : 'Bruno',
            );
            await user.selectOptions(
              screen.getByLabelText('Action'),
              filters.kind === null ? 'Toutes les actions' : 'Récompense remise',
            );
            fireEvent.change(screen.getByLabelText('Du'), { target: { value: filters.from } });
            fireEvent.change(screen.getByLabelText('Au'), { target: { value: filters.to } });
            // Each day also written out in the page's language, whatever format the browser draws the input in.
            const written: Record<string, string> = {
              '2026-11-20': '20 novembre 2026',
              '2026-11-24': '24 novembre 2026',
            };
            expect(screen.getByLabelText('Du')).toHaveAccessibleDescription(written[filters.from] ?? '');
            expect(screen.getByLabelText('Au')).toHaveAccessibleDescription(written[filters.to] ?? '');
            await user.click(screen.getByRole('button', { name: 'Afficher' }));
          },
          'trail.loadMore': async () => {
            await user.click(screen.getByRole('button', { name: 'Charger plus' }));
          },
          'trail.export': async () => {
            await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
          },
          'trail.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
        },
      });
    });
  }
});

describe('trail queries', () => {
  it('sends only the filters chosen, pages by `before`, and names the CSV by its days', () => {
    expect(auditQueryOf(NO_TRAIL_FILTERS)).toEqual({});
    expect(trailPageQuery(BRUNOS_REDEMPTIONS, 10)).toEqual({
      from: '2026-11-20',
      to: '2026-11-24',
      accountId: 2,
      kind: 'codeRedeemed',
      before: 10,
      limit: TRAIL_PAGE_SIZE,
    });
    expect(isValidTrailRange(INVERTED)).toBe(false);
    expect(isValidTrailRange({ ...NO_TRAIL_FILTERS, to: '2026-11-20' })).toBe(true);
    expect(isValidTrailRange({ ...NO_TRAIL_FILTERS, from: '2026-02-30' })).toBe(false);
    expect(trailCsvFileName(1, {})).toBe('greenmiles-trail-1.csv');
    expect(trailCsvFileName(1, auditQueryOf(BRUNOS_REDEMPTIONS))).toBe(
      'greenmiles-trail-1-from-2026-11-20-to-2026-11-24.csv',
    );
  });
});

describe('a call refused for who is signed in', () => {
  it.each([
    [failure(401, 'staff_session_invalid'), 'expired'],
    [failure(403, 'staff_role_forbidden'), 'forbidden'],
  ] as const)('%s tells the page %s', async (error, told) => {
    const controlled = controlledActors(['loadPeople', 'loadTrail', 'exportTrail']);
    const { toldPage } = renderStaffSection(controlled.provideTo(staffTrailMachine), (actorRef) => (
      <TrailSection actorRef={actorRef} />
    ));
    await act(async () => controlled.reject('loadPeople', error));
    expect(toldPage()).toBe(told);
  });
});
