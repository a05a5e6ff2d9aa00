import type { SnapshotFrom } from 'xstate';
import type { ContentPath, ContentProblem } from '../../../../../contract/content-editor.ts';
import { isContentError } from '../../../../../contract/content-rules.ts';
import {
  CONTENT_SECTIONS,
  type ContentEditorEvent,
  type ContentSection,
  type contentEditorMachine,
} from '../../../../../machines/contentEditor.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type ContentEditorSnapshot = SnapshotFrom<typeof contentEditorMachine>;

/**
 * Where the save bar stands, in the order it says so: nothing changed (or just saved, or a file just imported), changes
 * waiting for their check or checked, the draft being saved or a file imported, a save refused for its problems or
 * because another manager saved first, a failed save or import.
 */
export type SaveBarStatus =
  | 'unchanged'
  | 'saved'
  | 'imported'
  | 'changed'
  | 'checking'
  | 'invalid'
  | 'saving'
  | 'importing'
  | 'conflict'
  | 'saveFailed'
  | 'importFailed'
  | 'importInvalid';

/** The part of the content a problem is in, by the first part of its path (the whole file: the settings). */
const SECTION_OF_PART: Record<string, ContentSection> = {
  hotel: 'settings',
  languages: 'languages',
  actions: 'actions',
  rewards: 'rewards',
  rooms: 'rooms',
  unassignedQrIds: 'rooms',
  menu: 'menu',
  impactFactors: 'impact',
};

export function sectionOfPath(path: ContentPath): ContentSection {
  return SECTION_OF_PART[String(path[0])] ?? 'settings';
}

/** Problems with the section each is in, to jump to. */
const placed = (problems: readonly ContentProblem[]) =>
  problems.map((problem) => ({ problem, section: sectionOfPath(problem.path) }));

function statusOf(snapshot: ContentEditorSnapshot): SaveBarStatus {
  const { context } = snapshot;
  if (snapshot.matches({ editing: 'saving' })) return 'saving';
  if (snapshot.matches({ editing: 'importingYaml' })) return 'importing';
  if (snapshot.matches({ editing: 'conflict' })) return 'conflict';
  if (snapshot.matches({ editing: 'unchanged' })) {
    if (context.refusal === 'invalid') return 'importInvalid';
    if (context.refusal === 'failed') return 'importFailed';
    return context.lastWrite ?? 'unchanged';
  }
  if (context.refusal === 'failed') return 'saveFailed';
  if (snapshot.matches({ editing: { changed: 'checking' } })) return 'checking';
  // A save refused for its problems says so until the draft changes; a check's problems once it answered.
  const checked = !snapshot.matches({ editing: { changed: 'waiting' } });
  // Warnings (docs/behaviour.md#claims) never make the draft invalid: it saves with them.
  if (context.problems.some(isContentError) && (checked || context.refusal === 'invalid')) return 'invalid';
  return 'changed';
}

/** The 'Programme' tab's props: which screen, the section shown and its menu, the save bar and the YAML file tools. */
export function connectContentEditor(snapshot: ContentEditorSnapshot, send: (event: ContentEditorEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('refused')
        ? ('refused' as const)
        : ('editing' as const);
  const status = statusOf(snapshot);
  const changed = snapshot.matches({ editing: 'changed' });
  const busy = snapshot.hasTag('busy');
  return {
    root: { 'data-scope': 'content-editor', 'data-state': dataStateOf(snapshot) },
    screen,
    sections: CONTENT_SECTIONS,
    section: context.section,
    saveBar: {
      'data-part': 'save-bar',
      'data-state': status,
      status,
      /** The draft's errors, each with the section it is in (the bar lists them): a save is refused for them. */
      problems: placed(context.problems.filter(isContentError)),
      /** Its warnings (docs/behaviour.md#claims), listed apart: a save goes ahead with them. */
      warnings: placed(context.problems.filter((problem) => !isContentError(problem))),
      canSave: changed,
      canDiscard: changed,
      busy,
    },
    yaml: {
      /** A file replaces the whole content: only over saved content, never over a draft's changes. */
      canImport: snapshot.matches({ editing: 'unchanged' }),
      canExport: screen === 'editing' && context.yamlExport !== 'exporting',
      exporting: context.yamlExport === 'exporting',
      exportFailed: context.yamlExport === 'failed',
    },
    onShow: (section: ContentSection) => send({ type: 'editor.show', section }),
    onSave: () => send({ type: 'draft.save' }),
    onDiscard: () => send({ type: 'draft.discard' }),
    onReload: () => send({ type: 'conflict.reload' }),
    onRetry: () => send({ type: 'content.retry' }),
    onImport: (text: string) => send({ type: 'yaml.import', text }),
    onExport: () => send({ type: 'yaml.export' }),
  } as const;
}

export type ContentEditorProps = ReturnType<typeof connectContentEditor>;
