import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { ContentEditor } from '../../src/views/staff/console/content/ContentEditor.tsx';
import { DOCUMENT } from '../app/content-fixtures.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { renderStaffSection, SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type ContentEditorSnapshot = SnapshotFrom<typeof contentEditorMachine>;

const LOADED: ContentReply = { version: 'v1', number: 1, document: DOCUMENT };
/** What another manager saved meanwhile: the reload after a conflict shows it. */
const THEIRS: ContentReply = {
  version: 'v2',
  number: 2,
  document: { ...DOCUMENT, hotel: { ...DOCUMENT.hotel, name: 'Les Tilleuls (leur version)' } },
};
const IMPORTED: ContentReply = {
  version: 'v3',
  number: 3,
  document: { ...DOCUMENT, hotel: { ...DOCUMENT.hotel, name: 'Hôtel importé' } },
};
const NEW_NAME = 'Les Tilleuls rénovés';
const YAML_TEXT = 'hotel:\n  id: 1\n  name: Hôtel importé\n';

const NAME_PROBLEM: ContentProblem = {
  path: ['hotel', 'name'],
  rule: 'tooLong',
  values: { max: '200' },
  message: 'must be at most 200 characters',
};
const invalid = (problems: ContentProblem[]) =>
  new ApiError(422, 'content_invalid', 'The content has problems', { problems });
const failure = (status: number, code: string) => new ApiError(status, code, code);

const waiting = contentEditorMachine.states.editing?.states.changed?.states.waiting;
const CHECK_TIMER = waiting?.after?.[0]?.eventType as string;

const SECTION_HEADINGS = { settings: 'Réglages', languages: 'Langues', actions: 'Actions' } as const;

/** The events each snapshot may take, as far as the view offers a way to them; the server answers what was asked. */
function eventsOf(snapshot: ContentEditorSnapshot): AnyEventObject[] {
  const { context } = snapshot;
  // A path ends once the content was written (saved, imported) or reloaded after a conflict: what follows is the
  // start again.
  if (snapshot.status === 'done' || context.lastWrite !== null || context.saved?.version === THEIRS.version) return [];
  const unchanged = snapshot.matches({ editing: 'unchanged' });
  // The editor as it opened: the parts, the export and the import are followed from there only.
  const pristine = unchanged && context.saved?.version === LOADED.version && context.refusal === null;
  const onSettings = context.section === 'settings';
  const events: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadContent', output: context.refusal === 'conflict' ? THEIRS : LOADED },
    { type: 'xstate.error.actor.loadContent', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.loadContent', error: failure(401, 'staff_session_invalid') },
    { type: 'xstate.error.actor.loadContent', error: failure(403, 'staff_role_forbidden') },
    { type: 'content.retry' },
    { type: CHECK_TIMER },
    { type: 'xstate.done.actor.checkContent', output: [] },
    { type: 'xstate.done.actor.checkContent', output: [NAME_PROBLEM] },
    { type: 'xstate.error.actor.checkContent', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.checkContent', error: failure(401, 'staff_session_invalid') },
    { type: 'draft.discard' },
    { type: 'draft.save' },
    { type: 'xstate.done.actor.saveContent', output: { version: 'v2', number: 2, document: context.draft } },
    { type: 'xstate.error.actor.saveContent', error: invalid([NAME_PROBLEM]) },
    { type: 'xstate.error.actor.saveContent', error: failure(409, 'content_version_conflict') },
    { type: 'xstate.error.actor.saveContent', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.saveContent', error: failure(401, 'staff_session_invalid') },
    { type: 'conflict.reload' },
    { type: 'xstate.done.actor.importYaml', output: IMPORTED },
    { type: 'xstate.error.actor.importYaml', error: invalid([NAME_PROBLEM]) },
    { type: 'xstate.error.actor.importYaml', error: failure(500, 'internal_error') },
    { type: 'xstate.done.actor.exportYaml' },
    { type: 'xstate.error.actor.exportYaml', error: failure(500, 'internal_error') },
  ];
  // The name field is on the settings, and the file tools over every part.
  if (onSettings) events.push({ type: 'draft.change', path: ['hotel', 'name'], value: NEW_NAME });
  if (pristine && onSettings && context.yamlExport === null)
    events.push(
      { type: 'yaml.import', text: YAML_TEXT },
      { type: 'yaml.export' },
      { type: 'editor.show', section: 'languages' },
      { type: 'editor.show', section: 'actions' },
    );
  if (pristine && !onSettings) events.push({ type: 'editor.show', section: 'settings' });
  // The download settles only while it is on its way.
  const exporting = context.yamlExport === 'exporting';
  return events.filter((event) => canTake(snapshot, event) && (exporting || !/exportYaml$/.test(event.type)));
}

function keyOf(event: AnyEventObject): string {
  if (event.type === 'editor.show') return `${event.type}:${event.section}`;
  if (event.type === 'xstate.done.actor.checkContent') return `${event.type}:${(event.output as unknown[]).length}`;
  return eventKey(event);
}

function model() {
  // The graph is walked without a parent: the report to the page is checked on the rendered page instead.
  const walked = contentEditorMachine.provide({ actions: { reportRefusal: () => {} } });
  return new TestModel(walked as unknown as ActorLogic<ContentEditorSnapshot, AnyEventObject, StaffSectionInput>, {
    input: SECTION_INPUT,
    events: eventsOf,
    serializeState: (snapshot, event) => {
      const { context } = snapshot;
      const facts = [
        context.section,
        context.refusal,
        context.problems.length,
        context.lastWrite,
        context.yamlExport,
        context.saved?.version,
      ];
      return `${JSON.stringify(snapshot.value)} ${JSON.stringify(facts)}${event ? ` via ${keyOf(event)}` : ''}`;
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }): Event => {
  const event: unknown = step.event;
  return event as Event;
};
// Parts found by their data-part: role queries over the whole page (its select of every time zone) are slow.
const part = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[data-part="${name}"]`);
  if (!element) throw new Error(`No ${name} on the page`);
  return element;
};
const saveBar = () => part('save-bar');
const status = () => within(saveBar()).getByText((_, element) => element?.getAttribute('data-part') === 'status');
const nameField = () => screen.getByLabelText("Nom de l'hôtel") as HTMLInputElement;

beforeEach(() => {
  // The delayed check is a timeout: faked (promises and user-event keep real time), and made long enough that real
  // time never runs it: each path decides when it runs.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The check's pause in the walked paths: longer than any path takes, so only the model's step ends it. */
const PATH_CHECK_DELAY_MS = 3_600_000;

const CALLS = ['loadContent', 'checkContent', 'saveContent', 'importYaml', 'exportYaml'] as const;

describe('content editor machine: model paths drive the Programme tab', () => {
  const paths = model().getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const state of [
      'loading',
      'failed',
      'refused',
      { editing: 'unchanged' },
      { editing: { changed: 'waiting' } },
      { editing: { changed: 'checking' } },
      { editing: { changed: 'checked' } },
      { editing: 'saving' },
      { editing: 'importingYaml' },
      { editing: 'conflict' },
    ])
      expect(reached).toContain(JSON.stringify(state));
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(CALLS);
      const editor = controlled
        .provideTo(contentEditorMachine)
        .provide({ delays: { checkDelay: PATH_CHECK_DELAY_MS } });
      const { toldPage } = renderStaffSection(editor, (actorRef) => <ContentEditor actorRef={actorRef} />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await path.test({
        states: {
          loading: async () => {
            expect(await screen.findByRole('status')).toHaveTextContent('Chargement du programme…');
            expect(controlled.calls.at(-1)).toEqual({ name: 'loadContent', input: SECTION_INPUT });
          },
          failed: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Impossible de charger le programme.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
          },
          refused: async () => {
            expect(toldPage()).not.toBeNull();
            expect(document.querySelector('[data-part="save-bar"]')).toBeNull();
          },
          editing: async (snapshot) => {
            const { context } = snapshot;
            const section = context.section as keyof typeof SECTION_HEADINGS;
            const region = part('section');
            expect(region).toHaveAccessibleName(SECTION_HEADINGS[section]);
            expect(saveBar()).toHaveAccessibleName('Enregistrement du programme');
            if (section === 'languages')
              expect(
                within(region)
                  .getAllByRole('heading', { level: 4 })
                  .map((heading) => heading.textContent),
              ).toEqual(['Français fr', 'English en', 'العربية ar', 'Ajouter une langue']);
            if (section === 'settings') expect(nameField().value).toBe(context.draft?.hotel.name);
            const changed = snapshot.matches({ editing: 'changed' });
            const conflict = snapshot.matches({ editing: 'conflict' });
            if (!conflict) {
              expect(within(saveBar()).getByRole('button', { name: 'Enregistrer' })).toHaveProperty(
                'disabled',
                !changed,
              );
              expect(within(saveBar()).getByRole('button', { name: 'Annuler les modifications' })).toHaveProperty(
                'disabled',
                !changed,
              );
            }
            // Problems are listed in the bar, and by their field.
            const listed = within(saveBar()).queryAllByRole('button', { name: /Au plus 200 caractères/ });
            expect(listed).toHaveLength(context.problems.length);
            if (section === 'settings') {
              expect(nameField().getAttribute('aria-invalid')).toBe(context.problems.length > 0 ? 'true' : null);
            }
            expect(part('yaml-import')).toHaveProperty('disabled', !snapshot.matches({ editing: 'unchanged' }));
            const exportButton = part('yaml-export');
            expect(exportButton).toHaveTextContent(context.yamlExport === 'exporting' ? 'Export…' : 'Exporter en YAML');
            expect(exportButton).toHaveProperty('disabled', context.yamlExport === 'exporting');
            const exportFailed = screen.queryByText('Le téléchargement du fichier a échoué. Réessayez.');
            expect(exportFailed !== null).toBe(context.yamlExport === 'failed');
          },
          'editing.unchanged': async (snapshot) => {
            const { context } = snapshot;
            const texts = {
              invalid: 'Fichier non importé : 1 problème',
              failed: "L'import du fichier a échoué. Réessayez.",
              saved: 'Modifications enregistrées',
              imported: 'Fichier importé et enregistré',
              none: 'Aucune modification',
            };
            const refusal = context.refusal === 'invalid' || context.refusal === 'failed' ? context.refusal : null;
            expect(status()).toHaveTextContent(texts[refusal ?? context.lastWrite ?? 'none']);
            expect(status()).toHaveAttribute('role', refusal ? 'alert' : 'status');
            // What is shown is what the server last said the content is.
            expect(context.draft).toEqual(context.saved?.document);
          },
          'editing.changed.waiting': async (snapshot) => {
            expect(controlled.isPending('checkContent')).toBe(false);
            expect(status()).toHaveTextContent(
              snapshot.context.refusal === 'failed'
                ? "L'enregistrement a échoué. Réessayez."
                : snapshot.context.refusal === 'invalid'
                  ? '1 problème à corriger'
                  : 'Modifications non enregistrées',
            );
          },
          'editing.changed.checking': async (snapshot) => {
            expect(controlled.calls.at(-1)).toEqual({
              name: 'checkContent',
              input: { ...SECTION_INPUT, document: snapshot.context.draft },
            });
            expect(snapshot.context.draft?.hotel.name).toBe(NEW_NAME);
            // A failed save stays said until the draft changes.
            expect(status()).toHaveTextContent(
              snapshot.context.refusal === 'failed'
                ? "L'enregistrement a échoué. Réessayez."
                : 'Vérification des modifications…',
            );
          },
          'editing.changed.checked': async (snapshot) => {
            const count = snapshot.context.problems.length;
            expect(status()).toHaveTextContent(
              snapshot.context.refusal === 'failed'
                ? "L'enregistrement a échoué. Réessayez."
                : count > 0
                  ? '1 problème à corriger'
                  : 'Modifications non enregistrées',
            );
            if (count > 0 && snapshot.context.section === 'settings')
              expect(nameField()).toHaveAccessibleDescription('Au plus 200 caractères');
          },
          'editing.saving': async (snapshot) => {
            expect(controlled.calls.at(-1)).toEqual({
              name: 'saveContent',
              input: {
                ...SECTION_INPUT,
                baseVersion: snapshot.context.saved?.version,
                document: snapshot.context.draft,
              },
            });
            expect(status()).toHaveTextContent('Enregistrement…');
            expect(nameField()).toBeDisabled();
          },
          'editing.importingYaml': async (snapshot) => {
            expect(controlled.calls.at(-1)).toEqual({
              name: 'importYaml',
              input: { ...SECTION_INPUT, baseVersion: snapshot.context.saved?.version, text: YAML_TEXT },
            });
            expect(status()).toHaveTextContent('Import du fichier…');
          },
          'editing.conflict': async () => {
            const alert = within(saveBar()).getByRole('alert');
            expect(alert).toHaveTextContent(
              'Un autre responsable a enregistré une version entre-temps : vos modifications ne peuvent pas la remplacer.',
            );
            expect(within(saveBar()).getByRole('button', { name: 'Recharger' })).toBeEnabled();
            expect(within(saveBar()).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.loadContent': async (step) => {
            await act(async () => controlled.resolve('loadContent', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadContent': async (step) => {
            await act(async () => controlled.reject('loadContent', eventOf<{ error: unknown }>(step).error));
          },
          'content.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'editor.show': async (step) => {
            const { section } = eventOf<{ section: keyof typeof SECTION_HEADINGS }>(step);
            const menu = part('menu');
            expect(menu).toHaveAccessibleName('Parties du programme');
            // The phone's select and the desktop's list both show a part.
            if (section === 'actions')
              await user.selectOptions(within(menu).getByLabelText('Partie du programme'), 'Actions');
            else await user.click(within(menu).getByRole('button', { name: SECTION_HEADINGS[section] }));
          },
          'draft.change': async () => {
            await user.clear(nameField());
            await user.paste(NEW_NAME);
          },
          [CHECK_TIMER]: async () => {
            await act(async () => vi.advanceTimersByTime(PATH_CHECK_DELAY_MS));
          },
          'xstate.done.actor.checkContent': async (step) => {
            await act(async () => controlled.resolve('checkContent', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.checkContent': async (step) => {
            await act(async () => controlled.reject('checkContent', eventOf<{ error: unknown }>(step).error));
          },
          'draft.discard': async () => {
            await user.click(within(saveBar()).getByRole('button', { name: 'Annuler les modifications' }));
          },
          'draft.save': async () => {
            await user.click(within(saveBar()).getByRole('button', { name: 'Enregistrer' }));
          },
          'xstate.done.actor.saveContent': async (step) => {
            await act(async () => controlled.resolve('saveContent', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.saveContent': async (step) => {
            await act(async () => controlled.reject('saveContent', eventOf<{ error: unknown }>(step).error));
          },
          'conflict.reload': async () => {
            await user.click(within(saveBar()).getByRole('button', { name: 'Recharger' }));
          },
          'yaml.import': async () => {
            const file = new File([YAML_TEXT], 'hotel-1.yaml', { type: 'application/yaml' });
            await user.upload(part('yaml-file') as HTMLInputElement, file);
            await vi.waitFor(() => expect(controlled.isPending('importYaml')).toBe(true));
          },
          'xstate.done.actor.importYaml': async (step) => {
            await act(async () => controlled.resolve('importYaml', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.importYaml': async (step) => {
            await act(async () => controlled.reject('importYaml', eventOf<{ error: unknown }>(step).error));
          },
          'yaml.export': async () => {
            expect(part('yaml-export')).toHaveTextContent('Exporter en YAML');
            await user.click(part('yaml-export'));
            expect(controlled.calls.at(-1)).toEqual({ name: 'exportYaml', input: SECTION_INPUT });
          },
          'xstate.done.actor.exportYaml': async () => {
            await act(async () => controlled.resolve('exportYaml', undefined));
          },
          'xstate.error.actor.exportYaml': async (step) => {
            await act(async () => controlled.reject('exportYaml', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    }, 30_000);
  }
});
