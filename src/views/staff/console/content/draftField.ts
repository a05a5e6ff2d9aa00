import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ContentPath, ContentProblem } from '../../../../../contract/content-editor.ts';
import { problemsAt, valueAt } from '../../../../../machines/contentDraft.ts';
import type { contentEditorMachine } from '../../../../../machines/contentEditor.machine.ts';

export type ContentEditorRef = ActorRefFrom<typeof contentEditorMachine>;

export interface DraftField {
  /** The draft's value at the field's path (undefined: absent). */
  value: unknown;
  /** The validator's problems with this field itself. */
  problems: ContentProblem[];
  /** Whether the draft may change now (not while it is being saved). */
  disabled: boolean;
  /** Sets the field (undefined removes it from the draft). */
  set(value: unknown): void;
}

/** One field of the content editor's draft, bound by its path: what every section's inputs read and change. */
export function useDraftField(actorRef: ContentEditorRef, path: ContentPath): DraftField {
  const value = useSelector(actorRef, (snapshot) => valueAt(snapshot.context.draft, path));
  const problems = useSelector(
    actorRef,
    (snapshot) => problemsAt(snapshot.context.problems, path),
    (a, b) => a.length === b.length && a.every((problem, index) => problem === b[index]),
  );
  const disabled = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  return { value, problems, disabled, set: (next) => actorRef.send({ type: 'draft.change', path, value: next }) };
}
