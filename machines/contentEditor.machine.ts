import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup, spawnChild } from 'xstate';
import type { ContentDocument, ContentPath, ContentProblem, ContentReply } from '../contract/content-editor.ts';
import { errorCodeOf } from '../contract/errors.ts';
import { contentProblemsOf, withValueAt } from './contentDraft.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The managers' 'Programme' tab (docs/behaviour.md#content-editor): the hotel's content as one draft document.
 *
 * loading (GET …/content) ▶ editing | failed (⇄ 'content.retry'). In `editing`:
 * - 'draft.change' {path, value} changes one field of the draft (undefined removes it) ▶ changed, where the server's
 *   validator checks the draft CHECK_DELAY_MS after the last change (checking, POST …/content/check: its problems shown
 *   by their field); 'draft.discard' ▶ unchanged, the draft back to the saved content;
 * - 'draft.save' ▶ saving (PUT …/content with the version it was opened at) ▶ unchanged with the saved content;
 *   refused for problems (422) ▶ changed with them; for a version another manager saved meanwhile (409) ▶ conflict,
 *   where 'conflict.reload' ▶ loading (the draft's changes dropped, the other save shown: never overwritten);
 *   any other failure ▶ changed, saying the save failed;
 * - 'yaml.import' {text}, from unchanged ▶ importingYaml (PUT …/content.yaml): a whole content file, saved like a
 *   draft; refused ▶ unchanged, its problems listed;
 * - 'content.reload', from unchanged ▶ reloading ▶ unchanged with the content read again: what a section's own call
 *   changed outside the draft (a QR code rotated: machines/qrCodes.machine.ts); a changed draft is never dropped so;
 * - 'yaml.export' downloads the saved content as a content file (the view's `exportYaml`, beside the editing: a
 *   draft keeps its state; `yamlExport` says whether it is on its way or failed);
 * - 'editor.show' {section} changes the part of the content shown.
 * After a save or an import, `lastWrite` says which happened until the draft changes again.
 * A call refused for who is signed in (401, 403) ▶ refused, and the staff page is told (machines/staffRefusal.ts); a
 * section's own call so refused sends 'section.refused' {error} to the same end.
 */

/** The parts of the content the editor shows one at a time, in the order of its menu. */
export const CONTENT_SECTIONS = [
  'settings',
  'languages',
  'actions',
  'rewards',
  'translations',
  'rooms',
  'menu',
  'impact',
] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** How long after the last change the draft is checked: a pause in typing, not every key. */
export const CHECK_DELAY_MS = 600;

/** Why the last save did not happen: the draft has problems, another version was saved, or it failed. */
export type ContentSaveRefusal = 'invalid' | 'conflict' | 'failed';

/** What the last write of the content was, while the draft is still what it wrote. */
export type ContentWrite = 'saved' | 'imported';

export interface SaveContentInput extends StaffSectionInput {
  baseVersion: string;
  document: ContentDocument;
}

export interface CheckContentInput extends StaffSectionInput {
  document: ContentDocument;
}

export interface ImportYamlInput extends StaffSectionInput {
  baseVersion: string;
  text: string;
}

export interface ContentEditorContext extends StaffSectionInput {
  /** The content as the server last said it is (its `version` is what a save names). */
  saved: ContentReply | null;
  /** The content as the manager is changing it. */
  draft: ContentDocument | null;
  /** The validator's problems with the draft, as of its last check or refused save. */
  problems: ContentProblem[];
  refusal: ContentSaveRefusal | null;
  section: ContentSection;
  /** A YAML file on its way (`importingYaml`). */
  yamlText: string | null;
  lastWrite: ContentWrite | null;
  /** The YAML download: on its way, or failed (the editor says so), else null. */
  yamlExport: 'exporting' | 'failed' | null;
}

export type ContentEditorEvent =
  | { type: 'content.retry' }
  | { type: 'editor.show'; section: ContentSection }
  | { type: 'draft.change'; path: ContentPath; value: unknown }
  | { type: 'draft.discard' }
  | { type: 'draft.save' }
  | { type: 'yaml.import'; text: string }
  | { type: 'yaml.export' }
  | { type: 'conflict.reload' }
  | { type: 'content.reload' }
  | { type: 'section.refused'; error: unknown }
  // The download's end (a spawned child: its events are the machine's own).
  | { type: 'xstate.done.actor.exportYaml' }
  | { type: 'xstate.error.actor.exportYaml'; error: unknown };

function savedOf(context: ContentEditorContext): ContentReply {
  if (!context.saved) throw new Error('The editor edits loaded content');
  return context.saved;
}

function draftOf(context: ContentEditorContext): ContentDocument {
  if (!context.draft) throw new Error('The editor edits loaded content');
  return context.draft;
}

const sectionOf = (context: ContentEditorContext): StaffSectionInput => ({
  hId: context.hId,
  token: context.token,
  timeZone: context.timeZone,
});

const isRefusedForWhoIsSignedIn = {
  type: 'isRefusedForWhoIsSignedIn' as const,
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
};
const holdSaved = {
  type: 'holdSaved' as const,
  params: ({ event }: { event: DoneActorEvent<ContentReply> }) => event.output,
};
/** A refused save or import (`back`: where the draft is): its problems (422), another save first (409), a failure. */
const refusedBackTo = (back: 'changed' | 'unchanged') => [
  { guard: isRefusedForWhoIsSignedIn, target: '#contentEditor.refused' },
  {
    guard: { type: 'isConflict' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error },
    target: '#contentEditor.editing.conflict',
  },
  {
    target: `#contentEditor.editing.${back}`,
    actions: { type: 'holdRefusal' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error },
  },
];

/** A change of the draft (not while it is being saved: the save would name a version the draft no longer is). */
const changeDraft = {
  target: '#contentEditor.editing.changed',
  reenter: true,
  actions: {
    type: 'changeDraft' as const,
    params: ({ event }: { event: { path: ContentPath; value: unknown } }) => ({ path: event.path, value: event.value }),
  },
};

export const contentEditorMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as ContentEditorContext,
    events: {} as ContentEditorEvent,
    children: {} as { exportYaml: 'exportYaml' },
  },
  actors: {
    loadContent: viewProvidedActor<ContentReply, StaffSectionInput>('loadContent'),
    checkContent: viewProvidedActor<ContentProblem[], CheckContentInput>('checkContent'),
    saveContent: viewProvidedActor<ContentReply, SaveContentInput>('saveContent'),
    importYaml: viewProvidedActor<ContentReply, ImportYamlInput>('importYaml'),
    /** Fetches the saved content as YAML and hands it to the browser as a file. */
    exportYaml: viewProvidedActor<void, StaffSectionInput>('exportYaml'),
  },
  delays: { checkDelay: CHECK_DELAY_MS },
  actions: {
    holdSaved: assign((_, reply: ContentReply) => ({
      saved: reply,
      draft: reply.document,
      problems: [],
      refusal: null,
      yamlText: null,
      lastWrite: null,
    })),
    holdWrite: assign({ lastWrite: (_, write: ContentWrite) => write }),
    changeDraft: assign({
      draft: ({ context }, change: { path: ContentPath; value: unknown }) =>
        withValueAt(draftOf(context), change.path, change.value),
      refusal: null,
      lastWrite: null,
    }),
    discardDraft: assign({ draft: ({ context }) => savedOf(context).document, problems: [], refusal: null }),
    startExport: spawnChild('exportYaml', { id: 'exportYaml', input: ({ context }) => sectionOf(context) }),
    holdExport: assign({ yamlExport: (_, state: 'exporting' | 'failed' | null) => state }),
    holdProblems: assign({ problems: (_, problems: ContentProblem[]) => problems }),
    holdRefusal: assign((_, error: unknown) => {
      const problems = contentProblemsOf(error);
      return problems.length > 0
        ? { problems, refusal: 'invalid' as const, yamlText: null }
        : { refusal: 'failed' as const, yamlText: null };
    }),
    holdConflict: assign({ refusal: 'conflict' as const, yamlText: null }),
    holdYaml: assign({ yamlText: (_, text: string) => text }),
    show: assign({ section: (_, section: ContentSection) => section }),
    // Entered by the refused call's error event.
    reportRefusal: sendParent(({ event }) => staffRefusalEventOf('error' in event ? event.error : null)),
  },
  guards: {
    isRefusedForWhoIsSignedIn: (_, error: unknown) => isStaffRefusal(error),
    isConflict: (_, error: unknown) => errorCodeOf(error) === 'content_version_conflict',
    isNotExporting: ({ context }) => context.yamlExport !== 'exporting',
  },
}).createMachine({
  id: 'contentEditor',
  context: ({ input }) => ({
    ...input,
    saved: null,
    draft: null,
    problems: [],
    refusal: null,
    section: 'settings',
    yamlText: null,
    lastWrite: null,
    yamlExport: null,
  }),
  on: {
    'editor.show': { actions: { type: 'show', params: ({ event }) => event.section } },
    'section.refused': '.refused',
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadContent',
        src: 'loadContent',
        input: ({ context }) => sectionOf(context),
        onDone: { target: 'editing', actions: holdSaved },
        onError: [{ guard: isRefusedForWhoIsSignedIn, target: 'refused' }, { target: 'failed' }],
      },
    },
    failed: {
      on: { 'content.retry': 'loading' },
    },
    editing: {
      initial: 'unchanged',
      on: {
        'yaml.export': {
          guard: 'isNotExporting',
          actions: [{ type: 'holdExport', params: 'exporting' }, 'startExport'],
        },
        'xstate.done.actor.exportYaml': { actions: { type: 'holdExport', params: null } },
        'xstate.error.actor.exportYaml': [
          { guard: isRefusedForWhoIsSignedIn, target: '#contentEditor.refused' },
          { actions: { type: 'holdExport', params: 'failed' } },
        ],
      },
      states: {
        unchanged: {
          on: {
            'draft.change': changeDraft,
            'yaml.import': {
              target: 'importingYaml',
              actions: { type: 'holdYaml', params: ({ event }) => event.text },
            },
            'content.reload': 'reloading',
          },
        },
        // Still editing meanwhile, so the section that asked stays shown.
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'reloadContent',
            src: 'loadContent',
            input: ({ context }) => sectionOf(context),
            onDone: { target: 'unchanged', actions: holdSaved },
            onError: [
              { guard: isRefusedForWhoIsSignedIn, target: '#contentEditor.refused' },
              { target: '#contentEditor.failed' },
            ],
          },
        },
        changed: {
          initial: 'waiting',
          on: {
            'draft.change': changeDraft,
            'draft.discard': { target: 'unchanged', actions: 'discardDraft' },
            'draft.save': 'saving',
          },
          states: {
            waiting: { after: { checkDelay: 'checking' } },
            checking: {
              invoke: {
                id: 'checkContent',
                src: 'checkContent',
                input: ({ context }) => ({ ...sectionOf(context), document: draftOf(context) }),
                onDone: {
                  target: 'checked',
                  actions: {
                    type: 'holdProblems',
                    params: ({ event }: { event: DoneActorEvent<ContentProblem[]> }) => event.output,
                  },
                },
                onError: [
                  { guard: isRefusedForWhoIsSignedIn, target: '#contentEditor.refused' },
                  { target: 'checked' },
                ],
              },
            },
            checked: {},
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveContent',
            src: 'saveContent',
            input: ({ context }) => ({
              ...sectionOf(context),
              baseVersion: savedOf(context).version,
              document: draftOf(context),
            }),
            onDone: { target: 'unchanged', actions: [holdSaved, { type: 'holdWrite', params: 'saved' }] },
            onError: refusedBackTo('changed'),
          },
        },
        importingYaml: {
          tags: ['busy'],
          invoke: {
            id: 'importYaml',
            src: 'importYaml',
            input: ({ context }) => ({
              ...sectionOf(context),
              baseVersion: savedOf(context).version,
              text: context.yamlText ?? '',
            }),
            onDone: { target: 'unchanged', actions: [holdSaved, { type: 'holdWrite', params: 'imported' }] },
            onError: refusedBackTo('unchanged'),
          },
        },
        conflict: {
          entry: 'holdConflict',
          on: { 'conflict.reload': '#contentEditor.loading' },
        },
      },
    },
    refused: {
      type: 'final',
      entry: 'reportRefusal',
    },
  },
});
