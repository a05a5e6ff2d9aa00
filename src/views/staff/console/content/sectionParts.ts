import { useSelector } from '@xstate/react';
import type { ContentDocument, ContentPath, ContentProblem } from '../../../../../contract/content-editor.ts';
import { isWithin } from '../../../../../machines/contentDraft.ts';
import type { ContentEditorRef } from './draftField.ts';

/** What the list sections of the content editor (rewards, menu) share: the hotel's languages, problems inside an entry. */

type Language = ContentDocument['languages'][number];

/** The hotel's languages in their order, the primary one first among equals; none before the draft is loaded. */
export function useDraftLanguages(actorRef: ContentEditorRef): Language[] {
  const languages = useSelector(actorRef, (snapshot) => snapshot.context.draft?.languages);
  return (languages ?? []).toSorted((a, b) => a.position - b.position);
}

export function primaryLanguageOf(languages: readonly Language[]): string {
  return (languages.find((language) => language.isPrimary) ?? languages[0])?.code ?? 'fr';
}

/** The validator's problems at `path` and everything inside it (an entry's count of problems, a list's). */
export function useProblemsWithin(actorRef: ContentEditorRef, path: ContentPath): ContentProblem[] {
  return useSelector(
    actorRef,
    (snapshot) => snapshot.context.problems.filter((problem) => isWithin(problem.path, path)),
    (a, b) => a.length === b.length && a.every((problem, index) => problem === b[index]),
  );
}

/** Whether the draft may change now (not while it is being saved). */
export function useDraftBusy(actorRef: ContentEditorRef): boolean {
  return useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
}
