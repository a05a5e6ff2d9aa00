import { act, screen, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom, setup } from 'xstate';
import type {
  ContentDocument,
  ContentHistoryReply,
  ContentReply,
  ContentVersionReply,
  ContentVersionSummary,
} from '../../contract/content-editor.ts';
import {
  type ComparedVersions,
  type ContentRestoredEvent,
  contentHistoryMachine,
  previousVersionOf,
} from '../../machines/contentHistory.machine.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { HistorySection } from '../../src/views/staff/console/content/history/HistorySection.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { renderStaffSection, SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type ContentHistorySnapshot = SnapshotFrom<typeof contentHistoryMachine>;

const summary = (number: number, fields: Partial<ContentVersionSummary>): ContentVersionSummary => ({
  number,
  kind: 'saved',
  savedAt: '2026-11-24T09:30:00.000Z',
  accountId: 1,
  actorName: 'Claire Dubois',
  restoredFrom: null,
  ...fields,
});

/** The newest first: Claire's save is the current content, after her restore of the imported first version. */
const VERSIONS = [
  summary(3, {}),
  summary(2, { kind: 'restored', restoredFrom: 1, savedAt: '2026-11-23T16:05:00.000Z' }),
  summary(1, { kind: 'imported', accountId: null, actorName: null, savedAt: '2026-11-20T07:00:00.000Z' }),
];
const HISTORY: ContentHistoryReply = { version: 'v-3', versions: VERSIONS };
const NO_HISTORY: ContentHistoryReply = { version: 'v-0', versions: [] };

const documentNamed = (name: string): ContentDocument => {
  const document: ContentDocument = {
    hotel: { id: 1, name: 'Les Tilleuls', isDemo: false, timeZone: 'Europe/Paris' },
    languages: [{ code: 'fr', name: 'Français', enabled: true, isPrimary: true, position: 1 }],
    actions: [
      {
        key: 'skip-cleaning',
        type: 'LUNICLEAN',
        scope: 'ROOM',
        period: 'NIGHT',
        reward: 20,
        position: 1,
        texts: { fr: { name, description: 'Un geste pour la planète' } },
      },
    ],
  };
  return document;
};

const version = (number: number, name: string): ContentVersionReply => ({
  summary: VERSIONS.find((listed) => listed.number === number) as ContentVersionSummary,
  document: documentNamed(name),
});
/** What opening each version loads: it and the one before it. */
const COMPARED: Record<number, ComparedVersions> = {
  3: { newer: version(3, 'Sans ménage'), older: version(2, 'Pas de ménage') },
  1: { newer: version(1, 'Pas de ménage'), older: null },
};
const RESTORED: ContentReply = { version: 'v-4', number: 4, document: documentNamed('Pas de ménage') };

const failure = (status: number, code: string) => new ApiError(status, code, code);

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadHistory', output: HISTORY },
  { type: 'xstate.done.actor.loadHistory', output: NO_HISTORY },
  { type: 'xstate.error.actor.loadHistory', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.loadHistory', error: failure(401, 'staff_session_invalid') },
  { type: 'version.open', number: 3 },
  { type: 'version.open', number: 1 },
  { type: 'xstate.done.actor.loadVersions' },
  { type: 'xstate.error.actor.loadVersions', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.loadVersions', error: failure(403, 'staff_role_forbidden') },
  { type: 'version.close' },
  { type: 'version.restore' },
  { type: 'restore.cancel' },
  { type: 'restore.confirm' },
  { type: 'xstate.done.actor.restoreVersion', output: RESTORED },
  { type: 'xstate.error.actor.restoreVersion', error: failure(409, 'content_version_conflict') },
  { type: 'xstate.error.actor.restoreVersion', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.restoreVersion', error: failure(401, 'staff_session_invalid') },
  { type: 'history.retry' },
  { type: 'history.reload' },
];

/** The versions loaded are those of the version opened. */
function eventsOf(snapshot: ContentHistorySnapshot): AnyEventObject[] {
  if (snapshot.status === 'done') return [];
  return events
    .map((event) =>
      event.type === 'xstate.done.actor.loadVersions'
        ? { ...event, output: COMPARED[snapshot.context.opened ?? 0] }
        : event,
    )
    .filter((event) => canTake(snapshot, event));
}

function stepKey(event: AnyEventObject): string {
  if (event.type === 'version.open') return `${event.type}:${event.number}`;
  if (event.type === 'xstate.done.actor.loadHistory') return `${event.type}:${event.output.versions.length}`;
  return eventKey(event);
}

function model() {
  // Walked without a parent: what the page is told is checked on the rendered section and below.
  const walked = contentHistoryMachine.provide({ actions: { reportRefusal: () => {}, announceRestored: () => {} } });
  return new TestModel(walked as unknown as ActorLogic<ContentHistorySnapshot, AnyEventObject, StaffSectionInput>, {
    input: SECTION_INPUT,
    events: eventsOf,
    serializeState: (snapshot, event) => {
      const { context } = snapshot;
      return `${JSON.stringify(snapshot.value)} versions=${context.versions.length} opened=${context.opened} failure=${context.failure}${event ? ` via ${stepKey(event)}` : ''}`;
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }): Event => {
  const event: unknown = step.event;
  return event as Event;
};

const ACTOR_NAMES = ['loadHistory', 'loadVersions', 'restoreVersion'] as const;

describe('content history machine: model paths drive the history section', () => {
  for (const path of model().getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(ACTOR_NAMES);
      const { user, toldPage } = renderStaffSection(controlled.provideTo(contentHistoryMachine), (actorRef) => (
        <HistorySection actorRef={actorRef} />
      ));
      const comparison = () => screen.queryByRole('region', { name: /^Version \d/ });
      await path.test({
        states: {
          loading: async () => {
            expect(await screen.findByRole('status')).toHaveTextContent("Chargement de l'historique…");
            expect(controlled.calls.at(-1)).toEqual({ name: 'loadHistory', input: SECTION_INPUT });
          },
          failed: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent("Impossible de charger l'historique.");
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
          },
          shown: async (snapshot) => {
            const { context } = snapshot;
            if (context.versions.length === 0) {
              expect(await screen.findByText("Aucune version enregistrée pour l'instant.")).toBeVisible();
            } else {
              const rows = within(await screen.findByRole('table', { name: 'Versions enregistrées' })).getAllByRole(
                'row',
              );
              // Number (the current one marked), when at the hotel (Paris), who, how.
              expect(rows.map((row) => row.textContent)).toEqual([
                'VersionQuandQuiComment',
                '3ActuelleComparer24 nov. 2026, 10:30Claire DuboisEnregistrée',
                '2Comparer23 nov. 2026, 17:05Claire DuboisRestaurée depuis la version 1',
                '1Comparer20 nov. 2026, 08:00Commande sur le serveurImportée',
              ]);
              expect(rows[1]).toHaveAttribute('aria-current', 'true');
            }
            expect(comparison()).toBeNull();
            const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
            expect(alerts).toEqual(context.failure ? ["Impossible d'ouvrir cette version. Réessayez."] : []);
          },
          opening: async (snapshot) => {
            const number = snapshot.context.opened ?? 0;
            expect(
              screen.getByRole('button', { name: `Comparer la version ${number} avec la précédente` }),
            ).toHaveTextContent('Ouverture…');
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadVersions',
              input: { ...SECTION_INPUT, number, previous: previousVersionOf(VERSIONS, number) },
            });
          },
          comparing: async (snapshot) => {
            if (snapshot.context.opened === 3) {
              const region = await screen.findByRole('region', { name: 'Version 3 comparée à la version 2' });
              const rows = within(region).getAllByRole('row');
              expect(rows.map((row) => row.textContent)).toEqual([
                'ChampAvant (version 2)Après (version 3)',
                'action « skip-cleaning » › texts › fr › namePas de ménageSans ménage',
              ]);
              // The current content: nothing to restore.
              expect(within(region).queryByRole('button', { name: /^Restaurer/ })).toBeNull();
            } else {
              const region = await screen.findByRole('region', { name: 'Version 1, la première' });
              expect(region).toHaveTextContent("C'est la première version : il n'y a rien avant elle à comparer.");
              expect(within(region).getByRole('button', { name: 'Restaurer la version 1' })).toBeEnabled();
            }
          },
          confirming: async () => {
            const question = screen.getByRole('group', { name: 'Restaurer la version 1' });
            expect(question).toHaveTextContent(
              "Restaurer la version 1 ? Les clients verront aussitôt son contenu. Elle est enregistrée comme une nouvelle version : rien n'est perdu.",
            );
            expect(within(question).getByRole('button', { name: 'Annuler' })).toBeEnabled();
            expect(within(question).queryByRole('alert')).toBeNull();
          },
          restoring: async () => {
            expect(screen.getByRole('button', { name: 'Restauration…' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'restoreVersion',
              input: { ...SECTION_INPUT, number: 1, baseVersion: 'v-3' },
            });
          },
          restored: async () => {
            expect(screen.getByRole('status')).toHaveTextContent(
              "La version 1 est restaurée : c'est maintenant la version 4, que les clients voient déjà.",
            );
            expect(comparison()).toBeNull();
          },
          conflict: async () => {
            expect(screen.getByRole('alert')).toHaveTextContent(
              "Quelqu'un a enregistré le contenu entre-temps : rien n'a été restauré.",
            );
            expect(screen.queryByRole('button', { name: /restaurer/i })).toBeNull();
          },
          restoreFailed: async () => {
            const question = screen.getByRole('group', { name: 'Restaurer la version 1' });
            expect(within(question).getByRole('alert')).toHaveTextContent('La restauration a échoué. Réessayez.');
            expect(within(question).getByRole('button', { name: 'Oui, restaurer' })).toBeEnabled();
          },
          refused: async () => {
            expect(toldPage()).not.toBeNull();
            expect(screen.queryByRole('table')).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.loadHistory': async (step) => {
            await act(async () => controlled.resolve('loadHistory', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadHistory': async (step) => {
            await act(async () => controlled.reject('loadHistory', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.loadVersions': async (step) => {
            await act(async () => controlled.resolve('loadVersions', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadVersions': async (step) => {
            await act(async () => controlled.reject('loadVersions', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.restoreVersion': async (step) => {
            await act(async () => controlled.resolve('restoreVersion', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.restoreVersion': async (step) => {
            await act(async () => controlled.reject('restoreVersion', eventOf<{ error: unknown }>(step).error));
          },
          'version.open': async (step) => {
            const { number } = eventOf<{ number: number }>(step);
            await user.click(screen.getByRole('button', { name: `Comparer la version ${number} avec la précédente` }));
          },
          'version.close': async () => {
            await user.click(screen.getByRole('button', { name: 'Fermer' }));
          },
          'version.restore': async () => {
            await user.click(screen.getByRole('button', { name: 'Restaurer la version 1' }));
          },
          'restore.confirm': async () => {
            await user.click(screen.getByRole('button', { name: 'Oui, restaurer' }));
          },
          'restore.cancel': async () => {
            await user.click(screen.getByRole('button', { name: 'Annuler' }));
          },
          'history.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'history.reload': async () => {
            await user.click(
              screen.getByRole('button', { name: /^(Voir l'historique à jour|Recharger l'historique)$/ }),
            );
          },
        },
      });
    });
  }
});

describe('the content history and its host', () => {
  it('tells the host a restore is saved, with the content as it is now', async () => {
    const controlled = controlledActors(ACTOR_NAMES);
    const told: ContentRestoredEvent[] = [];
    const host = setup({
      types: { events: {} as ContentRestoredEvent },
      actors: { history: controlled.provideTo(contentHistoryMachine) },
    }).createMachine({
      invoke: { id: 'history', src: 'history', input: SECTION_INPUT },
      on: { 'content.restored': { actions: ({ event }) => told.push(event) } },
    });
    const page = createActor(host).start();
    const history = page.getSnapshot().children.history;
    if (!history) throw new Error('The host runs the history');
    await act(async () => controlled.resolve('loadHistory', HISTORY));
    history.send({ type: 'version.open', number: 1 });
    await act(async () => controlled.resolve('loadVersions', COMPARED[1]));
    history.send({ type: 'version.restore' });
    history.send({ type: 'restore.confirm' });
    expect(told).toEqual([]);
    await act(async () => controlled.resolve('restoreVersion', RESTORED));
    expect(told).toEqual([{ type: 'content.restored', content: RESTORED }]);
  });

  it('compares a version with the one saved just before it', () => {
    expect(previousVersionOf(VERSIONS, 3)).toBe(2);
    expect(previousVersionOf(VERSIONS, 1)).toBeNull();
    expect(previousVersionOf([summary(7, {}), summary(4, {})], 7)).toBe(4);
  });
});
